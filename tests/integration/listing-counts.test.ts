import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { listVisibleCategories } from '#app/models/category.server.ts'
import { listCategoryProducts } from '#app/models/product.server.ts'
import { SORTS, type CategoryFilters } from '#app/schemas/category-filters.ts'
import { db } from '#db/client.ts'
import { createCategory, hoursAgo, type CategoryRow } from '#tests/support/catalogue.ts'

// Counts kept by the writes (docs/decisions/031): after any kind of write, every count and every page must
// be what counting and sorting the products table directly gives.

const PRICE_BOUNDS: Array<[number, number | null]> = [
  [0, null],
  [0, 15],
  [15, null],
  [15, 15],
  [5, 45],
  [40, 95],
  [100, null],
]
const RATINGS = [0, 4, 4.5]

let boards: CategoryRow
let boxes: CategoryRow

/** What the category page must say, counted and sorted the slow, obvious way. */
async function expectedCategoryPage(categoryId: number, filters: CategoryFilters) {
  const price = sql<string | null>`coalesce(manual_price, price)`
  let query = db.selectFrom('products').where('category_id', '=', categoryId).where('soft_hidden', '=', false)
  if (filters.minPrice > 0) query = query.where(price, '>=', String(filters.minPrice))
  if (filters.maxPrice !== null) query = query.where(price, '<=', String(filters.maxPrice))
  if (filters.minRating > 0) query = query.where('rating', '>=', String(filters.minRating))
  const rows = await query.select(['id', 'created_at', 'rating', 'review_count', price.as('price')]).execute()
  const byPrice = (a: string | null, b: string | null, direction: 1 | -1) =>
    a === null ? (b === null ? 0 : 1) : b === null ? -1 : direction * (Number(a) - Number(b))
  rows.sort((a, b) => {
    const primary =
      filters.sort === 'newest'
        ? b.created_at.getTime() - a.created_at.getTime()
        : filters.sort === 'price-low'
          ? byPrice(a.price, b.price, 1)
          : filters.sort === 'price-high'
            ? byPrice(a.price, b.price, -1)
            : Number(b.rating) - Number(a.rating) || b.review_count - a.review_count
    return primary || b.id - a.id
  })
  return { total: rows.length, ids: rows.slice((filters.page - 1) * 24, filters.page * 24).map((row) => row.id) }
}

async function expectCategoriesRight() {
  for (const category of [boards, boxes]) {
    for (const [minPrice, maxPrice] of PRICE_BOUNDS) {
      for (const minRating of RATINGS) {
        for (const sort of SORTS) {
          for (const page of [1, 2]) {
            const filters: CategoryFilters = { sort, minPrice, maxPrice, minRating, page }
            const { products, total } = await listCategoryProducts(db, category.id, filters)
            const expected = await expectedCategoryPage(category.id, filters)
            const label = `${category.slug} ${JSON.stringify(filters)}`
            expect({ total, ids: products.map((p) => p.id) }, label).toEqual(expected)
          }
        }
      }
    }
  }
  const listed = await listVisibleCategories(db)
  for (const category of listed) {
    const counted = await expectedCategoryPage(category.id, {
      sort: 'newest',
      minPrice: 0,
      maxPrice: null,
      minRating: 0,
      page: 1,
    })
    expect(category.product_count, category.slug).toBe(counted.total)
  }
}

beforeAll(async () => {
  boards = await createCategory({ slug: 'count-boards' })
  boxes = await createCategory({ slug: 'count-boxes' })
  const prices = [
    '4.99',
    '5.00',
    '5.01',
    '14.99',
    '15.00',
    '15.01',
    '44.95',
    '45.00',
    '99.99',
    '100.00',
    '150.00',
    null,
  ]
  const ratings = ['0', '3.9', '4.0', '4.4', '4.5', '5.0']
  const values = []
  for (let i = 0; i < 96; i += 1) {
    values.push({
      asin: `C${String(i).padStart(9, '0')}`,
      title: i % 3 === 0 ? `Gold Mylar Sleeve ${i}` : `Comic box ${i}`,
      description: i % 4 === 0 ? 'Acid-free MYLAR, 100% archival_grade.' : i % 5 === 0 ? null : 'A sturdy comic box.',
      affiliate_url: `https://www.amazon.com/dp/C${i}`,
      category_id: i % 2 === 0 ? boards.id : boxes.id,
      price: prices[i % prices.length],
      manual_price: i % 7 === 0 ? '15.00' : null,
      rating: ratings[i % ratings.length],
      review_count: i % 5,
      soft_hidden: i % 11 === 0,
      created_at: hoursAgo(i % 9), // ties, so the id decides
    })
  }
  await db.insertInto('products').values(values).execute() // one statement: the triggers see many rows at once
})

describe('category counts and pages', () => {
  test('match a direct count after inserts', async () => {
    await expectCategoriesRight()
  })

  test('follow price, manual price, rating, visibility and category changes, one row and many', async () => {
    const [first, second] = await db
      .selectFrom('products')
      .select('id')
      .where('category_id', '=', boards.id)
      .orderBy('id')
      .limit(2)
      .execute()
    await db.updateTable('products').set({ price: '15.00' }).where('id', '=', first!.id).execute()
    await db
      .updateTable('products')
      .set({ manual_price: '44.95', rating: '4.5' })
      .where('id', '=', second!.id)
      .execute()
    await db
      .updateTable('products')
      .set({ soft_hidden: sql`NOT soft_hidden` })
      .where('category_id', '=', boxes.id)
      .where('rating', '=', '4.0')
      .execute()
    await db.updateTable('products').set({ category_id: boxes.id }).where('id', '=', first!.id).execute()
    await db.updateTable('products').set({ price: null, manual_price: null }).where('price', '=', '5.01').execute()
    await expectCategoriesRight()
  })

  test('follow deletes, and a product without a category counts nowhere', async () => {
    await db.deleteFrom('products').where('category_id', '=', boards.id).where('rating', '=', '5.0').execute()
    await db
      .updateTable('products')
      .set({ category_id: null })
      .where('category_id', '=', boxes.id)
      .where('price', '=', '99.99')
      .execute()
    await expectCategoriesRight()
  })
})
