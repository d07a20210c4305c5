import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { loader as homeLoader, meta as homeMeta } from '#app/routes/_site._index.tsx'
import { loader as goLoader } from '#app/routes/go.$asin.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'
import { createCategory, createProduct, hoursAgo, type CategoryRow, type ProductRow } from '#tests/support/catalogue.ts'
import { CLIENT_IP, loaderArgs, loaderData, SITE, statusOf, thrownResponse } from '#tests/support/remix.ts'

// The home page (SPEC §2: carousel of up to 8 featured products, "Shop by Category") and /go/{asin},
// the outbound affiliate redirect (SPEC §5 affiliate URL normalisation, §9 tag and utm parameters,
// §3 clicks).
// A site with its own Associates tag; the untagged one is tests/integration/affiliate-tag-unset-built-server.test.ts.
process.env.AFFILIATE_TAG = 'comicvault-20'

const TZ = 'America/New_York'

describe('home', () => {
  let featured: ProductRow[] = []
  let newestVisible: ProductRow
  let bags: CategoryRow
  let boxes: CategoryRow

  beforeAll(async () => {
    // Ten visible featured products, 1..7 and 25..27 hours old: the 8 newest include one with a stale price.
    featured = []
    for (const age of [3, 1, 27, 5, 25, 2, 7, 26, 4, 6]) {
      featured.push(await createProduct({ title: `Featured ${age}h`, is_featured: true, last_updated: hoursAgo(age) }))
    }
    await createProduct({
      title: 'Featured but hidden',
      is_featured: true,
      soft_hidden: true,
      last_updated: new Date(),
    })
    await createProduct({ title: 'Featured, never updated', is_featured: true, last_updated: null })
    newestVisible = await createProduct({ title: 'Not featured, newest', last_updated: hoursAgo(0.5) })

    boxes = await createCategory({ slug: 'short-boxes', name: 'Short Boxes', description: 'Boxes.' })
    bags = await createCategory({ slug: 'bags', name: 'Bags', image_url: '/uploads/bags.jpg' })
    const secret = await createCategory({ slug: 'secret', name: 'Secret', is_hidden: true })
    await createProduct({ category_id: boxes.id, last_updated: hoursAgo(30) })
    await createProduct({ category_id: boxes.id, last_updated: hoursAgo(30) })
    await createProduct({ category_id: boxes.id, soft_hidden: true, last_updated: hoursAgo(30) })
    await createProduct({ category_id: secret.id, last_updated: hoursAgo(30) })
  })

  test('featured: visible featured products only, at most 8, newest last_updated first', async () => {
    const data = await loaderData(homeLoader())
    const byAge = (title: string) => featured.find((product) => product.title === title)!.asin
    expect(data.featured.map((card) => card.asin)).toEqual(
      ['1h', '2h', '3h', '4h', '5h', '6h', '7h', '25h'].map((age) => byAge(`Featured ${age}`)),
    )
  })

  test('featured cards carry the price decision: 25 h old is not current', async () => {
    const data = await loaderData(homeLoader())
    expect(data.featured[7]!.title).toBe('Featured 25h')
    expect(data.featured[7]!.price).toEqual({ current: false })
    expect(data.featured[0]!.price).toEqual({ current: true, formatted: '$10.00' })
  })

  test('the last update is the newest price of any visible product', async () => {
    const data = await loaderData(homeLoader())
    expect(data.lastUpdated).toBe(formatDateTime(newestVisible.last_updated!, TZ))
  })

  test('categories: visible ones by name, each with its count of visible products', async () => {
    const data = await loaderData(homeLoader())
    expect(data.categories).toEqual([
      {
        id: bags.id,
        name: 'Bags',
        slug: 'bags',
        description: null,
        image_url: '/uploads/bags.jpg',
        product_count: 0,
      },
      {
        id: boxes.id,
        name: 'Short Boxes',
        slug: 'short-boxes',
        description: 'Boxes.',
        image_url: null,
        product_count: 2,
      },
    ])
  })

  test('canonical and meta', async () => {
    const data = await loaderData(homeLoader())
    expect(data.canonical).toBe(`${SITE}/`)
    const tags = homeMeta({
      data,
      matches: [{ id: 'root', data: { siteName: 'Comic Vault Supplies' } }],
    } as unknown as Parameters<typeof homeMeta>[0])
    expect(tags).toContainEqual({ title: 'Comic Vault Supplies | Protect Your Comic Collection' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SITE}/` })
  })

  test('structured data: the Organization, and the WebSite with its search action, escaped', async () => {
    const data = await loaderData(homeLoader())
    for (const block of data.structuredData) expect(block).not.toMatch(/[<>&]/)
    expect(data.structuredData.map((block) => JSON.parse(block))).toEqual([
      { '@context': 'https://schema.org', '@type': 'Organization', name: 'Comic Vault Supplies', url: `${SITE}/` },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Comic Vault Supplies',
        url: `${SITE}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${SITE}/search?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ])
  })
})

describe('/go/{asin}', () => {
  const p: Record<string, ProductRow> = {}

  beforeAll(async () => {
    p.tagged = await createProduct({
      asin: 'B0GOTAG001',
      affiliate_url: 'https://www.amazon.com/dp/B0GOTAG001?tag=other-21&th=1',
    })
    p.untagged = await createProduct({ asin: 'B0GOUNT001', affiliate_url: 'https://www.amazon.com/dp/B0GOUNT001' })
    p.regional = await createProduct({
      asin: 'B0GOUK0001',
      affiliate_url: 'https://www.amazon.co.uk/gp/product/B0GOUK0001?tag=uk-21&tag=again-21',
    })
    p.other = await createProduct({
      asin: 'B0GOOTH001',
      affiliate_url: 'https://www.bcwsupplies.com/item?id=5&tag=theirs',
    })
    p.lookalike = await createProduct({
      asin: 'B0GOLOOK01',
      affiliate_url: 'https://amazon.com.evil.example/dp/B0GOLOOK01?tag=evil-21',
    })
    p.script = await createProduct({ asin: 'B0GOJS0001', affiliate_url: 'javascript:alert(document.cookie)' })
    p.data = await createProduct({ asin: 'B0GODATA01', affiliate_url: 'data:text/html,<script>alert(1)</script>' })
    p.garbage = await createProduct({ asin: 'B0GOBAD001', affiliate_url: 'not a url at all' })
    p.missing = await createProduct({ asin: 'B0GONULL01', affiliate_url: null })
    p.hidden = await createProduct({ asin: 'B0GOHIDE01', soft_hidden: true })
  })

  beforeEach(async () => {
    await db.deleteFrom('clicks').execute()
  })

  function go(
    asin: string,
    options: { query?: string; headers?: Record<string, string>; clientIp?: string } = {},
  ): Promise<Response> {
    return goLoader(
      loaderArgs(`/go/${encodeURIComponent(asin)}${options.query ? `?${options.query}` : ''}`, { asin }, options),
    )
  }

  async function location(asin: string, query?: string): Promise<URL> {
    const response = await go(asin, { query })
    expect(response.status).toBe(302)
    return new URL(response.headers.get('Location')!)
  }

  function clicks() {
    return db.selectFrom('clicks').selectAll().orderBy('id').execute()
  }

  const utm = { utm_source: 'localhost:3000', utm_medium: 'affiliate', utm_campaign: 'product_page' }
  const paramsOf = (url: URL) => [...url.searchParams.entries()]

  test('a tagged Amazon URL has its tag replaced by ours, keeps its other parameters, and gets utm', async () => {
    const response = await go('B0GOTAG001')
    expect(response.status).toBe(302)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const url = new URL(response.headers.get('Location')!)
    expect(url.origin + url.pathname).toBe('https://www.amazon.com/dp/B0GOTAG001')
    expect(url.searchParams.getAll('tag')).toEqual(['comicvault-20'])
    expect(Object.fromEntries(paramsOf(url))).toEqual({ th: '1', tag: 'comicvault-20', ...utm })
  })

  test('an untagged Amazon URL gets our tag added', async () => {
    const url = await location('B0GOUNT001')
    expect(url.origin + url.pathname).toBe('https://www.amazon.com/dp/B0GOUNT001')
    expect(Object.fromEntries(paramsOf(url))).toEqual({ tag: 'comicvault-20', ...utm })
  })

  test('a regional Amazon host is Amazon too: every other tag goes, ours stays alone', async () => {
    const url = await location('B0GOUK0001')
    expect(url.host).toBe('www.amazon.co.uk')
    expect(url.searchParams.getAll('tag')).toEqual(['comicvault-20'])
  })

  test('a non-Amazon URL keeps its own parameters (its tag too) and gets utm', async () => {
    const url = await location('B0GOOTH001')
    expect(url.origin + url.pathname).toBe('https://www.bcwsupplies.com/item')
    expect(Object.fromEntries(paramsOf(url))).toEqual({ id: '5', tag: 'theirs', ...utm })
  })

  test('a host that only looks like Amazon is not given our tag', async () => {
    const url = await location('B0GOLOOK01')
    expect(url.host).toBe('amazon.com.evil.example')
    expect(url.searchParams.getAll('tag')).toEqual(['evil-21'])
  })

  test.each([
    ['a javascript: URL', 'B0GOJS0001'],
    ['a data: URL', 'B0GODATA01'],
    ['an unparsable URL', 'B0GOBAD001'],
    ['no URL at all', 'B0GONULL01'],
  ])('%s falls back to the plain Amazon page, tagged', async (_label, asin) => {
    const url = await location(asin)
    expect(url.origin + url.pathname).toBe(`https://www.amazon.com/dp/${asin}`)
    expect(Object.fromEntries(paramsOf(url))).toEqual({ tag: 'comicvault-20', ...utm })
  })

  test('the destination never comes from the query string', async () => {
    const plain = (await go('B0GOTAG001')).headers.get('Location')
    const tampered = await go('B0GOTAG001', {
      query: 'url=https://evil.example&redirect=https://evil.example&to=//evil.example&tag=evil-21&utm_source=evil',
    })
    expect(tampered.status).toBe(302)
    expect(tampered.headers.get('Location')).toBe(plain)
  })

  test('a click is recorded: asin, a salted hash of the IP (not the IP), user agent and referrer', async () => {
    await go('B0GOTAG001', {
      headers: { 'User-Agent': 'Mozilla/5.0 (Test)', Referer: `${SITE}/product/B0GOTAG001` },
    })
    const rows = await clicks()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      product_asin: 'B0GOTAG001',
      user_agent: 'Mozilla/5.0 (Test)',
      referrer: `${SITE}/product/B0GOTAG001`,
    })
    expect(rows[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(rows[0]!.ip_hash).not.toContain(CLIENT_IP)
    expect(rows[0]!.clicked_at.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  test('without headers the user agent and referrer are null', async () => {
    await go('B0GOUNT001')
    expect(await clicks()).toMatchObject([{ product_asin: 'B0GOUNT001', user_agent: null, referrer: null }])
  })

  test('the same IP the same day gives the same hash; another IP another one', async () => {
    await go('B0GOTAG001', { clientIp: '198.51.100.1' })
    await go('B0GOUNT001', { clientIp: '198.51.100.1' })
    await go('B0GOTAG001', { clientIp: '198.51.100.2' })
    await go('B0GOTAG001', { clientIp: '2001:db8::1' })
    const hashes = (await clicks()).map((row) => row.ip_hash)
    expect(hashes).toHaveLength(4)
    expect(hashes[0]).toBe(hashes[1])
    expect(hashes[2]).not.toBe(hashes[0])
    expect(hashes[3]).not.toBe(hashes[0])
    expect(hashes[3]).not.toBe(hashes[2])
  })

  test('a very long user agent and referrer are cut, not refused', async () => {
    const response = await go('B0GOTAG001', {
      headers: { 'User-Agent': 'u'.repeat(10_000), Referer: `${SITE}/?${'r'.repeat(10_000)}` },
    })
    expect(response.status).toBe(302)
    const [row] = await clicks()
    expect(row!.user_agent!.length).toBeLessThanOrEqual(512)
    expect(row!.referrer!.length).toBeLessThanOrEqual(2048)
  })

  test.each([
    ['an unknown asin', 'B0NOPE0000'],
    ['a hidden product', 'B0GOHIDE01'],
    ['a malformed asin', 'not-an-asin'],
    ['a lower-case asin', 'b0gotag001'],
    ['a 10 kB asin', 'B'.repeat(10 * 1024)],
    ['SQL', "B0GOTAG001' OR '1'='1"],
  ])('%s is a 404 and records no click', async (_label, asin) => {
    const response = await thrownResponse(() => go(asin))
    expect(response.status).toBe(404)
    expect(response.headers.get('Location')).toBeNull()
    expect(await clicks()).toEqual([])
  })

  test('no error leaks as a 500 for odd request data', async () => {
    expect(await statusOf(() => go('B0GOTAG001', { query: `x=${'%00'.repeat(100)}` }))).toBe(302)
  })
})
