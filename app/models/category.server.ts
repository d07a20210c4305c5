import { sql } from 'kysely'
import { containsPattern } from '#app/utils/search.ts'
import { isUniqueViolation } from '#app/utils/unique-violation.ts'
import type { Executor } from '#db/client.ts'

/** Visible categories by name, each with how many visible products it holds (kept by writes: decision 031). */
export function listVisibleCategories(db: Executor) {
  return db
    .selectFrom('categories as c')
    .where('c.is_hidden', '=', false)
    .select(['c.id', 'c.name', 'c.slug', 'c.description', 'c.image_url'])
    .select((eb) =>
      eb
        .selectFrom('category_listing_counts as n')
        .whereRef('n.category_id', '=', 'c.id')
        .select(sql<number>`coalesce(sum(n.products), 0)::int`.as('n'))
        .as('product_count'),
    )
    .$narrowType<{ product_count: number }>() // a coalesced sum is never null
    .orderBy('c.name')
    .execute()
}

/** The slugs of the categories with these ids (null, no category, has none): whose pages list a product. */
export async function categorySlugs(db: Executor, ids: ReadonlyArray<number | null>): Promise<string[]> {
  const known = ids.filter((id) => id !== null)
  if (known.length === 0) return []
  const rows = await db.selectFrom('categories').select('slug').where('id', 'in', known).orderBy('slug').execute()
  return rows.map((row) => row.slug)
}

export function getVisibleCategory(db: Executor, slug: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'slug', 'description', 'image_url'])
    .where('slug', '=', slug)
    .where('is_hidden', '=', false)
    .executeTakeFirst()
}

// The admin panel's categories (SPEC §7 "Admin data"): every category, hidden ones too, with all its products
// counted, hidden ones too, since those also keep it from being deleted.

export interface CategoryFields {
  name: string
  description: string | null
  image_url: string | null
}

/** Every category's admin columns, with all its products counted. */
const adminCategories = (db: Executor) =>
  db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.slug', 'c.description', 'c.image_url', 'c.is_hidden'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .whereRef('p.category_id', '=', 'c.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('product_count'),
    )
    .$narrowType<{ product_count: number }>()

/** Categories by name with their product counts; `search` matches name or description as literal text. */
export function listAdminCategories(db: Executor, search: string) {
  let query = adminCategories(db)
  if (search) {
    const pattern = containsPattern(search)
    query = query.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('c.description', 'ilike', pattern)]))
  }
  return query.orderBy('c.name').orderBy('c.id').execute()
}

/** One category with its product count; `lock` holds its row until the transaction ends. */
export function getAdminCategory(db: Executor, id: number, { lock = false } = {}) {
  let query = adminCategories(db).where('c.id', '=', id)
  if (lock) query = query.forUpdate('c')
  return query.executeTakeFirst()
}

export async function categorySlugExists(db: Executor, slug: string): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst()
  return row !== undefined
}

export function insertCategory(db: Executor, fields: CategoryFields & { slug: string }) {
  return db
    .insertInto('categories')
    .values(fields)
    .returning(['id', 'name', 'slug', 'description', 'image_url', 'is_hidden'])
    .executeTakeFirstOrThrow()
}

/** Name, description and picture; the slug never changes (SPEC §5). */
export async function updateCategory(
  db: Executor,
  id: number,
  fields: Partial<CategoryFields & { is_hidden: boolean }>,
) {
  await db
    .updateTable('categories')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export async function deleteCategory(db: Executor, id: number) {
  await db.deleteFrom('categories').where('id', '=', id).execute()
}

/** Postgres's unique_violation on the slug: another category took it first. */
export const isSlugTaken = (error: unknown) => isUniqueViolation(error, 'categories_slug_key')

/** Postgres's foreign_key_violation: products still point at the category (ON DELETE RESTRICT). */
export function isStillInUse(error: unknown): boolean {
  return (error as { code?: string }).code === '23503'
}
