import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { loader as categoryLoader } from '#app/routes/_site.category.$slug.tsx'
import { loader as searchLoader } from '#app/routes/_site.search.tsx'
import { db } from '#db/client.ts'
import { createCategory, createProduct, hoursAgo, type CategoryRow, type ProductRow } from '#tests/support/catalogue.ts'
import { loaderArgs, loaderData, statusOf } from '#tests/support/remix.ts'

// Issue 14, item 3: filters by spec (fits era, material, thickness range) on the category and search pages, in the
// same GET form as the others, combinable with them, exact counts, facets only where they apply.

const DAY = 24

function category(slug: string, query = '') {
  return loaderData(categoryLoader(loaderArgs(`/category/${slug}${query ? `?${query}` : ''}`, { slug })))
}

function search(query: string) {
  return loaderData(searchLoader(loaderArgs(`/search?${query}`)))
}

const keys = (products: Array<{ asin: string }>, rows: Record<string, ProductRow>) =>
  products.map((product) => Object.keys(rows).find((key) => rows[key]!.asin === product.asin))

const p: Record<string, ProductRow> = {}
let many: CategoryRow
const manyRows: ProductRow[] = []
const z: Record<string, ProductRow> = {}

beforeAll(async () => {
  const specs = await createCategory({ slug: 'specs', name: 'Specs' })
  const make = (key: string, values: Parameters<typeof createProduct>[0]) =>
    createProduct({ category_id: specs.id, ...values }).then((row) => (p[key] = row))
  await make('a', {
    created_at: hoursAgo(5 * DAY),
    price: '10.00',
    rating: '4.5',
    review_count: 3,
    fits: ['modern'],
    material: 'polypropylene',
    thickness_mil: '1.5',
  })
  await make('b', {
    created_at: hoursAgo(4 * DAY),
    price: '30.00',
    rating: '4.0',
    fits: ['silver', 'golden'],
    material: 'mylar',
    thickness_mil: '4.0',
  })
  await make('c', {
    created_at: hoursAgo(3 * DAY),
    price: '50.00',
    rating: '4.8',
    fits: ['golden'],
    material: 'mylar',
    thickness_mil: '2.0',
  })
  await make('d', {
    created_at: hoursAgo(2 * DAY),
    price: '20.00',
    rating: '3.5',
    fits: ['modern', 'standard', 'silver', 'golden'],
    material: 'corrugated',
  })
  await make('e', { created_at: hoursAgo(1 * DAY), price: '15.00', rating: '4.9' })
  // Hidden: every filter would keep it, and its treasury, rigid plastic and 10 mil must not be offered.
  await make('hidden', {
    created_at: hoursAgo(0),
    price: '12.00',
    rating: '5.0',
    fits: ['treasury', 'golden', 'modern'],
    material: 'rigid-plastic',
    thickness_mil: '10.0',
    soft_hidden: true,
  })

  const boxes = await createCategory({ slug: 'spec-boxes' })
  await createProduct({ category_id: boxes.id, fits: ['modern', 'silver'], material: 'corrugated', capacity: 150 })
  await createCategory({ slug: 'no-specs' }).then((plain) => createProduct({ category_id: plain.id }))

  // Enough products for a second page: 28 modern of 30 (pages walked), 2 golden (gathered).
  many = await createCategory({ slug: 'spec-many' })
  for (let index = 0; index < 30; index++) {
    manyRows.push(
      await createProduct({
        category_id: many.id,
        created_at: hoursAgo(100 - index),
        price: `${10 + index}.00`,
        fits: index % 15 === 7 ? ['golden'] : ['modern'],
        material: index % 2 ? 'mylar' : 'polypropylene',
      }),
    )
  }

  // Search: "zephyr" in the titles of three and in the description of one more, and a hidden match.
  z.title1 = await createProduct({
    title: 'Zephyr Mylar Sleeves, Golden Age',
    created_at: hoursAgo(4 * DAY),
    fits: ['golden'],
    material: 'mylar',
    thickness_mil: '4.0',
  })
  z.title2 = await createProduct({
    title: 'Zephyr Bags, Current',
    created_at: hoursAgo(3 * DAY),
    fits: ['modern'],
    material: 'polypropylene',
    thickness_mil: '1.5',
  })
  z.title3 = await createProduct({ title: 'Zephyr Long Box', created_at: hoursAgo(2 * DAY), material: 'corrugated' })
  z.rest = await createProduct({
    title: 'Silver sleeves',
    description: 'Like a zephyr for your books.',
    created_at: hoursAgo(1 * DAY),
    fits: ['silver', 'golden'],
    material: 'mylar',
    thickness_mil: '2.0',
  })
  z.hidden = await createProduct({
    title: 'Zephyr Treasury Bags',
    fits: ['treasury'],
    material: 'polyethylene',
    soft_hidden: true,
  })
})

describe('category page: spec filters', () => {
  test('facets offer only what the visible products have, in the vocabulary order', async () => {
    const data = await category('specs')
    expect(data.facets).toEqual({
      eras: ['modern', 'standard', 'silver', 'golden'],
      materials: ['mylar', 'polypropylene', 'corrugated'],
      thickness: true,
    })
    expect(data.total).toBe(5)
    expect((await category('spec-boxes')).facets).toEqual({
      eras: ['modern', 'silver'],
      materials: ['corrugated'],
      thickness: false,
    })
    expect((await category('no-specs')).facets).toEqual({ eras: [], materials: [], thickness: false })
  })

  test('fits: any of the ticked eras; hidden products never counted', async () => {
    const golden = await category('specs', 'fits=golden')
    expect(golden.total).toBe(3)
    expect(keys(golden.products, p)).toEqual(['d', 'c', 'b'])
    expect((await category('specs', 'fits=golden&fits=modern')).total).toBe(4)
    expect((await category('specs', 'fits=standard')).total).toBe(1)
    const treasury = await category('specs', 'fits=treasury')
    expect(treasury.total).toBe(0)
    expect(treasury.products).toEqual([])
  })

  test('material and thickness, alone and together', async () => {
    expect(keys((await category('specs', 'material=mylar')).products, p)).toEqual(['c', 'b'])
    expect((await category('specs', 'material=mylar&material=corrugated')).total).toBe(3)
    expect(keys((await category('specs', 'tmin=2')).products, p)).toEqual(['c', 'b'])
    expect(keys((await category('specs', 'tmax=2')).products, p)).toEqual(['c', 'a'])
    expect(keys((await category('specs', 'tmin=2&tmax=3')).products, p)).toEqual(['c'])
    expect(keys((await category('specs', 'fits=golden&material=mylar&tmin=3')).products, p)).toEqual(['b'])
    expect((await category('specs', 'material=rigid-plastic')).total).toBe(0)
  })

  test('combined with price, rating and every sort', async () => {
    expect(keys((await category('specs', 'fits=golden&max=40')).products, p)).toEqual(['d', 'b'])
    expect(keys((await category('specs', 'fits=golden&min=25')).products, p)).toEqual(['c', 'b'])
    expect(keys((await category('specs', 'fits=golden&rating=4.5')).products, p)).toEqual(['c'])
    expect(keys((await category('specs', 'sort=price-low&fits=golden')).products, p)).toEqual(['d', 'b', 'c'])
    expect(keys((await category('specs', 'sort=price-high&fits=golden')).products, p)).toEqual(['c', 'b', 'd'])
    expect(keys((await category('specs', 'sort=rating&material=mylar&material=polypropylene')).products, p)).toEqual([
      'c',
      'a',
      'b',
    ])
    const narrow = await category('specs', 'sort=price-low&min=20&max=40&rating=4&fits=silver&material=mylar')
    expect(keys(narrow.products, p)).toEqual(['b'])
    expect(narrow.total).toBe(1)
  })

  test('pages: exact counts and the same order as a direct query, walked and gathered', async () => {
    const expected = (fits: string) =>
      manyRows
        .filter((row) => row.fits.includes(fits as never))
        .sort((x, y) => y.created_at.getTime() - x.created_at.getTime())
        .map((row) => row.asin)
    const modern = expected('modern')
    expect(modern).toHaveLength(28)
    const first = await category('spec-many', 'fits=modern')
    const second = await category('spec-many', 'fits=modern&page=2')
    expect(first.total).toBe(28)
    expect(first.pageCount).toBe(2)
    expect([...first.products, ...second.products].map((product) => product.asin)).toEqual(modern)
    const golden = await category('spec-many', 'fits=golden')
    expect(golden.total).toBe(2)
    expect(golden.products.map((product) => product.asin)).toEqual(expected('golden'))
    const priceSorted = await category('spec-many', 'sort=price-high&fits=golden&material=mylar')
    expect(priceSorted.total).toBe(
      manyRows.filter((row) => row.fits[0] === 'golden' && row.material === 'mylar').length,
    )
    expect((await category('spec-many', 'fits=golden&page=2')).products).toEqual([])
  })

  test('invalid parameters are ignored or snapped, never an error', async () => {
    for (const query of [
      'fits=bogus',
      'tmin=-3',
      'tmax=abc',
      Array.from({ length: 200 }, (_, index) => `fits=${index % 2 ? 'bogus' : 'modern'}`).join('&'),
    ]) {
      expect(
        await statusOf(() => categoryLoader(loaderArgs(`/category/specs?${query}`, { slug: 'specs' }))),
        query,
      ).toBe(200)
    }
    // Empty ones are dropped from the address first: sent on to it, never an error.
    expect(
      await statusOf(() => categoryLoader(loaderArgs('/category/specs?material=steel&tmin=&tmax=', { slug: 'specs' }))),
    ).toBe(302)
    expect((await category('specs', 'material=steel')).total).toBe(5)
    expect((await category('specs', 'fits=bogus&tmin=-3&tmax=abc')).total).toBe(5)
    const repeated = await category('specs', Array.from({ length: 200 }, () => 'fits=modern').join('&'))
    expect(repeated.spec.fits).toEqual(['modern'])
    expect(repeated.total).toBe(2)
    expect((await category('specs', 'tmin=4&tmax=2')).spec).toMatchObject({ minThickness: 2, maxThickness: 4 })
  })

  test('no spec filter: the kept counts answer as before', async () => {
    const data = await category('specs', 'min=15')
    expect(data.spec).toEqual({ fits: [], materials: [], minThickness: null, maxThickness: null })
    expect(keys(data.products, p)).toEqual(['e', 'd', 'c', 'b'])
  })
})

describe('search page: spec filters', () => {
  test('a term that keeps its ids: exact facets, narrowed counts, title matches first', async () => {
    const all = await search('q=zephyr')
    expect(all.total).toBe(4)
    expect(all.facets).toEqual({
      eras: ['modern', 'silver', 'golden'],
      materials: ['mylar', 'polypropylene', 'corrugated'],
      thickness: true,
    })
    const golden = await search('q=zephyr&fits=golden')
    expect(golden.total).toBe(2)
    expect(keys(golden.products, z)).toEqual(['title1', 'rest'])
    expect(keys((await search('q=zephyr&material=mylar&tmax=2')).products, z)).toEqual(['rest'])
    expect(keys((await search('q=zephyr&material=corrugated&material=polypropylene')).products, z)).toEqual([
      'title3',
      'title2',
    ])
    expect((await search('q=zephyr&fits=treasury')).total).toBe(0)
    expect((await search('q=zephyr&material=polyethylene')).total).toBe(0)
  })

  test('invalid parameters are ignored', async () => {
    for (const query of ['fits=bogus', 'tmin=-3', 'tmax=abc', Array(200).fill('fits=golden').join('&')]) {
      expect(await statusOf(() => searchLoader(loaderArgs(`/search?q=zephyr&${query}`))), query).toBe(200)
    }
    expect((await search('q=zephyr&fits=bogus&tmin=-3&tmax=abc')).total).toBe(4)
    expect((await search(`q=zephyr&${Array(200).fill('fits=golden').join('&')}`)).total).toBe(2)
  })

  test('a common term (over a thousand matches, no ids kept): exact counts by the pattern', async () => {
    // 1,100 products whose titles say "quokka", and 50 more that say it only in the description.
    await sql`
      INSERT INTO products (asin, title, description, affiliate_url, price, fits, material, thickness_mil, created_at,
                            soft_hidden)
      SELECT 'Q' || lpad(g::text, 9, '0'),
             CASE WHEN g <= 1100 THEN 'Quokka sleeve ' || g ELSE 'Plain sleeve ' || g END,
             CASE WHEN g <= 1100 THEN NULL ELSE 'Fits a quokka.' END,
             'https://www.amazon.com/dp/Q' || lpad(g::text, 9, '0'),
             10,
             CASE g % 3 WHEN 0 THEN ARRAY['golden'] WHEN 1 THEN ARRAY['modern', 'silver'] ELSE ARRAY[]::text[] END,
             (CASE WHEN g % 4 = 0 THEN 'mylar' ELSE 'polypropylene' END)::product_material,
             CASE WHEN g % 5 = 0 THEN 4 END,
             now() - g * interval '1 minute',
             g % 50 = 0
      FROM generate_series(1, 1150) AS g`.execute(db)
    const expected = async (where: string) => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM products
        WHERE NOT soft_hidden AND (title ILIKE '%quokka%' OR description ILIKE '%quokka%') AND ${sql.raw(where)}`.execute(
        db,
      )
      return rows[0]!.n
    }
    const all = await search('q=quokka')
    expect(all.total).toBe(await expected('true'))

    const golden = await search('q=quokka&fits=golden')
    expect(golden.total).toBe(await expected(`fits && ARRAY['golden']`))
    expect(golden.products).toHaveLength(24)
    expect(golden.products.every((product) => /Quokka sleeve (\d+)/.test(product.title))).toBe(true)
    const mylarThick = await search('q=quokka&material=mylar&tmin=3')
    expect(mylarThick.total).toBe(await expected(`material = 'mylar' AND thickness_mil >= 3`))
    expect(mylarThick.total).toBeGreaterThan(24)
    // The last page reaches the description-only matches.
    const last = await search(
      `q=quokka&fits=silver&page=${Math.ceil((await expected(`fits && ARRAY['silver']`)) / 24)}`,
    )
    expect(last.products.some((product) => product.title.startsWith('Plain sleeve'))).toBe(true)
    expect(last.total).toBe(await expected(`fits && ARRAY['silver']`))
  })
})
