import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// The products side of the Amazon jobs (refresh and import). Only Amazon's own fields are written here:
// title, description, badges, keywords, category, manual_price and the specs belong to the curators, except
// that a product created by an import starts with Amazon's title, brand and features, and a spec Amazon
// states fills one still unknown (docs/decisions/040).

export interface AmazonFields {
  price: string | null
  availability: string | null
  affiliateUrl: string | null
  imageUrl: string | null
  images: string[]
  rating: string | null
  reviewCount: number | null
  /** Amazon's unit count: the pack count, while the product's is unknown. */
  packCount: number | null
}

export interface NewProductFields extends AmazonFields {
  asin: string
  title: string
  brand: string | null
  description: string | null
}

/**
 * One page of products with an ASIN, by id after `afterId` (keyset), so a refresh never holds them all; with
 * the stored API price, read before the refresh overwrites it (a price jump is measured against it).
 */
export function listProductsAfter(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom('products')
    .select(['id', 'asin', 'price'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function countProducts(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Amazon's current data onto one product. A missing image list, rating or review count keeps the old
 * value (review data is often absent); a missing price is stored as none, so an old price never passes
 * for a fresh one. The pack count is filled only while it is unknown: 1, the column's default, is how
 * "not stated" is stored, so a count a curator set (anything but 1) is never overwritten.
 */
export async function applyAmazonFields(db: Executor, asin: string, fields: AmazonFields): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({
      price: fields.price,
      availability: fields.availability,
      affiliate_url: fields.affiliateUrl ?? eb.ref('affiliate_url'),
      image_url: fields.imageUrl ?? eb.ref('image_url'),
      images: fields.images.length ? fields.images : eb.ref('images'),
      rating: fields.rating ?? eb.ref('rating'),
      review_count: fields.reviewCount ?? eb.ref('review_count'),
      pack_count:
        fields.packCount === null
          ? eb.ref('pack_count')
          : eb.case().when('pack_count', '=', 1).then(fields.packCount).else(eb.ref('pack_count')).end(),
      last_updated: sql<Date>`now()`,
      amazon_error: null,
      // Amazon knows the ASIN again: the count of rejections in a row starts over (docs/decisions/047).
      rejected_runs: 0,
      amazon_checked_at: sql<Date>`now()`,
    }))
    .where('asin', '=', asin)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Marks products whose ASIN Amazon rejected: they stay, with their data, and admin shows the reason. Each
 * counts one more run rejected in a row (auto-hide, docs/decisions/047).
 */
export async function flagAmazonErrors(db: Executor, errors: { asin: string; message: string }[]): Promise<void> {
  for (const error of errors) {
    await db
      .updateTable('products')
      .set((eb) => ({
        amazon_error: error.message,
        amazon_checked_at: sql<Date>`now()`,
        rejected_runs: eb('rejected_runs', '+', 1),
      }))
      .where('asin', '=', error.asin)
      .execute()
  }
}

/**
 * What one marketplace said of a page of ASINs (docs/decisions/045): its store code joins the products it sold
 * and leaves those it reported in `errors`; any other product keeps what was known. One statement a store a
 * page, and only rows that change are written.
 */
export async function setMarketplaces(
  db: Executor,
  store: string,
  soldAsins: readonly string[],
  notSoldAsins: readonly string[],
): Promise<void> {
  if (soldAsins.length === 0 && notSoldAsins.length === 0) return
  const sold = sql`${[...soldAsins]}::text[]`
  const notSold = sql`${[...notSoldAsins]}::text[]`
  const listed = sql`${store}::text = ANY(marketplaces)`
  await db
    .updateTable('products')
    .set({
      marketplaces: sql<string[]>`CASE WHEN asin = ANY(${sold})
        THEN array_append(marketplaces, ${store}::text) ELSE array_remove(marketplaces, ${store}::text) END`,
    })
    .where(sql<boolean>`(asin = ANY(${sold}) AND NOT ${listed}) OR (asin = ANY(${notSold}) AND ${listed})`)
    .execute()
}

/**
 * Creates a product from Amazon's data, hidden until a curator has looked at it, or, when the ASIN is
 * already in the catalogue, updates only Amazon's fields. Answers which it was.
 */
export async function upsertImportedProduct(db: Executor, fields: NewProductFields): Promise<'created' | 'updated'> {
  if (await applyAmazonFields(db, fields.asin, fields)) return 'updated'
  const inserted = await db
    .insertInto('products')
    .values({
      asin: fields.asin,
      title: fields.title,
      brand: fields.brand,
      description: fields.description,
      price: fields.price,
      availability: fields.availability,
      affiliate_url: fields.affiliateUrl,
      image_url: fields.imageUrl,
      images: fields.images,
      rating: fields.rating ?? '0',
      review_count: fields.reviewCount ?? 0,
      pack_count: fields.packCount ?? 1,
      soft_hidden: true,
      last_updated: sql<Date>`now()`,
      amazon_checked_at: sql<Date>`now()`,
    })
    // Another import of the same ASIN may have won the race: then this one is an update after all.
    .onConflict((oc) => oc.column('asin').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return 'created'
  await applyAmazonFields(db, fields.asin, fields)
  return 'updated'
}

/** The products of these ASINs as the refresh's link-health check needs them (after flagAmazonErrors). */
export function listRejectedProducts(db: Executor, asins: readonly string[]) {
  if (asins.length === 0) return Promise.resolve([])
  return db
    .selectFrom('products')
    .select(['id', 'asin', 'rejected_runs', 'soft_hidden', 'category_id'])
    .where('asin', 'in', asins)
    .execute()
}

export async function findProductIdByAsin(db: Executor, asin: string) {
  const row = await db.selectFrom('products').select('id').where('asin', '=', asin).executeTakeFirst()
  return row?.id
}

/**
 * A product's ASIN replaced in place (docs/decisions/047): what Amazon said of the old one goes — its price and
 * freshness (so no stale price shows), availability, error and rejected runs — and its affiliate link points
 * at the new one until an import brings Amazon's own.
 */
export async function replaceAsin(db: Executor, id: number, asin: string, affiliateUrl: string) {
  await db
    .updateTable('products')
    .set({
      asin,
      affiliate_url: affiliateUrl,
      price: null,
      last_updated: null,
      availability: null,
      amazon_error: null,
      rejected_runs: 0,
      // What other stores sell was learned of the old ASIN (docs/decisions/045): the next refresh asks again.
      marketplaces: [],
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute()
}
