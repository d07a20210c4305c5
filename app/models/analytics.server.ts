import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '#db/client.ts'

/**
 * The click analytics (docs/decisions/046): clicks to Amazon and product-page views over a range of calendar days
 * in the site's time zone, bots' clicks left out. Clicks are read through clicks_clicked_at_idx (the range's two
 * instants, so the index serves it), views through product_views' key (day first). A product's click-through
 * rate counts the clicks made on its own page against that page's views; its clicks from listings are shown but
 * have no views to be divided by.
 */

export interface DayRange {
  /** First and last calendar day, "YYYY-MM-DD", both included. */
  from: string
  to: string
  timeZone: string
}

/** The clicks of the range that people made, as a subquery: a range scan on clicked_at. */
function humanClicks({ from, to, timeZone }: DayRange): RawBuilder<unknown> {
  return sql`(
    SELECT * FROM clicks
    WHERE clicked_at >= (${from}::date::timestamp AT TIME ZONE ${timeZone})
      AND clicked_at < ((${to}::date + 1)::timestamp AT TIME ZONE ${timeZone})
      AND NOT is_bot)`
}

/** The views of the range, per product: a range scan on product_views' key. */
function viewsPerProduct({ from, to }: DayRange): RawBuilder<unknown> {
  return sql`(
    SELECT product_id, sum(views)::int AS views FROM product_views
    WHERE day BETWEEN ${from}::date AND ${to}::date
    GROUP BY product_id)`
}

/** Clicks, per product, with those made on the product's own page apart (the CTR's numerator). */
function clicksPerProduct(range: DayRange): RawBuilder<unknown> {
  return sql`(
    SELECT product_id,
           count(*)::int AS clicks,
           (count(*) FILTER (WHERE source_path = '/product/' || product_asin))::int AS page_clicks
    FROM ${humanClicks(range)} AS c
    WHERE product_id IS NOT NULL
    GROUP BY product_id)`
}

export interface DayRow {
  day: string
  clicks: number
  views: number
}

/** Every day of the range, days without clicks included. */
export async function clicksByDay(db: Executor, range: DayRange): Promise<DayRow[]> {
  const { rows } = await sql<DayRow>`
    WITH days AS (
      SELECT generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date AS day
    ), clicked AS (
      SELECT (clicked_at AT TIME ZONE ${range.timeZone})::date AS day, count(*)::int AS clicks
      FROM ${humanClicks(range)} AS c
      GROUP BY 1
    ), viewed AS (
      SELECT day, sum(views)::int AS views
      FROM product_views
      WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY day
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           coalesce(clicked.clicks, 0) AS clicks,
           coalesce(viewed.views, 0) AS views
    FROM days
    LEFT JOIN clicked ON clicked.day = days.day
    LEFT JOIN viewed ON viewed.day = days.day
    ORDER BY days.day`.execute(db)
  return rows
}

export interface ProductRow {
  asin: string
  title: string
  clicks: number
  /** Clicks made on the product's own page. */
  page_clicks: number
  views: number
}

/**
 * The most clicked products (then the most viewed): products with views and no click come after every clicked
 * one, so a short list of clicked products is filled with the pages people read and left.
 */
export async function topProducts(db: Executor, range: DayRange, limit: number): Promise<ProductRow[]> {
  const { rows } = await sql<ProductRow>`
    SELECT p.asin, p.title,
           coalesce(c.clicks, 0) AS clicks,
           coalesce(c.page_clicks, 0) AS page_clicks,
           coalesce(v.views, 0) AS views
    FROM ${clicksPerProduct(range)} AS c
    FULL JOIN ${viewsPerProduct(range)} AS v ON v.product_id = c.product_id
    JOIN products p ON p.id = coalesce(c.product_id, v.product_id)
    ORDER BY clicks DESC, views DESC, p.title, p.asin
    LIMIT ${limit}`.execute(db)
  return rows
}

/** The most viewed products nobody clicked through from, in the range: the pages that do not convince. */
export async function viewedNotClicked(db: Executor, range: DayRange, limit: number): Promise<ProductRow[]> {
  const { rows } = await sql<ProductRow>`
    SELECT p.asin, p.title, 0 AS clicks, 0 AS page_clicks, v.views
    FROM ${viewsPerProduct(range)} AS v
    JOIN products p ON p.id = v.product_id
    WHERE NOT EXISTS (
      SELECT 1 FROM clicks
      WHERE clicks.product_id = v.product_id
        AND clicks.clicked_at >= (${range.from}::date::timestamp AT TIME ZONE ${range.timeZone})
        AND clicks.clicked_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.timeZone})
        AND NOT clicks.is_bot)
    ORDER BY v.views DESC, p.title, p.asin
    LIMIT ${limit}`.execute(db)
  return rows
}

export interface CategoryRow {
  /** null: products in no category, or clicks on products deleted since. */
  category: string | null
  clicks: number
  page_clicks: number
  views: number
}

/** Clicks and views by the products' category as it is now. */
export async function clicksByCategory(db: Executor, range: DayRange, limit: number): Promise<CategoryRow[]> {
  const { rows } = await sql<CategoryRow>`
    WITH per_product AS (
      SELECT coalesce(c.product_id, v.product_id) AS product_id,
             coalesce(c.clicks, 0) AS clicks,
             coalesce(c.page_clicks, 0) AS page_clicks,
             coalesce(v.views, 0) AS views
      FROM ${clicksPerProduct(range)} AS c
      FULL JOIN ${viewsPerProduct(range)} AS v ON v.product_id = c.product_id
      UNION ALL
      SELECT NULL, count(*)::int, 0, 0 FROM ${humanClicks(range)} AS gone WHERE product_id IS NULL HAVING count(*) > 0
    )
    SELECT cat.name AS category,
           sum(per_product.clicks)::int AS clicks,
           sum(per_product.page_clicks)::int AS page_clicks,
           sum(per_product.views)::int AS views
    FROM per_product
    LEFT JOIN products p ON p.id = per_product.product_id
    LEFT JOIN categories cat ON cat.id = p.category_id
    GROUP BY cat.name
    ORDER BY clicks DESC, views DESC, cat.name NULLS LAST
    LIMIT ${limit}`.execute(db)
  return rows
}

export interface GroupRow {
  /** null: not known (older clicks, or nothing told us). */
  key: string | null
  clicks: number
}

type ClickColumn = 'store' | 'country' | 'source_path'

/** Clicks grouped by one of their facts, most first. */
export async function clicksBy(db: Executor, column: ClickColumn, range: DayRange, limit: number): Promise<GroupRow[]> {
  const { rows } = await sql<GroupRow>`
    SELECT ${sql.ref(column)} AS key, count(*)::int AS clicks
    FROM ${humanClicks(range)} AS c
    GROUP BY 1
    ORDER BY clicks DESC, key NULLS LAST
    LIMIT ${limit}`.execute(db)
  return rows
}
