import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

export interface ViewCount {
  /** The calendar day in the site's time zone, "2026-11-25". */
  day: string
  asin: string
  views: number
}

/**
 * Adds counted product-page views to `product_views` in one statement, whatever the number of rows
 * (docs/decisions/046): each process adds its own counts, so several web processes sum up. An ASIN no product has
 * (deleted since) is dropped by the join. `counts` holds each day and ASIN once (ON CONFLICT touches a row once).
 */
export async function addProductViews(db: Executor, counts: readonly ViewCount[]): Promise<void> {
  if (counts.length === 0) return
  await sql`
    INSERT INTO product_views (day, product_id, views)
    SELECT counted.day, products.id, counted.views
    FROM unnest(${counts.map((c) => c.day)}::date[], ${counts.map((c) => c.asin)}::text[], ${counts.map((c) => c.views)}::int[])
      AS counted (day, asin, views)
    JOIN products ON products.asin = counted.asin
    ON CONFLICT (day, product_id) DO UPDATE SET views = product_views.views + excluded.views`.execute(db)
}
