import type { Insertable, Selectable } from 'kysely'
import { db, type Executor } from '#db/client.ts'
import type { Categories, Products, Reviews } from '#db/types.ts'

// Small factories for storefront integration tests. Each test file has a database of its own, so every
// file creates exactly the catalogue it needs; the defaults make a visible, fresh, plainly priced product.

export const HOUR_MS = 60 * 60 * 1000

/** A moment `hours` before now (negative: after). */
export function hoursAgo(hours: number, from: Date = new Date()): Date {
  return new Date(from.getTime() - hours * HOUR_MS)
}

/**
 * Dates the product's price so that it is too old to show (24 hours after last_updated: app/utils/pricing.ts) `ms`
 * from now; answers that moment (epoch ms). `on`: the test file's database unless another is given.
 */
export async function expirePriceIn(productId: number, ms: number, on: Executor = db): Promise<number> {
  const deadline = Date.now() + ms
  await on
    .updateTable('products')
    .set({ last_updated: new Date(deadline - 24 * HOUR_MS) })
    .where('id', '=', productId)
    .execute()
  return deadline
}

/** The products a visitor is shown: not hidden, in a category that is not hidden (joined as `c`). */
export function shownProducts() {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .where('p.soft_hidden', '=', false)
    .where('c.is_hidden', '=', false)
}

let sequence = 0

/** A fresh, valid ASIN (^[A-Z0-9]{10}$), unique within the test file. */
export function nextAsin(): string {
  sequence += 1
  return `T${String(sequence).padStart(9, '0')}`
}

export type CategoryRow = Selectable<Categories>
export type ProductRow = Selectable<Products>
export type ReviewRow = Selectable<Reviews>

export async function createCategory(values: Partial<Insertable<Categories>> & { slug: string }): Promise<CategoryRow> {
  return db
    .insertInto('categories')
    .values({
      name: values.name ?? values.slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
      description: null,
      image_url: null,
      is_hidden: false,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function createProduct(values: Partial<Insertable<Products>> = {}): Promise<ProductRow> {
  const asin = values.asin ?? nextAsin()
  return db
    .insertInto('products')
    .values({
      asin,
      title: `Test product ${asin}`,
      brand: null,
      category_id: null,
      description: null,
      affiliate_url: `https://www.amazon.com/dp/${asin}`,
      image_url: null,
      price: '10.00',
      manual_price: null,
      rating: '0',
      review_count: 0,
      is_featured: false,
      soft_hidden: false,
      last_updated: new Date(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A review; APPROVED unless told otherwise (the database's own default is PENDING). */
export async function createReview(values: Partial<Insertable<Reviews>> & { product_id: number }): Promise<ReviewRow> {
  return db
    .insertInto('reviews')
    .values({
      reviewer_name: 'Test Reviewer',
      rating: 5,
      comment: null,
      status: 'APPROVED',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}
