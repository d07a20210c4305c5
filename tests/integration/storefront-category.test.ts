import { beforeAll, describe, expect, test } from 'vitest'
import { loader, meta } from '#app/routes/_site.category.$slug.tsx'
import { PRICE_MAX_AGE_MS } from '#app/utils/pricing.ts'
import { db } from '#db/client.ts'
import { createCategory, createProduct, hoursAgo, type CategoryRow, type ProductRow } from '#tests/support/catalogue.ts'
import { expectTwoPages } from '#tests/support/listing.ts'
import { loaderArgs, loaderData, replyOf, statusOf, thrownResponse } from '#tests/support/remix.ts'

// /category/{slug}: SPEC §2 (category page), §4 (filters: sort, price range, minimum rating), §5 (the
// category filter's rules), §9 (slider 0-100 step 5, thresholds 4 and 4.5, the four sorts).

const DAY = 24

/** The page a visitor lands on: an address with empty or default filters is first sent on to the tidy one. */
async function load(slug: string, query = '') {
  const path = `/category/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`
  try {
    return await loaderData(loader(loaderArgs(path, { slug })))
  } catch (thrown) {
    if (!(thrown instanceof Response) || thrown.status !== 302) throw thrown
    return loaderData(loader(loaderArgs(thrown.headers.get('Location')!, { slug })))
  }
}

async function asinsOf(slug: string, query = '') {
  const data = await load(slug, query)
  return data.products.map((product) => product.asin)
}

const DEFAULT_FILTERS = { sort: 'newest', minPrice: 0, maxPrice: null, minRating: 0, page: 1 }

let sorting: CategoryRow
const s: Record<string, ProductRow> = {}
const r: Record<string, ProductRow> = {}
const q: Record<string, ProductRow> = {}
const f: Record<string, ProductRow> = {}
let paged: ProductRow[] = []

beforeAll(async () => {
  // Sorting: five visible products with distinct keys, one hidden product that would top every sort.
  sorting = await createCategory({ slug: 'sorting', name: 'Sorting', description: 'Sort me.' })
  // p2's manual price wins (effective 8), p3 has no price at all (last in both price sorts), p5's is 60.
  const sortable: Record<string, Parameters<typeof createProduct>[0]> = {
    p1: { created_at: hoursAgo(5 * DAY), price: '15.00', rating: '4.2', review_count: 10 },
    p2: { created_at: hoursAgo(4 * DAY), price: '40.00', manual_price: '8.00', rating: '4.8', review_count: 5 },
    p3: { created_at: hoursAgo(3 * DAY), price: null, rating: '3.0' },
    p4: { created_at: hoursAgo(2 * DAY), price: '25.00', rating: '4.8', review_count: 50 },
    p5: { created_at: hoursAgo(1 * DAY), price: '5.00', manual_price: '60.00', rating: '2.5' },
    hidden: { created_at: hoursAgo(0), price: '1.00', rating: '5.0', review_count: 999, soft_hidden: true },
  }
  for (const [key, values] of Object.entries(sortable)) {
    s[key] = await createProduct({ category_id: sorting.id, ...values })
  }

  // Price range edges (effective price = manual_price ?? price).
  const range = await createCategory({ slug: 'range' })
  const priced = async (key: string, price: string | null, manual: string | null = null) => {
    r[key] = await createProduct({ category_id: range.id, price, manual_price: manual })
  }
  await priced('p1999', '19.99')
  await priced('p20', '20.00')
  await priced('p35', '35.00')
  await priced('p50', '50.00')
  await priced('p5001', '50.01')
  await priced('p120', '120.00')
  await priced('manual30', '200.00', '30.00')
  await priced('manual200', '30.00', '200.00')
  await priced('none', null)

  // Rating thresholds.
  const ratings = await createCategory({ slug: 'ratings' })
  for (const [key, rating] of [
    ['r39', '3.9'],
    ['r40', '4.0'],
    ['r44', '4.4'],
    ['r45', '4.5'],
    ['r50', '5.0'],
  ] as const) {
    q[key] = await createProduct({ category_id: ratings.id, rating })
  }

  // Pagination: 30 products, one a minute apart; all priced alike so price sorts tie on every row.
  const pagedCategory = await createCategory({ slug: 'paged' })
  paged = []
  for (let i = 0; i < 30; i += 1) {
    paged.push(
      await createProduct({ category_id: pagedCategory.id, price: '10.00', created_at: hoursAgo((30 - i) / 60) }),
    )
  }

  // Freshness of the price a card shows.
  const fresh = await createCategory({ slug: 'fresh' })
  f.stale = await createProduct({
    category_id: fresh.id,
    price: '12.00',
    last_updated: hoursAgo(25),
    kind: 'box',
    pack_count: 5,
    capacity: 150,
  })
  f.never = await createProduct({ category_id: fresh.id, price: '12.00', last_updated: null })
  f.manual = await createProduct({
    category_id: fresh.id,
    price: '15.00',
    manual_price: '9.99',
    last_updated: hoursAgo(1),
    title: 'Manual priced',
    image_url: 'https://m.media-amazon.com/images/I/manual.jpg',
    rating: '4.3',
    review_count: 7,
    kind: 'bag',
    pack_count: 100,
  })
  f.api = await createProduct({ category_id: fresh.id, price: '12.50', last_updated: hoursAgo(23) })

  await createCategory({ slug: 'empty' })
  const secret = await createCategory({ slug: 'secret', is_hidden: true })
  await createProduct({ category_id: secret.id })
})

describe('category lookup', () => {
  test('a visible category answers with its own fields, filters, total and page count', async () => {
    const data = await load('sorting')
    expect(data.category).toEqual({
      id: sorting.id,
      name: 'Sorting',
      slug: 'sorting',
      description: 'Sort me.',
      image_url: null,
    })
    expect(data.filters).toEqual(DEFAULT_FILTERS)
    expect(data.total).toBe(5)
    expect(data.pageCount).toBe(1)
  })

  test('an unknown slug is a 404 "Category not found."', async () => {
    const response = await thrownResponse(() => load('no-such-category'))
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('Category not found.')
  })

  test('a hidden category is a 404 even though it has products', async () => {
    const response = await thrownResponse(() => load('secret'))
    expect(response.status).toBe(404)
  })

  test('an empty category lists nothing, with a total of 0 and one page', async () => {
    const data = await load('empty')
    expect(data.products).toEqual([])
    expect(data.total).toBe(0)
    expect(data.pageCount).toBe(1)
  })

  test('hidden products are never listed nor counted, whatever the sort', async () => {
    for (const sort of ['newest', 'price-low', 'price-high', 'rating']) {
      const data = await load('sorting', `sort=${sort}`)
      expect(data.products.map((p) => p.asin)).not.toContain(s.hidden!.asin)
      expect(data.total, sort).toBe(5)
    }
  })
})

describe('sorting', () => {
  test('newest (the default): created_at, newest first', async () => {
    const expected = [s.p5, s.p4, s.p3, s.p2, s.p1].map((p) => p!.asin)
    expect(await asinsOf('sorting')).toEqual(expected)
    expect(await asinsOf('sorting', 'sort=newest')).toEqual(expected)
  })

  test('price-low: effective price (manual over API) ascending, products without a price last', async () => {
    // effective: p2 8 (manual), p1 15, p4 25, p5 60 (manual), p3 none
    expect(await asinsOf('sorting', 'sort=price-low')).toEqual([s.p2, s.p1, s.p4, s.p5, s.p3].map((p) => p!.asin))
  })

  test('price-high: effective price descending, products without a price still last', async () => {
    expect(await asinsOf('sorting', 'sort=price-high')).toEqual([s.p5, s.p4, s.p1, s.p2, s.p3].map((p) => p!.asin))
  })

  test('rating: highest first, a tie broken by more reviews', async () => {
    expect(await asinsOf('sorting', 'sort=rating')).toEqual([s.p4, s.p2, s.p1, s.p3, s.p5].map((p) => p!.asin))
  })

  test('the chosen sort is echoed in the filters', async () => {
    expect((await load('sorting', 'sort=price-high')).filters).toEqual({ ...DEFAULT_FILTERS, sort: 'price-high' })
  })
})

describe('price range (inclusive, on the effective price)', () => {
  const keys = (...names: string[]) => names.map((name) => r[name]!.asin)

  test('no range lists everything, unpriced products included', async () => {
    const data = await load('range', 'sort=price-low')
    expect(data.total).toBe(9)
    expect(data.products.map((p) => p.asin)).toEqual(
      keys('p1999', 'p20', 'manual30', 'p35', 'p50', 'p5001', 'p120', 'manual200', 'none'),
    )
  })

  test('min=20&max=50 includes a product at exactly 20 and exactly 50, excludes 19.99 and 50.01', async () => {
    const data = await load('range', 'min=20&max=50&sort=price-low')
    expect(data.filters).toEqual({ ...DEFAULT_FILTERS, sort: 'price-low', minPrice: 20, maxPrice: 50 })
    expect(data.products.map((p) => p.asin)).toEqual(keys('p20', 'manual30', 'p35', 'p50'))
    expect(data.total).toBe(4)
  })

  test('a manual price decides: API 200 with manual 30 is in 20-50, API 30 with manual 200 is not', async () => {
    const listed = await asinsOf('range', 'min=20&max=50')
    expect(listed).toContain(r.manual30!.asin)
    expect(listed).not.toContain(r.manual200!.asin)
  })

  test('max=100 is the top of the slider and means no upper bound: $120 is listed', async () => {
    const data = await load('range', 'max=100&sort=price-low')
    expect(data.filters.maxPrice).toBeNull()
    expect(data.total).toBe(9)
    expect(data.products.map((p) => p.asin)).toContain(r.p120!.asin)
    expect(data.products.map((p) => p.asin)).toContain(r.manual200!.asin)
  })

  test('max=95 excludes $120 (and products without a price)', async () => {
    const data = await load('range', 'max=95&sort=price-low')
    expect(data.filters).toEqual({ ...DEFAULT_FILTERS, sort: 'price-low', maxPrice: 95 })
    expect(data.products.map((p) => p.asin)).toEqual(keys('p1999', 'p20', 'manual30', 'p35', 'p50', 'p5001'))
    expect(data.total).toBe(6)
  })

  test('min=50 alone keeps exactly 50 and everything above, with no upper bound', async () => {
    const data = await load('range', 'min=50&sort=price-low')
    expect(data.products.map((p) => p.asin)).toEqual(keys('p50', 'p5001', 'p120', 'manual200'))
    expect(data.total).toBe(4)
  })

  test('a reversed range (min=80&max=20) is put the right way round', async () => {
    const data = await load('range', 'min=80&max=20&sort=price-low')
    expect(data.filters).toEqual({ ...DEFAULT_FILTERS, sort: 'price-low', minPrice: 20, maxPrice: 80 })
    expect(data.products.map((p) => p.asin)).toEqual(keys('p20', 'manual30', 'p35', 'p50', 'p5001'))
    expect(data.total).toBe(5)
  })

  test('prices snap to the slider (step 5, 0-100)', async () => {
    expect((await load('range', 'min=22&max=48')).filters).toMatchObject({ minPrice: 20, maxPrice: 50 })
    expect((await load('range', 'min=-40&max=500')).filters).toMatchObject({ minPrice: 0, maxPrice: null })
  })
})

describe('minimum rating', () => {
  const keys = (...names: string[]) => names.map((name) => q[name]!.asin)

  test('rating=4 keeps 4.0 and above', async () => {
    const data = await load('ratings', 'rating=4&sort=rating')
    expect(data.filters.minRating).toBe(4)
    expect(data.products.map((p) => p.asin)).toEqual(keys('r50', 'r45', 'r44', 'r40'))
    expect(data.total).toBe(4)
  })

  test('rating=4.5 keeps 4.5 and above: 4.0 and 4.4 are out', async () => {
    const data = await load('ratings', 'rating=4.5&sort=rating')
    expect(data.filters.minRating).toBe(4.5)
    expect(data.products.map((p) => p.asin)).toEqual(keys('r50', 'r45'))
    expect(data.total).toBe(2)
  })

  test('rating=0 (All Ratings) keeps everything', async () => {
    const data = await load('ratings', 'rating=0&sort=rating')
    expect(data.products.map((p) => p.asin)).toEqual(keys('r50', 'r45', 'r44', 'r40', 'r39'))
    expect(data.total).toBe(5)
  })

  test('a value that is not one of the thresholds (3, 7) means all ratings', async () => {
    for (const rating of ['3', '7']) {
      const data = await load('ratings', `rating=${rating}`)
      expect(data.filters.minRating, rating).toBe(0)
      expect(data.total, rating).toBe(5)
    }
  })

  test('price range and rating combine', async () => {
    // p1 15 / 4.2 and p4 25 / 4.8 qualify; p2 (8) and p5 (60) are out of range, p3 has no price
    const data = await load('sorting', 'min=10&max=30&rating=4&sort=price-low')
    expect(data.filters).toEqual({ sort: 'price-low', minPrice: 10, maxPrice: 30, minRating: 4, page: 1 })
    expect(data.products.map((p) => p.asin)).toEqual([s.p1!.asin, s.p4!.asin])
    expect(data.total).toBe(2)
  })
})

describe('pagination (24 per page)', () => {
  const newestFirst = () => [...paged].reverse().map((p) => p.asin)

  test('page 1 has the 24 newest, page 2 the other 6, in one continuous order', async () => {
    const first = await load('paged')
    const second = await load('paged', 'page=2')
    expect(newestFirst()).toHaveLength(30)
    expectTwoPages(first, second, newestFirst())
    expect(second.filters.page).toBe(2)
  })

  test('when every sort key ties, the pages still split one stable order: no product twice, none lost', async () => {
    for (const sort of ['price-low', 'price-high']) {
      const first = await asinsOf('paged', `sort=${sort}`)
      const second = await asinsOf('paged', `sort=${sort}&page=2`)
      const all = [...first, ...second]
      expect(first, sort).toHaveLength(24)
      expect(new Set(all).size, sort).toBe(30)
      expect([...all].sort(), sort).toEqual(paged.map((p) => p.asin).sort())
      expect(await asinsOf('paged', `sort=${sort}`), `${sort} repeated`).toEqual(first)
    }
  })

  test('a page past the end is empty but keeps the total', async () => {
    const data = await load('paged', 'page=3')
    expect(data.products).toEqual([])
    expect(data.total).toBe(30)
    expect(data.pageCount).toBe(2)
  })
})

describe('the price a card shows', () => {
  const card = async (product: ProductRow) => {
    const data = await load('fresh')
    const found = data.products.find((p) => p.asin === product.asin)
    expect(found, product.asin).toBeDefined()
    return found!
  }

  test('a price last updated 25 hours ago is not current', async () => {
    expect((await card(f.stale!)).price).toEqual({ current: false })
    expect((await card(f.stale!)).unitPrice).toBeNull() // a box's price per book follows its price
  })

  test('a product never updated has no current price', async () => {
    expect((await card(f.never!)).price).toEqual({ current: false })
  })

  test('a manual price is shown over the API price; the card carries what it shows of the price, no times', async () => {
    expect(await card(f.manual!)).toEqual({
      asin: f.manual!.asin,
      title: 'Manual priced',
      image_url: 'https://m.media-amazon.com/images/I/manual.jpg',
      rating: 4.3,
      review_count: 7,
      price: { current: true, formatted: '$9.99' },
      unitPrice: { formatted: '$0.10', per: 'bag' },
    })
  })

  test('an API price 23 hours old is still current, with two decimals', async () => {
    expect((await card(f.api!)).price).toEqual({ current: true, formatted: '$12.50' })
  })

  test("the page is kept no longer than its first price stays current: the 23-hour-old one's", async () => {
    const reply = replyOf(await loader(loaderArgs('/category/fresh', { slug: 'fresh' })))
    const asOf = f.api!.last_updated!
    expect(reply.headers.get('X-Fresh-Until')).toBe(new Date(asOf.getTime() + PRICE_MAX_AGE_MS).toUTCString())
  })
})

describe('bad input renders the page with sane defaults, never a 500', () => {
  const long = 'x'.repeat(10 * 1024)
  const newest = () => [s.p5, s.p4, s.p3, s.p2, s.p1].map((p) => p!.asin)

  test.each([
    ['sort=bogus', DEFAULT_FILTERS],
    ['min=abc&max=xyz', DEFAULT_FILTERS],
    ['min=&max=', DEFAULT_FILTERS],
    ['min=1e309&max=NaN', DEFAULT_FILTERS],
    ['rating=7', DEFAULT_FILTERS],
    ['rating=four', DEFAULT_FILTERS],
    ['page=0', DEFAULT_FILTERS],
    ['page=-2', DEFAULT_FILTERS],
    ['page=1.5', DEFAULT_FILTERS],
    ['page=abc', DEFAULT_FILTERS],
    ['page=99999999999999999999', DEFAULT_FILTERS],
    [`sort=${long}&min=${long}&max=${long}&rating=${long}&page=${long}`, DEFAULT_FILTERS],
    [`min=${'9'.repeat(10 * 1024)}`, DEFAULT_FILTERS],
    [`sort=${encodeURIComponent("newest'; DROP TABLE products; --")}`, DEFAULT_FILTERS],
    [`min=${encodeURIComponent('1 OR 1=1')}&rating=${encodeURIComponent("4' OR '1'='1")}`, DEFAULT_FILTERS],
    [`sort=${encodeURIComponent('<script>alert(1)</script>')}`, DEFAULT_FILTERS],
  ])('%s', async (query, filters) => {
    const data = await load('sorting', query)
    expect(data.filters).toEqual(filters)
    expect(data.total).toBe(5)
    expect(data.products.map((p) => p.asin)).toEqual(newest())
  })

  test('repeated parameters: the first one counts', async () => {
    const data = await load('sorting', 'sort=rating&sort=bogus')
    expect(data.filters.sort).toBe('rating')
  })

  test('the catalogue is intact after the SQL-looking values', async () => {
    const { count } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(6 + 9 + 5 + 30 + 4 + 1)
  })

  test.each([
    ['a 10 kB slug', 'x'.repeat(10 * 1024)],
    ['a slug with SQL', "sorting' OR '1'='1"],
    ['a slug with HTML', '<script>alert(1)</script>'],
    ['a slug with a NUL byte (/category/a%00b)', 'sort\u0000ing'],
  ])('%s is a plain 404', async (_label, slug) => {
    expect(await statusOf(() => load(slug))).toBe(404)
  })
})

describe('breadcrumbs', () => {
  test('Home, then the category: shown on the page and as BreadcrumbList structured data', async () => {
    const data = await load('sorting')
    expect(data.breadcrumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Sorting', path: '/category/sorting' },
    ])
    expect(data.structuredData.map((block) => JSON.parse(block))).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost:3000/' },
          { '@type': 'ListItem', position: 2, name: 'Sorting', item: 'http://localhost:3000/category/sorting' },
        ],
      },
    ])
  })
})

describe('meta', () => {
  test('title is "{category} | {site name}" with the configured site name; description is the category\'s', async () => {
    const data = await load('sorting')
    const tags = meta({
      data,
      matches: [{ id: 'root', data: { siteName: 'Longbox Land' } }],
    } as unknown as Parameters<typeof meta>[0])
    expect(tags).toContainEqual({ title: 'Sorting | Longbox Land' })
    expect(tags).toContainEqual({ name: 'description', content: 'Sort me.' })
  })
})
