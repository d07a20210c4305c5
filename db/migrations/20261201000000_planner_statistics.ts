import { sql, type Kysely } from 'kysely'

/**
 * Statistics the planner lacked for the category page's filters (docs/decisions/057), so its plans do not depend
 * on luck after a bulk import, when no page is all-visible and a wrong row count is all it takes to trade a short
 * index walk for a scan of the whole category and a sort:
 * - The price window, `coalesce(manual_price, price)`: the planner takes no statistics from a partial index (the
 *   price indexes are), so it guessed 0.5% of the rows for any window. A page walked in another index's order
 *   writes it `(coalesce(manual_price, price) + 0)` (app/models/product.server.ts), so that it cannot use the price
 *   index: that expression needs statistics of its own. Both must stay the model's, term for term.
 * - Spec filters within a category: a category's products share their material and thickness, so the
 *   planner's product of independent selectivities was off by up to 5× (and "any thickness?" by far more).
 *   A most-common-values list of the three together knows which combinations exist.
 * ANALYZE fills them now rather than at the next analyze.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE STATISTICS products_price_stats ON (coalesce(manual_price, price)) FROM products`.execute(db)
  await sql`CREATE STATISTICS products_walk_price_stats ON ((coalesce(manual_price, price) + 0)) FROM products`.execute(
    db,
  )
  await sql`
    CREATE STATISTICS products_category_specs_stats (mcv) ON category_id, material, thickness_mil
    FROM products`.execute(db)
  await sql`ANALYZE products`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP STATISTICS products_category_specs_stats`.execute(db)
  await sql`DROP STATISTICS products_walk_price_stats`.execute(db)
  await sql`DROP STATISTICS products_price_stats`.execute(db)
}
