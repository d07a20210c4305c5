import { beforeAll, describe, expect, test } from 'vitest'
import { loader, meta } from '#app/routes/_site.search.tsx'
import { NO_SPEC_FILTERS } from '#app/schemas/spec-filters.ts'
import { db } from '#db/client.ts'
import { createProduct, hoursAgo, type ProductRow } from '#tests/support/catalogue.ts'
import { expectTwoPages } from '#tests/support/listing.ts'
import { loaderArgs, loaderData, SITE, statusOf, thrownResponse } from '#tests/support/remix.ts'

// /search?q=: SPEC §2 (search page), §5 (product text search: % and _ escaped, title or description,
// case-insensitive substring; trimmed text must be non-empty).

function search(query: string, headers?: Record<string, string>) {
  return loaderData(loader(loaderArgs(`/search${query ? `?${query}` : ''}`, {}, { headers })))
}

async function asinsFor(query: string) {
  return (await search(query)).products.map((product) => product.asin)
}

const q = (text: string) => `q=${encodeURIComponent(text)}`

const NOTHING = {
  q: null,
  total: 0,
  over: false,
  correctedTerm: null,
  elsewhere: null,
  page: 1,
  pageCount: 1,
  products: [],
  spec: NO_SPEC_FILTERS,
  facets: null,
  guides: [],
}

const p: Record<string, ProductRow> = {}
let paged: ProductRow[] = []

beforeAll(async () => {
  p.titleOld = await createProduct({
    title: 'Ultra Mylar Sleeves',
    description: 'Archival.',
    created_at: hoursAgo(5 * 24),
    price: '19.95',
    rating: '4.7',
    review_count: 3,
    image_url: 'https://m.media-amazon.com/images/I/ultra.jpg',
  })
  p.descriptionOnly = await createProduct({
    title: 'Poly bags',
    description: 'Cheaper than MYLAR, but not archival.',
    created_at: hoursAgo(1 * 24), // the newest match, yet ranked after every title match
  })
  p.titleNew = await createProduct({ title: 'mylar-lite boards', created_at: hoursAgo(3 * 24) })
  p.hidden = await createProduct({ title: 'Mylar hidden', description: '100% acid-free', soft_hidden: true })
  p.percent = await createProduct({ title: 'Acid-free boards', description: 'Boards that are 100% acid-free.' })
  p.hundred = await createProduct({ title: 'Board 100 pack', description: '1000 sheets, acid free' })
  p.underscore = await createProduct({ title: 'Bag_Board combo' })
  p.space = await createProduct({ title: 'Big Box' })

  // 26 more for paging, a minute apart.
  paged = []
  for (let i = 0; i < 26; i += 1) {
    paged.push(await createProduct({ title: `Longbox zqpage ${i}`, created_at: hoursAgo((26 - i) / 60) }))
  }
})

describe('matching', () => {
  test('a case-insensitive substring of the title or the description; title matches first, then newest', async () => {
    const expected = [p.titleNew, p.titleOld, p.descriptionOnly].map((product) => product!.asin)
    for (const text of ['mylar', 'MYLAR', 'MyLaR', 'yla']) {
      const data = await search(q(text))
      expect(
        data.products.map((product) => product.asin),
        text,
      ).toEqual(expected)
      expect(data.total, text).toBe(3)
      expect(data.q, text).toBe(text)
    }
  })

  test('hidden products never match', async () => {
    expect(await asinsFor(q('hidden'))).toEqual([])
    expect(await asinsFor(q('mylar'))).not.toContain(p.hidden!.asin)
  })

  test('each result is a product card with its price decided', async () => {
    const data = await search(q('ultra mylar'))
    expect(data.products).toHaveLength(1)
    expect(data.products[0]).toMatchObject({
      asin: p.titleOld!.asin,
      title: 'Ultra Mylar Sleeves',
      image_url: 'https://m.media-amazon.com/images/I/ultra.jpg',
      rating: 4.7,
      review_count: 3,
      price: { current: true, formatted: '$19.95' },
    })
  })

  // Issue 51: the typed text is read as words (punctuation separates them), and a text of three characters or more
  // is also found as it is; a wildcard of LIKE is never one.
  test('"%" is never a wildcard', async () => {
    const hundredPercent = await asinsFor(q('100%'))
    expect(hundredPercent).toContain(p.percent!.asin)
    expect(hundredPercent).not.toContain(p.space!.asin)
    expect(await asinsFor(q('%'))).not.toContain(p.space!.asin)
  })

  test('"_" is never a wildcard', async () => {
    expect(await asinsFor(q('g_b'))).toEqual([p.underscore!.asin])
    expect(await asinsFor(q('_'))).not.toContain(p.space!.asin)
  })

  test('a backslash is literal too', async () => {
    const data = await search(q('\\'))
    expect(data.total).toBe(0)
    expect(data.products).toEqual([])
  })

  test('surrounding spaces are ignored when matching', async () => {
    expect((await search(q('  mylar  '))).total).toBe(3)
  })

  test('no match: q echoed, total 0', async () => {
    expect(await search(q('nothing like this'))).toMatchObject({
      q: 'nothing like this',
      total: 0,
      page: 1,
      pageCount: 1,
      products: [],
    })
  })
})

describe('paging ("Found N" is the total, 24 per page)', () => {
  test('page 1 has 24, page 2 the other 2, the total is 26 on both', async () => {
    const first = await search(q('zqpage'))
    const second = await search(`${q('zqpage')}&page=2`)
    const newestFirst = [...paged].reverse().map((product) => product.asin)
    expect(newestFirst).toHaveLength(26)
    expectTwoPages(first, second, newestFirst)
    expect(second.page).toBe(2)
  })

  test.each([
    ['page=0', 'page=0'],
    ['page=-1', 'page=-1'],
    ['page=abc', 'page=abc'],
    ['page=2.5', 'page=2.5'],
    ['a 10 kB page number', `page=${'9'.repeat(10 * 1024)}`],
  ])('%s is page 1', async (_label, param) => {
    const data = await search(`${q('zqpage')}&${param}`)
    expect(data.page).toBe(1)
    expect(data.products).toHaveLength(24)
  })
})

describe('blank and missing terms', () => {
  test('no q at all: q is null, nothing searched', async () => {
    expect(await search('')).toEqual(NOTHING)
  })

  test('a blank q with a same-site Referer goes back there (302)', async () => {
    for (const blank of ['q=', 'q=%20%20%20', 'q=%09%0A']) {
      const response = await thrownResponse(() =>
        search(blank, { referer: `${SITE}/category/mylar-sleeves?sort=rating` }),
      )
      expect(response.status, blank).toBe(302)
      expect(response.headers.get('Location'), blank).toBe('/category/mylar-sleeves?sort=rating')
    }
  })

  test('a blank q without a Referer renders "enter a term"', async () => {
    expect(await search('q=')).toEqual(NOTHING)
  })

  test('a blank q with a foreign Referer renders "enter a term": never an open redirect', async () => {
    for (const referer of [
      'https://evil.example/x',
      'http://localhost:3000.evil.example/x',
      'http://localhost:3001/',
    ]) {
      expect(await search('q=', { referer }), referer).toEqual(NOTHING)
    }
  })

  test('a blank q whose Referer is this very URL does not loop', async () => {
    expect(await search('q=', { referer: `${SITE}/search?q=` })).toEqual(NOTHING)
  })

  test('a malformed Referer is ignored', async () => {
    expect(await search('q=', { referer: 'not a url' })).toEqual(NOTHING)
  })

  test('a same-site Referer whose path starts with // cannot redirect off-site', async () => {
    // http://localhost:3000//evil.example/x has the path //evil.example/x: as a Location, a
    // protocol-relative URL that a browser follows to https://evil.example/x.
    for (const path of ['//evil.example/x', '/\\evil.example/x']) {
      let location: string | null = null
      try {
        await search('q=', { referer: `${SITE}${path}` })
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown
        location = thrown.headers.get('Location')
      }
      if (location !== null) expect(new URL(location, 'https://site.example').host, path).toBe('site.example')
    }
  })
})

describe('bad input renders a normal page, never a 500', () => {
  test('a 10 kB q is cut to 100 characters', async () => {
    const data = await search(q('x'.repeat(10 * 1024)))
    expect(data.q).toBe('x'.repeat(100))
    expect(data.total).toBe(0)
  })

  test('a long run of spaces before the term does not turn the search into "match everything"', async () => {
    const data = await search(q(`${' '.repeat(300)}mylar`))
    expect(data.q?.trim()).toBe('mylar')
    expect(data.products.map((product) => product.asin)).toEqual(
      [p.titleNew, p.titleOld, p.descriptionOnly].map((product) => product!.asin),
    )
  })

  test('SQL in q is only text: echoed, matching nothing, and the table is intact', async () => {
    const sql = "' OR 1=1; DROP TABLE products; --"
    expect(await search(q(sql))).toMatchObject({ q: sql, total: 0, page: 1, pageCount: 1, products: [] })
    const { count } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(8 + 26)
  })

  test('HTML in q is echoed as data (React escapes it when rendering)', async () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(1)>'
    expect(await search(q(html))).toMatchObject({ q: html, total: 0, page: 1, pageCount: 1, products: [] })
  })

  test('a q with a NUL byte (%00) is not a 500', async () => {
    expect(await statusOf(() => search('q=my%00lar'))).toBe(200)
  })

  test('malformed percent-encoding is not a 500', async () => {
    expect(await statusOf(() => search('q=%E0%A4%A'))).toBe(200)
  })
})

describe('meta', () => {
  const root = { id: 'root', data: { siteName: 'Comic Vault Supplies' } }
  type MetaArgs = Parameters<typeof meta>[0]

  const descriptions = (tags: ReturnType<typeof meta>) =>
    tags.filter((tag) => 'name' in tag && tag.name === 'description').map((tag) => (tag as { content: string }).content)

  test('with a term: Results for "{q}", a description naming the term and the count, and not indexed', async () => {
    const data = await search(q('mylar'))
    expect(data.total).toBe(3)
    const tags = meta({ data, matches: [root] } as unknown as MetaArgs)
    expect(tags).toContainEqual({ title: 'Results for "mylar" | Comic Vault Supplies' })
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, follow' })
    expect(descriptions(tags)).toEqual([
      'Found 3 products for "mylar" on Comic Vault Supplies: comic storage supplies with prices updated daily from Amazon.',
    ])
  })

  test('one match: "Found 1 product"', async () => {
    const data = await search(q('Bag_Board'))
    expect(data.total).toBe(1)
    const tags = meta({ data, matches: [root] } as unknown as MetaArgs)
    expect(descriptions(tags)[0]).toMatch(/^Found 1 product for "Bag_Board" on Comic Vault Supplies: /)
  })

  test('no match: the description says so, with the term', async () => {
    const tags = meta({ data: await search(q('zzzznotfound')), matches: [root] } as unknown as MetaArgs)
    expect(descriptions(tags)).toEqual([
      'No products found for "zzzznotfound" on Comic Vault Supplies. Try a different search term, or browse comic bags, boards, sleeves and boxes by category.',
    ])
  })

  test('without a term: Search Products, with a generic description', async () => {
    const tags = meta({ data: await search(''), matches: [root] } as unknown as MetaArgs)
    expect(tags).toContainEqual({ title: 'Search Products | Comic Vault Supplies' })
    expect(descriptions(tags)).toEqual([
      'Search Comic Vault Supplies for comic bags, boards, Mylar sleeves, boxes and more, with prices updated daily from Amazon.',
    ])
  })
})
