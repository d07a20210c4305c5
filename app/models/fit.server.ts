import { sql } from 'kysely'
import type { Era, Kind } from '#app/schemas/product-specs.ts'
import { GROUP_LIMIT, type FitRow, type Slot } from '#app/utils/fit-plan.ts'
import { PRICE_MAX_AGE_MS } from '#app/utils/pricing.ts'
import type { Executor } from '#db/client.ts'

// The fit finder's reads (/fit): visible products that fit the eras chosen. Hidden products never leave this file.

// FitRow's columns.
const columns = sql`p.asin, p.title, p.kind, p.price, p.manual_price, p.last_updated, p.pack_count, p.capacity,
  p.inner_width, p.inner_height, p.inner_length`

/** The slot of app/utils/fit-plan.ts each kind fills. */
const KIND_SLOTS: Partial<Record<Kind, Slot>> = {
  sleeve: 'bag',
  bag: 'bag',
  'bag-and-board': 'set',
  board: 'board',
  box: 'box',
}

/**
 * The price of one unit (of a box: of one book of its capacity), written exactly as products_kind_unit_price_idx
 * indexes it, so that a list in this order is a walk of that index.
 */
const unitPriceExpression = sql`coalesce(p.manual_price, p.price) / (p.pack_count * CASE WHEN p.kind = 'box' THEN p.capacity ELSE 1 END)`

/** Priced, and the price taken after `since` (displayPrice's 24-hour rule). */
const currentlyPriced = (since: Date) =>
  sql`(coalesce(p.last_updated > ${since}, false) AND ${unitPriceExpression} IS NOT NULL)`

/** Prices taken after this moment are current. */
const freshSince = (now: Date) => new Date(now.getTime() - PRICE_MAX_AGE_MS)

/**
 * For every era and kind, its first GROUP_LIMIT + 1 products in the finder's order: current prices first,
 * cheapest per unit first, then the rest (stale or unpriced) — one more than a group shows, so the page knows
 * there are more. One statement of a short list per era and kind, each with its era and kind as values, so the
 * planner sees how common the era is: usually a walk of products_kind_unit_price_idx that tests the eras from
 * the index alone and stops at the limit, the stale products walked for only when the current ones do not fill
 * it. Then only the chosen rows are read. In no order: fitAnswer orders each slot (a slot may hold two kinds).
 */
export async function listFitProducts(db: Executor, eras: Era[], now: Date) {
  if (eras.length === 0) return []
  const since = freshSince(now)
  const limit = GROUP_LIMIT + 1
  const list = (era: Era, kind: Kind) => {
    const matches = sql`NOT p.soft_hidden AND p.kind = ${kind} AND p.fits && ARRAY[${era}::text]`
    return sql`(SELECT ${era}::text AS era, x.id FROM (
      (SELECT p.id FROM products p WHERE ${matches} AND ${currentlyPriced(since)}
        ORDER BY ${unitPriceExpression}, p.id LIMIT ${limit})
      UNION ALL
      (SELECT p.id FROM products p WHERE ${matches} AND NOT ${currentlyPriced(since)}
        ORDER BY ${unitPriceExpression}, p.id LIMIT ${limit})
      LIMIT ${limit}) x)`
  }
  const lists = eras.flatMap((era) => (Object.keys(KIND_SLOTS) as Kind[]).map((kind) => list(era, kind)))
  const { rows } = await sql<FitRow & { era: Era }>`
    SELECT chosen.era, ${columns}
    FROM (${sql.join(lists, sql` UNION ALL `)}) chosen
    JOIN products p ON p.id = chosen.id`.execute(db)
  // How many each slot found (at most GROUP_LIMIT + 1 per kind): more than a group shows means "there are more".
  const found = new Map<string, number>()
  const slotted = rows.map((row) => ({ ...row, slot: KIND_SLOTS[row.kind]! }))
  for (const row of slotted) found.set(`${row.era}/${row.slot}`, (found.get(`${row.era}/${row.slot}`) ?? 0) + 1)
  return slotted.map((row) => ({ ...row, total: found.get(`${row.era}/${row.slot}`)! }))
}

/** The box with a current price that holds the most books per dollar among those that fit every era given. */
export async function cheapestBoxForAll(db: Executor, eras: Era[], now: Date): Promise<FitRow | undefined> {
  if (eras.length === 0) return undefined
  const { rows } = await sql<FitRow>`
    SELECT ${columns}
    FROM products p
    WHERE p.id = (
      SELECT p.id FROM products p
      WHERE NOT p.soft_hidden AND p.kind = 'box' AND p.fits @> ${eras}::text[] AND ${currentlyPriced(freshSince(now))}
      ORDER BY ${unitPriceExpression}, p.id
      LIMIT 1
    )`.execute(db)
  return rows[0]
}
