import { sql } from 'kysely'
import { PRICE_MAX_AGE_MS } from '#app/utils/pricing.ts'
import type { Executor } from '#db/client.ts'

// The dashboard's numbers: the four counters and the published guides are real counts, in one round trip.

export async function getCatalogueCounts(db: Executor) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('products'),
      eb
        .selectFrom('categories')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('categories'),
      eb
        .selectFrom('media')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('media'),
      eb
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('is_featured', '=', true)
        .as('featured'),
      eb
        .selectFrom('documents')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('kind', '=', 'guide')
        .where('status', '=', 'published')
        .as('guides'),
    ])
    .executeTakeFirstOrThrow()
  return {
    products: Number(row.products),
    categories: Number(row.categories),
    media: Number(row.media),
    featured: Number(row.featured),
    guides: Number(row.guides),
  }
}

/**
 * Outbound clicks per day for the last `days` days (today included), in the time zone, zero days included; bots'
 * clicks left out, as in the analytics (docs/decisions/046).
 */
export async function getClicksPerDay(db: Executor, days: number, timeZone: string) {
  const rows = await sql<{ day: string; clicks: number }>`
    WITH days AS (
      SELECT generate_series(
        (now() AT TIME ZONE ${timeZone})::date - (${days - 1})::int,
        (now() AT TIME ZONE ${timeZone})::date,
        interval '1 day'
      )::date AS day
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, count(clicks.id)::int AS clicks
    FROM days
    LEFT JOIN clicks
      ON clicks.clicked_at >= (days.day::timestamp AT TIME ZONE ${timeZone})
     AND clicks.clicked_at < ((days.day + 1)::timestamp AT TIME ZONE ${timeZone})
     AND NOT clicks.is_bot
    GROUP BY days.day
    ORDER BY days.day`.execute(db)
  return rows.rows
}

/**
 * Visible products the storefront shows without a price because their data passed 24 hours: the rule of
 * displayPrice (app/utils/pricing.ts), in SQL. A product that never had a price is not counted: it lost nothing.
 */
export async function countStalePrices(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<boolean>`NOT soft_hidden`)
    .where(sql<boolean>`coalesce(manual_price, price) IS NOT NULL`)
    .where('last_updated', '<=', sql<Date>`now() - make_interval(secs => ${PRICE_MAX_AGE_MS / 1000})`)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
