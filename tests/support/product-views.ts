import { isoDate } from '#app/utils/format.ts'
import { onServer } from './postgres.ts'

/** The views product_views holds for an ASIN, today in the site's time zone (REFRESH_TZ's default). */
export function viewsToday(databaseUrl: string, asin: string): Promise<number> {
  return onServer(async (client) => {
    const { rows } = await client.query<{ views: number }>(
      'SELECT views FROM product_views JOIN products ON products.id = product_id WHERE asin = $1 AND day = $2',
      [asin, isoDate(new Date(), 'America/New_York')],
    )
    return rows[0]?.views ?? 0
  }, databaseUrl)
}
