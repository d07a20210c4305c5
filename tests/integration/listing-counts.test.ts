import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { listVisibleCategories } from '#app/models/category.server.ts'
import { listCategoryProducts } from '#app/models/product.server.ts'
import { countSearchVocabulary, SEARCH_PAGE_SIZE, searchProducts } from '#app/models/search.server.ts'
import { SORTS, type CategoryFilters } from '#app/schemas/category-filters.ts'
import { containsPattern, titleTerms } from '#app/utils/search.ts'
import { db } from '#db/client.ts'
import { SEARCH_BULK_CHANGE, SEARCH_IDS_LIMIT } from '#db/migrations/20261125000000_listing_counts.ts'
import { createCategory, createProduct, hoursAgo, type CategoryRow } from '#tests/support/catalogue.ts'

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

/** The search page as the old single query gave it: title matches first, then the newest. */
async function expectedSearch(term: string, page: number) {
  const pattern = containsPattern(term)
  const matching = db
    .selectFrom('products as p')
    .where('p.soft_hidden', '=', false)
    .where((eb) => eb.or([eb('p.title', 'ilike', pattern), eb('p.description', 'ilike', pattern)]))
  const [rows, { count }] = await Promise.all([
    matching
      .select('p.id')
      .orderBy(sql`p.title ILIKE ${pattern}`, 'desc')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE)
      .execute(),
    matching.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ])
  return { total: count, ids: rows.map((row) => row.id) }
}

const TERMS = ['mylar', 'MYLAR', 'Comic', 'sleeve', 'zz', 'a', '%', '_', 'acid-free', 'nothing matches this', 'gold']

async function expectSearchRight(terms = TERMS) {
  for (const term of terms) {
    for (const page of [1, 2, 3, 50]) {
      const { products, total } = await searchProducts(db, term, page)
      expect({ total, ids: products.map((p) => p.id) }, `${term} page ${page}`).toEqual(
        await expectedSearch(term, page),
      )
    }
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
  await expectSearchRight() // counts every term before the writes below, so the writes must adjust them
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

describe('search counts and pages', () => {
  test('follow title, description and visibility changes of single products', async () => {
    const product = await createProduct({ title: 'Plain bag', description: 'Nothing special', category_id: boards.id })
    await expectSearchRight()
    await db.updateTable('products').set({ title: 'Plain GOLD bag' }).where('id', '=', product.id).execute()
    await db.updateTable('products').set({ description: 'now with mylar' }).where('id', '=', product.id).execute()
    await expectSearchRight()
    await db.updateTable('products').set({ soft_hidden: true }).where('id', '=', product.id).execute()
    await expectSearchRight()
    await db
      .updateTable('products')
      .set({ soft_hidden: false, title: 'Plain bag' })
      .where('id', '=', product.id)
      .execute()
    await db.deleteFrom('products').where('id', '=', product.id).execute()
    await expectSearchRight()
  })

  test('a price-only update leaves the kept terms alone', async () => {
    const before = await db
      .selectFrom('search_terms')
      .select(['term', 'title_matches', 'rest_matches'])
      .orderBy('term')
      .execute()
    await db.updateTable('products').set({ price: '12.34' }).where('title', 'ilike', '%mylar%').execute()
    expect(
      await db.selectFrom('search_terms').select(['term', 'title_matches', 'rest_matches']).orderBy('term').execute(),
    ).toEqual(before)
  })

  test(`a common term keeps only its count above ${SEARCH_IDS_LIMIT} matches, and its ids again when it shrinks`, async () => {
    const many = Array.from({ length: SEARCH_IDS_LIMIT + 5 }, (_, i) => ({
      asin: `M${String(i).padStart(9, '0')}`,
      title: `Zebra wrap ${i}`,
      affiliate_url: `https://www.amazon.com/dp/M${i}`,
      created_at: hoursAgo(i / 100),
    }))
    await expectSearchRight(['zebra'])
    // Added in chunks below the bulk limit, so the trigger adjusts rather than drops the term.
    for (let start = 0; start < many.length; start += SEARCH_BULK_CHANGE) {
      await db
        .insertInto('products')
        .values(many.slice(start, start + SEARCH_BULK_CHANGE))
        .execute()
    }
    const common = await db.selectFrom('search_terms').selectAll().where('term', '=', 'zebra').executeTakeFirstOrThrow()
    expect(common.title_matches).toBe(SEARCH_IDS_LIMIT + 5)
    expect(common.title_ids).toBeNull()
    await expectSearchRight(['zebra', 'Zebra wrap 1'])

    const zebras = await db.selectFrom('products').select('id').where('title', 'like', 'Zebra wrap %').execute()
    const doomed = zebras.slice(400).map((row) => row.id)
    for (let start = 0; start < doomed.length; start += 150) {
      await db
        .deleteFrom('products')
        .where('id', 'in', doomed.slice(start, start + 150))
        .execute()
    }
    // Far below the limit with no ids: dropped, so the next search counts it with its ids.
    expect(
      await db.selectFrom('search_terms').select('term').where('term', '=', 'zebra').executeTakeFirst(),
    ).toBeUndefined()
    await expectSearchRight(['zebra'])
    expect(
      (await db.selectFrom('search_terms').select('title_ids').where('term', '=', 'zebra').executeTakeFirstOrThrow())
        .title_ids,
    ).not.toBeNull()
  })

  test(`a write changing more than ${SEARCH_BULK_CHANGE} products drops the terms, and they are counted again`, async () => {
    await db
      .updateTable('products')
      .set({ title: sql`title || ' gold'` })
      .where('title', 'like', 'Zebra wrap %')
      .execute()
    expect(await db.selectFrom('search_terms').select('term').execute()).toEqual([])
    await expectSearchRight()
  })

  test('a term counted while a write is in flight includes that write once it commits', async () => {
    await expectSearchRight(['inflight'])
    const product = await createProduct({ title: 'Quiet box' })
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const writing = db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ title: 'Inflight box' }).where('id', '=', product.id).execute()
      await trx
        .updateTable('products')
        .set({ description: 'inflight special' })
        .where('asin', '=', 'C000000001')
        .execute()
      await held
    })
    await new Promise((resolve) => setTimeout(resolve, 50)) // the writer's trigger has taken its side of the gate
    const counting = searchProducts(db, 'Inflight special') // a new term, counted now: must wait for the writer
    await new Promise((resolve) => setTimeout(resolve, 100))
    release()
    await writing
    expect((await counting).total).toBe(1)
    await expectSearchRight(['inflight', 'Inflight special', 'box'])
  })

  test('a term is kept once however it is capitalised', async () => {
    await expectSearchRight(['Sturdy', 'STURDY', 'sturdy'])
    const kept = await db.selectFrom('search_terms').select('term').where('term', 'ilike', 'sturdy').execute()
    expect(kept).toEqual([{ term: 'sturdy' }])
  })

  test('the vocabulary count keeps the most used title words and pairs counted, and searches read them', async () => {
    // The vocabulary the slow, obvious way: every visible title's terms, by how many titles hold each.
    const titles = await db.selectFrom('products').select('title').where('soft_hidden', '=', false).execute()
    const holding = new Map<string, number>()
    for (const { title } of titles)
      for (const term of titleTerms(title)) holding.set(term, (holding.get(term) ?? 0) + 1)
    const ranked = [...holding].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).map(([term]) => term)

    await db.deleteFrom('search_terms').execute()
    expect(await countSearchVocabulary(db, 3)).toBe(3)
    const keptTerms = async () => (await db.selectFrom('search_terms').select('term').execute()).map((row) => row.term)
    expect((await keptTerms()).sort()).toEqual(ranked.slice(0, 3).sort())
    expect(await countSearchVocabulary(db, 3)).toBe(0) // all kept: nothing to count
    expect(await countSearchVocabulary(db, 8)).toBe(5)
    expect((await keptTerms()).sort()).toEqual(ranked.slice(0, 8).sort())

    const counted = await db.selectFrom('search_terms').select(['term', 'counted_at']).orderBy('term').execute()
    await expectSearchRight(ranked.slice(0, 8).flatMap((term) => [term, term.toUpperCase()]))
    // Those searches read the kept counts: none was counted again.
    expect(await db.selectFrom('search_terms').select(['term', 'counted_at']).orderBy('term').execute()).toEqual(
      counted,
    )
  })

  test('TRUNCATE empties the kept counts with the products', async () => {
    await sql`TRUNCATE products CASCADE`.execute(db)
    expect(await db.selectFrom('search_terms').select('term').execute()).toEqual([])
    expect(await db.selectFrom('category_listing_counts').select('products').execute()).toEqual([])
  })
})
