import { sql } from 'kysely'
import type { Era, Kind } from '#app/schemas/product-specs.ts'
import { GROUP_LIMIT, type FitRow, type Slot } from '#app/utils/fit-plan.ts'
import { PRICE_MAX_AGE_MS } from '#app/utils/pricing.ts'
import type { Executor } from '#db/client.ts'

// The fit finder's reads (/fit): visible products that fit the eras chosen. Hidden products never leave this file.

// FitRow's columns.
const columns = sql`p.asin, p.title, p.kind, p.price, p.manual_price, p.last_updated, p.pack_count, p.capacity,
  p.inner_width, p.inner_height, p.inner_length`

/** The kinds each slot of app/utils/fit-plan.ts looks up. */
const SLOT_KINDS: Record<Slot, Kind[]> = {
  bag: ['sleeve', 'bag'],
  set: ['bag-and-board'],
  board: ['board'],
  box: ['box'],
}

/** Prices taken after this moment are current (displayPrice's 24-hour rule). */
const freshSince = (now: Date) => new Date(now.getTime() - PRICE_MAX_AGE_MS)

/**
 * The order of every list, the same as fit-plan's: a current price first (taken after `since`), then the price of one unit (of a box: of one book of its capacity; unknown last), then the id.
 */
const byUnitPrice = (since: Date) => sql`
  (coalesce(p.manual_price, p.price) IS NOT NULL AND p.last_updated > ${since}) DESC,
  coalesce(p.manual_price, p.price) / (p.pack_count * CASE WHEN p.kind = 'box' THEN p.capacity ELSE 1 END)
    ASC NULLS LAST,
  p.id`

/**
 * For every era and slot, its first GROUP_LIMIT + 1 products in the finder's order (one more than a group
 * shows, so a merged group of two slots is still whole), and how many there are. One statement: per era and
 * slot an index scan of the eras (GIN, products_fits_idx) or of the kinds (products_kind_idx), whichever the
 * planner finds narrower.
 */
export async function listFitProducts(db: Executor, eras: Era[], now: Date) {
  if (eras.length === 0) return []
  const order = byUnitPrice(freshSince(now))
  const slots = Object.entries(SLOT_KINDS).map(([slot, kinds]) => sql`(${slot}, ${kinds}::product_kind[])`)
  const { rows } = await sql<FitRow & { era: Era; slot: Slot; total: number }>`
    SELECT e.era, s.slot, x.*
    FROM unnest(${eras}::text[]) WITH ORDINALITY AS e (era, position)
    CROSS JOIN (VALUES ${sql.join(slots)}) AS s (slot, kinds)
    CROSS JOIN LATERAL (
      SELECT ${columns}, count(*) OVER ()::int AS total, row_number() OVER (ORDER BY ${order}) AS rank
      FROM products p
      WHERE NOT p.soft_hidden AND p.fits && ARRAY[e.era] AND p.kind = ANY (s.kinds)
      ORDER BY ${order}
      LIMIT ${GROUP_LIMIT + 1}
    ) x
    ORDER BY e.position, s.slot, x.rank`.execute(db)
  return rows
}

/** The box with a current price that holds the most books per dollar among those that fit every era given. */
export async function cheapestBoxForAll(db: Executor, eras: Era[], now: Date): Promise<FitRow | undefined> {
  if (eras.length === 0) return undefined
  const since = freshSince(now)
  const { rows } = await sql<FitRow>`
    SELECT ${columns}
    FROM products p
    WHERE NOT p.soft_hidden AND p.fits @> ${eras}::text[] AND p.kind = 'box' AND p.capacity IS NOT NULL
      AND coalesce(p.manual_price, p.price) IS NOT NULL
      AND p.last_updated > ${since}
    ORDER BY ${byUnitPrice(since)}
    LIMIT 1`.execute(db)
  return rows[0]
}
