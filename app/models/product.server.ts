import { sql, type OrderByModifiers, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import { approvedReviewSummary } from '#app/models/review.server.ts'
import { PRICE_SLIDER, type CategoryFilters } from '#app/schemas/category-filters.ts'
import { SPEC_COLUMNS } from '#app/schemas/product-specs.ts'
import { NO_SPEC_FILTERS, specFiltersSet, type SpecFilters } from '#app/schemas/spec-filters.ts'
import type { Database, Executor } from '#db/client.ts'
import { plannedPerCall } from '#db/planned-per-call.ts'
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
  'p.kind',
  'p.pack_count',
  'p.capacity',
] as const

type WithProducts = Database & { p: Products }
type CardQuery = SelectQueryBuilder<WithProducts, 'p', object>

/**
 * Products a visitor may see. The condition is written out, not sent as a value: a plan Postgres keeps for a named
 * statement is made for no value in particular, and could then use none of the indexes kept for visible products
 * alone (`WHERE NOT soft_hidden`, docs/decisions/067).
 */
export function visibleProducts(db: Executor): CardQuery {
  return db.selectFrom('products as p').where(sql<boolean>`NOT p.soft_hidden`)
}

export async function listFeaturedProducts(db: Executor, limit = 8) {
  return visibleProducts(db)
    .where(sql<boolean>`p.is_featured`)
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

/** A category's first `limit` visible cards in a sort (a guide's grid): the sort's listing index, read to the limit. */
export function listTopCategoryProducts(
  db: Executor,
  categoryId: number,
  sort: CategoryFilters['sort'],
  limit: number,
) {
  return sortedBy(visibleProducts(db).select(cardColumns).where('p.category_id', '=', categoryId), sort, 'p')
    .limit(limit)
    .execute()
}

export const CATEGORY_PAGE_SIZE = 24

/**
 * A page of a category. Its ids come first, from the listing indexes alone (they carry the columns the filters
 * test: index-only scans), found one of two ways chosen by the kept counts (docs/decisions/031):
 * - walked: in the order of the sort's own index, filters tested entry by entry, stopping after the page;
 *   about (offset + page) × in category ÷ passing entries are read. The only way for the price sorts, whose
 *   index also bounds the price range.
 * - gathered: a newest or top-rated page of a narrow price range, where walking would read most of the
 *   category to find a few matches: every match is gathered from the price index, then sorted.
 * Then only the page's own rows are read.
 */
export async function listCategoryProducts(
  db: Executor,
  categoryId: number,
  filters: CategoryFilters,
  spec: SpecFilters = NO_SPEC_FILTERS,
) {
  if (specFiltersSet(spec)) return listSpecFiltered(db, categoryId, filters, spec)
  const { total, inCategory } = await countCategoryProducts(db, categoryId, filters)
  const offset = (filters.page - 1) * CATEGORY_PAGE_SIZE
  if (offset >= total) return { products: [], total }
  const pageIds = gathers(filters, total, inCategory, offset)
    ? gatheredIds(db, categoryId, filters, offset)
    : walkedIds(db, categoryId, filters, offset)
  return { products: await pageRows(db, pageIds, filters.sort), total }
}

/** The cards of a page's ids, in the page's order. */
function pageRows(
  db: Executor,
  pageIds: ReturnType<typeof walkedIds> | ReturnType<typeof gatheredIds>,
  sort: CategoryFilters['sort'],
) {
  // A price window or rating decides whether a walk or a gather is cheaper: planned per call, never by a plan kept
  // from other values (docs/decisions/067).
  return sortedBy(visibleProducts(db).select(cardColumns).where('p.id', 'in', pageIds), sort, 'p')
    .modifyEnd(plannedPerCall)
    .execute()
}

/**
 * A page of a category narrowed by specs, which the kept counts do not know: counted exactly by a query the spec
 * indexes serve (GIN on fits; category, material and thickness), then found like the others, except that the
 * spec's matches are gathered whenever that reads less than a walk, whatever the sort. Both walk and gather read
 * the spec columns from the page's candidate rows.
 */
async function listSpecFiltered(db: Executor, categoryId: number, filters: CategoryFilters, spec: SpecFilters) {
  const kept = await countCategoryProducts(db, categoryId, filters)
  if (kept.total === 0) return { products: [], total: 0 }
  const { total } = await withSpecFilters(applyFilters(visibleProducts(db), categoryId, filters, effectivePrice), spec)
    .select(sql<number>`count(*)::int`.as('total'))
    .modifyEnd(plannedPerCall)
    .executeTakeFirstOrThrow()
  const offset = (filters.page - 1) * CATEGORY_PAGE_SIZE
  if (offset >= total) return { products: [], total }
  const gather = total < ((offset + CATEGORY_PAGE_SIZE) * kept.inCategory) / total
  const pageIds = gather
    ? gatheredIds(db, categoryId, filters, offset, spec)
    : walkedIds(db, categoryId, filters, offset, spec)
  return { products: await pageRows(db, pageIds, filters.sort), total }
}

/**
 * Gathering costs an index entry per match, walking one per entry read, about the same each: gather while
 * there are fewer matches than a walk would read.
 */
function gathers(filters: CategoryFilters, total: number, inCategory: number, offset: number): boolean {
  if (isPriceSort(filters.sort)) return false
  if (filters.minPrice === 0 && filters.maxPrice === null) return false
  return total < ((offset + CATEGORY_PAGE_SIZE) * inCategory) / total
}

function walkedIds(
  db: Executor,
  categoryId: number,
  filters: CategoryFilters,
  offset: number,
  spec: SpecFilters = NO_SPEC_FILTERS,
) {
  // `+ 0` keeps the planner off the price index when the page is walked in another index's order. Statistics on
  // this very expression (db/migrations/20261201000000_planner_statistics.ts) tell it how many rows the window
  // keeps, so it walks even when no page is all-visible (tests/integration/category-plans.test.ts).
  const price = isPriceSort(filters.sort) ? effectivePrice : sql<string | null>`(${effectivePrice} + 0)`
  const filtered = withSpecFilters(applyFilters(visibleProducts(db), categoryId, filters, price), spec)
  return sortedBy(filtered.select('p.id'), filters.sort, 'p').limit(CATEGORY_PAGE_SIZE).offset(offset)
}

function gatheredIds(
  db: Executor,
  categoryId: number,
  filters: CategoryFilters,
  offset: number,
  spec: SpecFilters = NO_SPEC_FILTERS,
) {
  const filtered = withSpecFilters(applyFilters(visibleProducts(db), categoryId, filters, effectivePrice), spec)
  // Only spec matches are gathered for a price sort, which then needs the price.
  const matches = filtered.select([
    'p.id',
    'p.created_at',
    'p.rating',
    'p.review_count',
    ...(isPriceSort(filters.sort) ? [effectivePrice.as('price')] : []),
  ])
  // Materialized, so the planner gathers by the price range rather than walk the order it is sorted by.
  return sortedBy(
    db
      .with(
        (cte) => cte('matches').materialized(),
        () => matches,
      )
      .selectFrom('matches as m')
      .select('m.id'),
    filters.sort,
    'm',
  )
    .limit(CATEGORY_PAGE_SIZE)
    .offset(offset)
}

function applyFilters(
  query: CardQuery,
  categoryId: number,
  filters: CategoryFilters,
  price: RawBuilder<string | null>,
): CardQuery {
  let filtered = query.where('p.category_id', '=', categoryId)
  if (filters.minPrice > 0) filtered = filtered.where(price, '>=', String(filters.minPrice))
  if (filters.maxPrice !== null) filtered = filtered.where(price, '<=', String(filters.maxPrice))
  if (filters.minRating > 0) filtered = filtered.where('p.rating', '>=', String(filters.minRating))
  return filtered
}

/**
 * The spec filters as conditions on `p`, each one its index can serve: a GIN on fits (any of the eras), a btree
 * on category, material and thickness.
 */
export function specConditions(spec: SpecFilters): Array<RawBuilder<boolean>> {
  const conditions: Array<RawBuilder<boolean>> = []
  if (spec.fits.length) conditions.push(sql<boolean>`p.fits && ${spec.fits}::text[]`)
  if (spec.materials.length) conditions.push(sql<boolean>`p.material = ANY(${spec.materials}::product_material[])`)
  if (spec.minThickness !== null) conditions.push(sql<boolean>`p.thickness_mil >= ${String(spec.minThickness)}`)
  if (spec.maxThickness !== null) conditions.push(sql<boolean>`p.thickness_mil <= ${String(spec.maxThickness)}`)
  return conditions
}

export function withSpecFilters<Output>(
  query: SelectQueryBuilder<WithProducts, 'p', Output>,
  spec: SpecFilters,
): SelectQueryBuilder<WithProducts, 'p', Output> {
  return specConditions(spec).reduce((filtered, condition) => filtered.where(condition), query)
}

const isPriceSort = (sort: CategoryFilters['sort']) => sort === 'price-low' || sort === 'price-high'

type Orderable<Query> = { orderBy(expression: RawBuilder<unknown>, modifiers: OrderByModifiers): Query }

/**
 * The sort's order, ending in the id that breaks ties (every listing index ends in it too). On the gathered
 * matches (`m`) a price sort occurs only for spec matches, which carry their price.
 */
function sortedBy<Query extends Orderable<Query>>(query: Query, sort: CategoryFilters['sort'], table: 'p' | 'm') {
  const column = (name: string) => sql.ref(`${table}.${name}`) as RawBuilder<unknown>
  const price = table === 'p' ? (effectivePrice as RawBuilder<unknown>) : column('price')
  let ordered = query
  if (sort === 'newest') ordered = ordered.orderBy(column('created_at'), 'desc')
  if (sort === 'price-low') ordered = ordered.orderBy(price, (ob) => ob.asc().nullsLast())
  if (sort === 'price-high') ordered = ordered.orderBy(price, (ob) => ob.desc().nullsLast())
  if (sort === 'rating') ordered = ordered.orderBy(column('rating'), 'desc').orderBy(column('review_count'), 'desc')
  return ordered.orderBy(column('id'), 'desc')
}

/**
 * How many visible products of a category pass the filters, and how many it has, summed from the counts the
 * writes keep (docs/decisions/031). Price bounds are whole slider steps, so "price ≤ max" is every lower step
 * plus the prices standing exactly on max's step.
 */
async function countCategoryProducts(db: Executor, categoryId: number, filters: CategoryFilters) {
  const passes: Array<RawBuilder<boolean>> = []
  if (filters.minPrice > 0) passes.push(sql<boolean>`c.price_step >= ${priceStep(filters.minPrice)}`)
  if (filters.maxPrice !== null) {
    const step = priceStep(filters.maxPrice)
    passes.push(sql<boolean>`(c.price_step < ${step} OR (c.price_step = ${step} AND c.on_step))`)
  }
  if (filters.minRating > 0) passes.push(sql<boolean>`c.rating >= ${String(filters.minRating)}`)
  const filter = passes.length ? sql.join(passes, sql` AND `) : sql<boolean>`true`
  return db
    .selectFrom('category_listing_counts as c')
    .where('c.category_id', '=', categoryId)
    .select([
      sql<number>`coalesce(sum(c.products) FILTER (WHERE ${filter}), 0)::int`.as('total'),
      sql<number>`coalesce(sum(c.products), 0)::int`.as('inCategory'),
    ])
    .executeTakeFirstOrThrow()
}

/** The counts table buckets prices by the slider's step; a bound between steps would need another table. */
function priceStep(price: number): number {
  const step = price / PRICE_SLIDER.step
  if (!Number.isInteger(step)) throw new Error(`price bound ${price} is not a multiple of ${PRICE_SLIDER.step}`)
  return step
}

/** A visible product's page: the product, its visible category, and its approved reviews (the newest `reviews`). */
export async function getProductPage(db: Executor, asin: string, reviews: number) {
  const row = await visibleProducts(db)
    .leftJoin('categories as c', (join) => join.onRef('c.id', '=', 'p.category_id').on('c.is_hidden', '=', false))
    .select([
      ...cardColumns,
      'p.brand',
      'p.description',
      'p.images',
      'p.badges',
      ...SPEC_COLUMNS.map((column) => `p.${column}` as const),
      'c.name as category_name',
      'c.slug as category_slug',
    ])
    .select((eb) => approvedReviewSummary(eb, reviews))
    .where('p.asin', '=', asin)
    .executeTakeFirst()
  if (!row) return undefined
  const { review_count_approved: count, review_average: average, latest_reviews: latest, ...product } = row
  return {
    product,
    reviewStats: { count: count ?? 0, average: average === null ? 0 : Number(average) },
    // JSON carries the timestamps as text.
    reviews: latest.map((review) => ({ ...review, created_at: new Date(review.created_at) })),
  }
}

/** The stored affiliate URL of a visible product and the stores known to sell it, for the outbound redirect. */
export async function getOutboundTarget(db: Executor, asin: string) {
  return visibleProducts(db)
    .select(['p.id', 'p.asin', 'p.affiliate_url', 'p.brand', 'p.title', 'p.marketplaces'])
    .where('p.asin', '=', asin)
    .executeTakeFirst()
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
