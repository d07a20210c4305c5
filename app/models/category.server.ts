import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

/** Visible categories by name, each with how many visible products it holds. */
export function listVisibleCategories(db: Executor) {
  return db
    .selectFrom('categories as c')
    .where('c.is_hidden', '=', false)
    .select(['c.id', 'c.name', 'c.slug', 'c.description', 'c.image_url'])
    .select((eb) =>
      eb
        .selectFrom('products as p')
        .whereRef('p.category_id', '=', 'c.id')
        .where('p.soft_hidden', '=', false)
        .select(sql<number>`count(*)::int`.as('n'))
        .as('product_count'),
    )
    .$narrowType<{ product_count: number }>() // count(*) of a subquery is never null
    .orderBy('c.name')
    .execute()
}

export function getVisibleCategory(db: Executor, slug: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'slug', 'description', 'image_url'])
    .where('slug', '=', slug)
    .where('is_hidden', '=', false)
    .executeTakeFirst()
}
