import { sql, type SelectQueryBuilder } from 'kysely'
import { PRICE_SLIDER, type CategoryFilters } from '#app/schemas/category-filters.ts'
import type { Database, Executor } from '#db/client.ts'
import type { Products } from '#db/types.ts'

// Public reads of the catalogue. Hidden products never leave this file; every listing selects only what a card shows.

const effectivePrice = sql<string | null>`coalesce(p.manual_price, p.price)`

export const cardColumns = [
  'p.id',
  'p.asin',
  'p.title',
  'p.image_url',
  'p.price',
  'p.manual_price',
  'p.rating',
  'p.review_count',
  'p.last_updated',
] as const

type WithProducts = Database & { p: Products }
type CardQuery = SelectQueryBuilder<WithProducts, 'p', object>

export function visibleProducts(db: Executor): CardQuery {
  return db.selectFrom('products as p').where('p.soft_hidden', '=', false)
}

export async function listFeaturedProducts(db: Executor, limit = 8) {
  return visibleProducts(db)
    .where('p.is_featured', '=', true)
    .select(cardColumns)
    .orderBy('p.last_updated', (ob) => ob.desc().nullsLast())
    .limit(limit)
    .execute()
}

/** Visible products added since `since`, newest first: the digest's "new this week". */
export async function listNewProducts(db: Executor, since: Date, limit: number) {
  return visibleProducts(db)
    .where('p.created_at', '>=', since)
    .select(cardColumns)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute()
}

/** When the catalogue's prices were last refreshed: the newest last_updated of a visible product. */
export async function getNewestPriceUpdate(db: Executor): Promise<Date | null> {
  const row = await visibleProducts(db)
    .select('p.last_updated')
    .where('p.last_updated', 'is not', null)
    .orderBy('p.last_updated', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.last_updated ?? null
}

export const CATEGORY_PAGE_SIZE = 24

function applyFilters(query: CardQuery, categoryId: number, filters: CategoryFilters): CardQuery {
  let filtered = query.where('p.category_id', '=', categoryId)
  if (filters.minPrice > 0) filtered = filtered.where(effectivePrice, '>=', String(filters.minPrice))
  if (filters.maxPrice !== null) filtered = filtered.where(effectivePrice, '<=', String(filters.maxPrice))
  if (filters.minRating > 0) filtered = filtered.where('p.rating', '>=', String(filters.minRating))
  return filtered
}

/** A page of a category, in the order of one of the category indexes, so it reads its rows and stops. */
export async function listCategoryProducts(db: Executor, categoryId: number, filters: CategoryFilters) {
  let listing = applyFilters(visibleProducts(db), categoryId, filters).select(cardColumns)
  if (filters.sort === 'newest') listing = listing.orderBy('p.created_at', 'desc')
  if (filters.sort === 'price-low') listing = listing.orderBy(effectivePrice, (ob) => ob.asc().nullsLast())
  if (filters.sort === 'price-high') listing = listing.orderBy(effectivePrice, (ob) => ob.desc().nullsLast())
  if (filters.sort === 'rating') listing = listing.orderBy('p.rating', 'desc').orderBy('p.review_count', 'desc')
  const [products, total] = await Promise.all([
    listing
      .orderBy('p.id', 'desc') // a stable order across pages when sort keys tie
      .limit(CATEGORY_PAGE_SIZE)
      .offset((filters.page - 1) * CATEGORY_PAGE_SIZE)
      .execute(),
    countCategoryProducts(db, categoryId, filters),
  ])
  return { products, total }
}

/**
 * How many visible products of a category pass the filters, summed from the counts the writes keep
 * (docs/decisions/031). Price bounds are whole slider steps, so "price ≤ max" is every lower step plus the
 * prices standing exactly on max's step.
 */
async function countCategoryProducts(db: Executor, categoryId: number, filters: CategoryFilters): Promise<number> {
  let counts = db.selectFrom('category_listing_counts as c').where('c.category_id', '=', categoryId)
  if (filters.minPrice > 0) counts = counts.where('c.price_step', '>=', priceStep(filters.minPrice))
  if (filters.maxPrice !== null) {
    const step = priceStep(filters.maxPrice)
    counts = counts.where((eb) =>
      eb.or([eb('c.price_step', '<', step), eb.and([eb('c.price_step', '=', step), eb('c.on_step', '=', true)])]),
    )
  }
  if (filters.minRating > 0) counts = counts.where('c.rating', '>=', String(filters.minRating))
  const { total } = await counts
    .select(sql<number>`coalesce(sum(c.products), 0)::int`.as('total'))
    .executeTakeFirstOrThrow()
  return total
}

/** The counts table buckets prices by the slider's step; a bound between steps would need another table. */
function priceStep(price: number): number {
  const step = price / PRICE_SLIDER.step
  if (!Number.isInteger(step)) throw new Error(`price bound ${price} is not a multiple of ${PRICE_SLIDER.step}`)
  return step
}

export async function getVisibleProduct(db: Executor, asin: string) {
  return visibleProducts(db)
    .leftJoin('categories as c', (join) => join.onRef('c.id', '=', 'p.category_id').on('c.is_hidden', '=', false))
    .select([
      ...cardColumns,
      'p.brand',
      'p.description',
      'p.images',
      'p.badges',
      'c.name as category_name',
      'c.slug as category_slug',
    ])
    .where('p.asin', '=', asin)
    .executeTakeFirst()
}

/** The stored affiliate URL of a visible product, for the outbound redirect. */
export async function getOutboundTarget(db: Executor, asin: string) {
  return visibleProducts(db).select(['p.asin', 'p.affiliate_url']).where('p.asin', '=', asin).executeTakeFirst()
}

export type ProductCardData = Awaited<ReturnType<typeof listFeaturedProducts>>[number]

/** Just enough of a visible product to head its reviews page. */
export async function getVisibleProductSummary(db: Executor, asin: string) {
  return visibleProducts(db)
    .select(['p.id', 'p.asin', 'p.title', 'p.image_url'])
    .where('p.asin', '=', asin)
    .executeTakeFirst()
}

/** Visible products for the sitemap, a page at a time (a sitemap file holds at most 50,000 URLs). */
export async function listProductsForSitemap(db: Executor, page: number, pageSize: number) {
  return visibleProducts(db)
    .select(['p.asin', 'p.updated_at'])
    .orderBy('p.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
}

export async function countVisibleProducts(db: Executor): Promise<number> {
  const { count } = await visibleProducts(db)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow()
  return count
}
