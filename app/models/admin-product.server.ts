import { sql } from 'kysely'
import { ADMIN_PAGE_SIZE, type ProductColumns, type ProductListFilters } from '#app/schemas/admin-products.ts'
import { SPEC_COLUMNS } from '#app/schemas/product-specs.ts'
import { containsPattern } from '#app/utils/search.ts'
import type { Executor } from '#db/client.ts'
import { plannedPerCall } from '#db/planned-per-call.ts'
import { pageWithTotal } from './paging.server.ts'
import { cardColumns } from './product.server.ts'

// The admin's view of products: every product, hidden ones included.

const sortColumns = {
  updated_at: sql`p.updated_at`,
  title: sql`lower(p.title)`,
  price: sql`coalesce(p.manual_price, p.price)`,
  rating: sql`p.rating`,
} as const

export async function listAdminProducts(db: Executor, filters: ProductListFilters) {
  let query = db.selectFrom('products as p')
  if (filters.q) {
    const pattern = containsPattern(filters.q)
    query = query.where((eb) =>
      eb.or([eb('p.title', 'ilike', pattern), eb('p.asin', 'ilike', pattern), eb('p.brand', 'ilike', pattern)]),
    )
  }
  if (filters.category) query = query.where('p.category_id', '=', filters.category)
  if (filters.visibility !== 'all') query = query.where('p.soft_hidden', '=', filters.visibility === 'hidden')
  if (filters.price !== 'all') query = query.where('p.manual_price', filters.price === 'manual' ? 'is not' : 'is', null)

  return pageWithTotal(
    // A pattern and a category decide the plan (docs/decisions/067).
    query.modifyEnd(plannedPerCall),
    (listed) =>
      listed
        .select([...cardColumns, 'p.is_featured', 'p.soft_hidden', 'p.updated_at', 'p.amazon_error'])
        .orderBy(sql`${sortColumns[filters.sort]} ${sql.raw(filters.dir)} nulls last`)
        .orderBy('p.id', filters.dir),
    { page: filters.page, pageSize: ADMIN_PAGE_SIZE },
  )
}

export function listCategoryOptions(db: Executor) {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute()
}

const SPEC_DECIMALS = ['inner_width', 'inner_height', 'inner_length', 'thickness_mil'] as const
type SpecDecimal = (typeof SPEC_DECIMALS)[number]

/** A spec decimal without the column's trailing zeros ("7.25", not "7.250"), as the form writes it: an unchanged save has no diff. */
const specDecimal = (column: SpecDecimal) => sql<string | null>`trim_scale(${sql.ref(column)})`.as(column)

/** A column to select, spec decimals without their trailing zeros. */
const selected = <Column extends string>(column: Column) =>
  SPEC_DECIMALS.includes(column as SpecDecimal) ? specDecimal(column as SpecDecimal) : column

function selectEditable(db: Executor, id: number) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'asin',
      'title',
      'brand',
      'category_id',
      'description',
      'badges',
      'keywords',
      'affiliate_url',
      'image_url',
      'images',
      'price',
      'manual_price',
      ...SPEC_COLUMNS.map(selected),
      'is_featured',
      'soft_hidden',
      'last_updated',
      'updated_at',
    ])
    .where('id', '=', id)
}

export function getProductForEdit(db: Executor, id: number) {
  return selectEditable(db, id).executeTakeFirst()
}

export type EditableProduct = NonNullable<Awaited<ReturnType<typeof getProductForEdit>>>

/** What the edit panel sets (app/schemas/admin-products.ts), as the columns hold it. */
export type ProductChanges = ProductColumns

/** The product as it is now, locked until the transaction ends, so the diff written is the diff made. */
export function lockProduct(trx: Executor, id: number) {
  return selectEditable(trx, id).forUpdate().executeTakeFirst()
}

export async function updateProduct(
  trx: Executor,
  id: number,
  changes: Partial<ProductChanges & { is_featured: boolean; soft_hidden: boolean }>,
) {
  await trx
    .updateTable('products')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export function categoryExists(db: Executor, id: number) {
  return db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()
}

/** The CSV export's columns (SPEC §7), in order, then the specs (docs/decisions/040). */
export const EXPORT_COLUMNS = [
  'asin',
  'title',
  'brand',
  'category_id',
  'affiliate_url',
  'price',
  'rating',
  'review_count',
  'soft_hidden',
  'last_updated',
  ...SPEC_COLUMNS,
] as const

/** Every product for the CSV export, in id order, read a batch at a time (keyset, no cursor needed). */
export async function* streamProductsForExport(db: Executor, batchSize = 1000) {
  let after = 0
  for (;;) {
    const batch = await db
      .selectFrom('products')
      .select(['id', ...EXPORT_COLUMNS.map(selected)])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute()
    yield* batch
    if (batch.length < batchSize) return
    after = batch.at(-1)!.id
  }
}
