import { sql } from 'kysely'
import type { ComparisonColumn } from '#app/schemas/comparison.ts'
import { SPEC_COLUMNS, type Kind, type Material } from '#app/schemas/product-specs.ts'
import { isUniqueViolation } from '#app/utils/unique-violation.ts'
import type { Executor } from '#db/client.ts'
import { cardColumns, visibleProducts } from './product.server.ts'

// Comparison tables (docs/decisions/042): the owners' named tables of products, and the rows the public tables show.

/** What a row of a comparison shows: the card's columns and every spec. */
export const rowColumns = [...cardColumns, ...SPEC_COLUMNS.map((column) => `p.${column}` as const)] as const

export interface ComparisonFields {
  name: string
  description: string | null
  columns: ComparisonColumn[]
}

// The admin's tables.

const adminTables = (db: Executor) =>
  db
    .selectFrom('comparison_tables as t')
    .select(['t.id', 't.name', 't.slug', 't.description', 't.columns'])
    .select((eb) =>
      eb
        .selectFrom('comparison_table_products as tp')
        .whereRef('tp.table_id', '=', 't.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('product_count'),
    )
    .$narrowType<{ product_count: number; columns: ComparisonColumn[] }>()

export function listAdminComparisons(db: Executor) {
  return adminTables(db).orderBy('t.name').orderBy('t.id').execute()
}

/** One table with its products' ASINs in order; `lock` holds its row until the transaction ends. */
export async function getAdminComparison(db: Executor, id: number, { lock = false } = {}) {
  let query = adminTables(db).where('t.id', '=', id)
  if (lock) query = query.forUpdate('t')
  const table = await query.executeTakeFirst()
  if (!table) return undefined
  const products = await db
    .selectFrom('comparison_table_products as tp')
    .innerJoin('products as p', 'p.id', 'tp.product_id')
    .select('p.asin')
    .where('tp.table_id', '=', id)
    .orderBy('tp.position')
    .execute()
  return { ...table, asins: products.map((product) => product.asin) }
}

export async function comparisonSlugExists(db: Executor, slug: string): Promise<boolean> {
  const row = await db.selectFrom('comparison_tables').select('id').where('slug', '=', slug).executeTakeFirst()
  return row !== undefined
}

/** The ids of the products with these ASINs (hidden ones too: a curator may list one before showing it). */
export function productIdsByAsin(db: Executor, asins: readonly string[]) {
  if (asins.length === 0) return Promise.resolve([])
  return db.selectFrom('products').select(['id', 'asin']).where('asin', 'in', asins).execute()
}

export function insertComparison(db: Executor, fields: ComparisonFields & { slug: string }) {
  return db.insertInto('comparison_tables').values(fields).returning(['id', 'slug']).executeTakeFirstOrThrow()
}

export async function updateComparison(db: Executor, id: number, fields: ComparisonFields) {
  await db
    .updateTable('comparison_tables')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

/** Replaces the table's products with these, in this order. */
export async function setComparisonProducts(db: Executor, tableId: number, productIds: readonly number[]) {
  await db.deleteFrom('comparison_table_products').where('table_id', '=', tableId).execute()
  if (productIds.length === 0) return
  await db
    .insertInto('comparison_table_products')
    .values(productIds.map((productId, position) => ({ table_id: tableId, product_id: productId, position })))
    .execute()
}

export async function deleteComparison(db: Executor, id: number) {
  await db.deleteFrom('comparison_tables').where('id', '=', id).execute()
}

/** Postgres's unique_violation on the slug: another table took it first. */
export const isComparisonSlugTaken = (error: unknown) => isUniqueViolation(error, 'comparison_tables_slug_key')

// The public tables.

export function getComparisonBySlug(db: Executor, slug: string) {
  return db
    .selectFrom('comparison_tables')
    .select(['id', 'slug', 'name', 'description', 'columns'])
    .where('slug', '=', slug)
    .$narrowType<{ columns: ComparisonColumn[] }>()
    .executeTakeFirst()
}

/** The table's visible products in the curator's order. */
export function listComparisonRows(db: Executor, tableId: number) {
  return visibleProducts(db)
    .innerJoin('comparison_table_products as tp', 'tp.product_id', 'p.id')
    .select(rowColumns)
    .where('tp.table_id', '=', tableId)
    .orderBy('tp.position')
    .execute()
}

/** The visible products among these ASINs (any order). */
export function listRowsByAsin(db: Executor, asins: readonly string[]) {
  if (asins.length === 0) return Promise.resolve([])
  return visibleProducts(db).select(rowColumns).where('p.asin', 'in', asins).execute()
}

/**
 * The best-rated visible sleeves and bags of one material: one query a table of /compare-sleeves, the first
 * entries of products_sleeves_rating_idx (its kinds are these, exactly, so the planner can use it).
 */
export function listTopSleeves(db: Executor, material: Material, limit: number) {
  const kinds: Kind[] = ['sleeve', 'bag', 'bag-and-board']
  return visibleProducts(db)
    .select(rowColumns)
    .where('p.kind', 'in', kinds)
    .where('p.material', '=', material)
    .orderBy('p.rating', 'desc')
    .orderBy('p.review_count', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute()
}

export type ComparisonRowData = Awaited<ReturnType<typeof listComparisonRows>>[number]

/** Every table's slug, for the sitemap. */
export function listComparisonSlugs(db: Executor) {
  return db.selectFrom('comparison_tables').select(['slug', 'updated_at']).orderBy('slug').execute()
}
