import { sql } from 'kysely'
import type { DayRange } from '#app/models/analytics.server.ts'
import type { TopEarner } from '#app/utils/earnings.ts'
import type { Executor } from '#db/client.ts'

/**
 * What earns (issue 50, docs/decisions/081): over a range of days, the clicks people made and what Amazon's
 * imported reports say was ordered, shipped and earned, by placement, by guide, by product and by day.
 *
 * Attribution:
 * - a report's row reaches a placement and a guide through its tracking ID (tracking_ids); the store's own tag, a
 *   tag listed but not assigned, or one that is not ours is the default tag ("default-tag"); a guides' tag with
 *   no guide is every guide's ("all-guides");
 * - it reaches a product through its ASIN; an ASIN we do not carry is "other items" (product null), still counted;
 * - a click reaches its placement through clicks.placement ("not-recorded" before clicks recorded one), a guide
 *   through a guide placement and the guide's address as its source page ("unknown" without one), a product
 *   through product_id (null: deleted since, counted with the other items).
 *
 * Each table is read once, and its rows grouped four ways in one pass (GROUPING SETS): one statement, one round
 * trip. Report days are Amazon's calendar days; a
 * click's day is its day in the site's time zone.
 */

export type EarningsDimension = 'day' | 'placement' | 'guide' | 'product'

export interface EarningsFacts {
  dimension: EarningsDimension
  /** The day, placement or guide key (a guide's id, or "all-guides" / "unknown"); null for products. */
  key: string | null
  /** The product's (null: other items) or the guide's title. */
  title: string | null
  product_id: number | null
  asin: string | null
  clicks: number
  ordered: number
  shipped: number
  revenue_cents: number
  earnings_cents: number
}

/**
 * Every group of the range, with products and guides each cut to the `limit` that earned most (then were
 * clicked most); the other items are always there.
 */
export async function earningsFacts(db: Executor, range: DayRange, limit: number): Promise<EarningsFacts[]> {
  const { from, to, timeZone } = range
  const { rows } = await sql<EarningsFacts>`
    WITH facts AS (
      SELECT (c.clicked_at AT TIME ZONE ${timeZone})::date AS day,
             coalesce(c.placement, 'not-recorded') AS placement,
             CASE WHEN c.placement = 'guide' THEN coalesce(g.id::text, 'unknown') END AS guide,
             c.product_id AS product,
             1 AS clicks, 0 AS ordered, 0 AS shipped, 0 AS revenue, 0 AS earnings
      FROM clicks c
      LEFT JOIN documents g ON c.placement = 'guide' AND g.kind = 'guide' AND c.source_path = '/guides/' || g.slug
      WHERE c.clicked_at >= (${from}::date::timestamp AT TIME ZONE ${timeZone})
        AND c.clicked_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone})
        AND NOT c.is_bot
      UNION ALL
      SELECT o.ordered_on, coalesce(t.placement, 'default-tag'),
             CASE WHEN t.placement = 'guide' THEN coalesce(t.guide_id::text, 'all-guides') END,
             p.id, 0, o.quantity, 0, 0, 0
      FROM associates_orders o
      LEFT JOIN tracking_ids t ON lower(t.tag) = lower(o.tracking_id)
      LEFT JOIN products p ON p.asin = o.asin
      WHERE o.ordered_on BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT e.shipped_on, coalesce(t.placement, 'default-tag'),
             CASE WHEN t.placement = 'guide' THEN coalesce(t.guide_id::text, 'all-guides') END,
             p.id, 0, 0, e.items_shipped - e.returns, e.revenue_cents, e.earnings_cents
      FROM associates_earnings e
      LEFT JOIN tracking_ids t ON lower(t.tag) = lower(e.tracking_id)
      LEFT JOIN products p ON p.asin = e.asin
      WHERE e.shipped_on BETWEEN ${from}::date AND ${to}::date
    ), grouped AS (
      SELECT CASE
               WHEN grouping(day) = 0 THEN 'day'
               WHEN grouping(placement) = 0 THEN 'placement'
               WHEN grouping(guide) = 0 THEN 'guide'
               ELSE 'product'
             END AS dimension,
             coalesce(to_char(day, 'YYYY-MM-DD'), placement, guide) AS key,
             product,
             sum(clicks)::int AS clicks, sum(ordered)::int AS ordered, sum(shipped)::int AS shipped,
             sum(revenue) AS revenue_cents, sum(earnings) AS earnings_cents
      FROM facts
      GROUP BY GROUPING SETS ((day), (placement), (guide), (product))
    ), ranked AS (
      SELECT *, row_number() OVER (
               PARTITION BY dimension
               ORDER BY earnings_cents DESC, clicks DESC, key, product) AS rank
      FROM grouped
      -- A guide grouping's null is every click and row that is not a guide's; a product's is the other items.
      WHERE NOT (dimension = 'guide' AND key IS NULL) AND NOT (dimension = 'product' AND product IS NULL)
      UNION ALL
      SELECT *, NULL FROM grouped WHERE dimension = 'product' AND product IS NULL
    )
    SELECT r.dimension, r.key, coalesce(p.title, g.title) AS title, r.product AS product_id, p.asin,
           r.clicks, r.ordered, r.shipped, r.revenue_cents::float8 AS revenue_cents,
           r.earnings_cents::float8 AS earnings_cents
    FROM ranked r
    LEFT JOIN products p ON p.id = r.product
    LEFT JOIN documents g ON r.dimension = 'guide' AND g.id::text = r.key
    WHERE r.dimension IN ('day', 'placement') OR r.rank IS NULL OR r.rank <= ${limit}
    ORDER BY r.dimension, r.rank NULLS LAST, r.key`.execute(db)
  return rows
}

/**
 * The guides and the products that earned most in the `days` days to today (in the time zone), by the earnings
 * report: guides through their own tracking ID (a tag shared by every guide names none), products by ASIN.
 */
export async function topEarners(db: Executor, days: number, timeZone: string, limit: number) {
  const since = sql`(now() AT TIME ZONE ${timeZone})::date - ${days - 1}::int`
  const [guides, products] = await Promise.all([
    sql<TopEarner>`
      SELECT g.id, g.title, sum(e.earnings_cents)::float8 AS earnings_cents
      FROM associates_earnings e
      JOIN tracking_ids t ON lower(t.tag) = lower(e.tracking_id)
      JOIN documents g ON g.id = t.guide_id
      WHERE e.shipped_on >= ${since}
      GROUP BY g.id
      HAVING sum(e.earnings_cents) > 0
      ORDER BY earnings_cents DESC, g.title
      LIMIT ${limit}`.execute(db),
    sql<TopEarner>`
      SELECT p.id, p.title, sum(e.earnings_cents)::float8 AS earnings_cents
      FROM associates_earnings e
      JOIN products p ON p.asin = e.asin
      WHERE e.shipped_on >= ${since}
      GROUP BY p.id
      HAVING sum(e.earnings_cents) > 0
      ORDER BY earnings_cents DESC, p.title
      LIMIT ${limit}`.execute(db),
  ])
  return { guides: guides.rows, products: products.rows }
}
