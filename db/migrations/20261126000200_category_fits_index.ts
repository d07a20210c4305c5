import { sql, type Kysely } from 'kysely'

/**
 * The spec filters within a category (issue 14): which eras a category's products fit, found by skipping through
 * this index from one distinct `fits` to the next (a few probes, where reading the category's rows cost ~70 ms at
 * 100k products), and exact counts of any spec, price and rating filter from the index alone (an index-only scan
 * of the category: ~5 ms for 23k products, against ~20 ms through the GIN on fits and the rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX products_category_fits_idx ON products (category_id, fits)
    INCLUDE (material, thickness_mil, manual_price, price, rating) WHERE NOT soft_hidden`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX products_category_fits_idx`.execute(db)
}
