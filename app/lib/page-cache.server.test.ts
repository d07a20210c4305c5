import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { serveForTests } from '#tests/support/serve.ts'
import { createInvalidationSequence } from './invalidation-sequence.ts'
import { cacheKey, createPageCache } from './page-cache.server.ts'
import { dropPages } from './page-drops.server.ts'
import { productChanged } from './page-tags.ts'

// The cache in front of a stand-in for the storefront's routes, each render numbered per address, so a test
// sees which pages a write dropped (docs/decisions/030). `delay` makes a render slow. Pages are kept from their
// first request here; keeping from the second (the default) has tests of its own, at the end.
const cache = createPageCache({ minUses: 1 })
const renders = new Map<string, number>()
const app = express()
app.use(cache.middleware)
app.get(
  ['/', '/about', '/robots.txt', '/search', '/product/:asin', '/reviews/:asin', '/category/:slug'],
  async (req, res) => {
    const render = (renders.get(req.path) ?? 0) + 1
    renders.set(req.path, render)
    await new Promise((resolve) => setTimeout(resolve, Number(req.query.delay ?? 0)))
    res.set('Cache-Control', 'public, max-age=60').type('html').end(`${req.path} render ${render}`)
  },
)

let base = ''
beforeAll(async () => {
  base = await serveForTests(app)
})
afterAll(() => cache.close())
beforeEach(() => cache.clear())

async function get(path: string) {
  const response = await fetch(base + path)
  return { cache: response.headers.get('x-page-cache'), body: await response.text() }
}

const PAGES = ['/product/A', '/reviews/A', '/product/B', '/category/x', '/category/x?sort=price-low', '/category/y']
const OTHERS = ['/search?q=sleeve', '/', '/about', '/robots.txt']

/** Renders each page once, so each is a hit until something drops it. */
async function warm(paths: string[]) {
  for (const path of paths) await get(path)
  for (const path of paths) expect((await get(path)).cache, path).toBe('HIT')
}

async function stillCached(paths: string[]) {
  return Object.fromEntries(await Promise.all(paths.map(async (path) => [path, (await get(path)).cache === 'HIT'])))
}

describe('invalidation by tags', () => {
  test('a write naming product:A drops its pages and keeps every other product’s and every listing', async () => {
    await warm([...PAGES, ...OTHERS])
    dropPages(['product:A'])
    expect(await stillCached([...PAGES, ...OTHERS])).toEqual({
      '/product/A': false,
      '/reviews/A': false,
      '/product/B': true,
      '/category/x': true,
      '/category/x?sort=price-low': true,
      '/category/y': true,
      '/search?q=sleeve': true,
      '/': true,
      '/about': true,
      '/robots.txt': true,
    })
  })

  test('a change to product A in category x drops its pages, x’s pages, search, the site-wide lists and the text pages that may embed it', async () => {
    await warm([...PAGES, ...OTHERS])
    dropPages(productChanged('A', ['x']))
    expect(await stillCached([...PAGES, ...OTHERS])).toEqual({
      '/product/A': false,
      '/reviews/A': false,
      '/product/B': true,
      '/category/x': false,
      '/category/x?sort=price-low': false,
      '/category/y': true,
      '/search?q=sleeve': false,
      '/': false,
      // An information page's text may embed any product (docs/decisions/052); robots.txt shows none.
      '/about': false,
      '/robots.txt': true,
    })
  })

  test('"*" drops every page', async () => {
    await warm([...PAGES, ...OTHERS])
    dropPages('*')
    expect(Object.values(await stillCached([...PAGES, ...OTHERS]))).not.toContain(true)
  })
})

describe('invalidation and single flight', () => {
  test('a render in flight when a write touches its page is not kept, and those waiting render for themselves', async () => {
    const path = '/product/A'
    const before = renders.get(path) ?? 0
    const leader = get(`${path}?delay=300`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const waiters = Promise.all([1, 2, 3].map(() => get(`${path}?delay=300`)))
    await new Promise((resolve) => setTimeout(resolve, 50))
    dropPages(['product:A'])
    // Arriving after the write, it joins a render that started after it, never the leader's.
    const latecomer = get(`${path}?delay=300`)

    const answers = [await leader, ...(await waiters)]
    expect(answers.map((answer) => answer.cache)).toEqual(['MISS', 'MISS', 'MISS', 'MISS'])
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(4)
    expect(renders.get(path)).toBe(before + 4)
    const leadersRender = answers[0]!.body
    expect((await latecomer).body).not.toBe(leadersRender)
    // What is kept is a render that started after the write.
    const next = await get(`${path}?delay=300`)
    expect(next.cache).toBe('HIT')
    expect(next.body).not.toBe(leadersRender)
  })

  test('a render in flight for a page the write did not touch still answers those waiting', async () => {
    const path = '/product/B'
    const before = renders.get(path) ?? 0
    const leader = get(`${path}?delay=200`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const waiters = Promise.all([1, 2].map(() => get(`${path}?delay=200`)))
    await new Promise((resolve) => setTimeout(resolve, 50))
    dropPages(['product:A'])

    const answers = [await leader, ...(await waiters)]
    expect(answers.map((answer) => answer.cache)).toEqual(['MISS', 'HIT', 'HIT'])
    expect(renders.get(path)).toBe(before + 1)
  })
})

describe('numbered invalidations from other processes', () => {
  test('the next number drops what it names; a gap, or a read beyond the last number seen, drops everything', async () => {
    const sequence = createInvalidationSequence(dropPages)
    sequence.observed(10)
    await warm([...PAGES, ...OTHERS])

    sequence.message(11, ['product:A'])
    expect(await stillCached(['/product/A', '/product/B', '/category/x'])).toEqual({
      '/product/A': false,
      '/product/B': true,
      '/category/x': true,
    })

    await warm(['/product/A'])
    sequence.message(13, ['product:A']) // 12 never arrived
    expect(await stillCached(['/product/B', '/category/x', '/about'])).toEqual({
      '/product/B': false,
      '/category/x': false,
      '/about': false,
    })

    await warm(PAGES)
    sequence.observed(13) // nothing new
    expect(Object.values(await stillCached(PAGES))).not.toContain(false)
    sequence.observed(14) // published, and the message lost
    expect(Object.values(await stillCached(PAGES))).not.toContain(true)
  })

  test("this process's own message, coming back, drops nothing more: it dropped those pages when it wrote", async () => {
    const sequence = createInvalidationSequence(dropPages)
    sequence.observed(20)
    await warm(PAGES) // rendered after the write, from the new data
    sequence.message(21, ['product:A'], true)
    expect(Object.values(await stillCached(PAGES))).not.toContain(false)
    sequence.message(23, ['product:B'], true) // 22 never arrived: what it said is unknown
    expect(Object.values(await stillCached(PAGES))).not.toContain(true)
  })
})

describe('a page is kept from its second request (docs/decisions/033)', () => {
  async function shop(options: Parameters<typeof createPageCache>[0] = {}) {
    const shopCache = createPageCache(options)
    const rendered = new Map<string, number>()
    const shopApp = express()
    shopApp.use(shopCache.middleware)
    shopApp.get('/product/:asin', async (req, res) => {
      const render = (rendered.get(req.path) ?? 0) + 1
      rendered.set(req.path, render)
      await new Promise((resolve) => setTimeout(resolve, Number(req.query.delay ?? 0)))
      res.set('Cache-Control', 'public, max-age=60').type('html').end(`${req.path} render ${render}`)
    })
    const server = shopApp.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const visit = async (path: string) => {
      const response = await fetch(url + path)
      return { cache: response.headers.get('x-page-cache'), body: await response.text() }
    }
    const close = () => {
      shopCache.close()
      return new Promise<void>((done) => server.close(() => done()))
    }
    return { cache: shopCache, rendered, visit, close }
  }

  test('an address asked for once leaves nothing in the cache; the second request is kept', async () => {
    const { cache: shopCache, visit, close } = await shop()
    try {
      expect(await visit('/product/A')).toEqual({ cache: 'MISS', body: '/product/A render 1' })
      expect(shopCache.size).toBe(0)
      expect(await visit('/product/A')).toEqual({ cache: 'MISS', body: '/product/A render 2' })
      expect(await visit('/product/A')).toEqual({ cache: 'HIT', body: '/product/A render 2' })
      expect(shopCache.size).toBe(1)
    } finally {
      await close()
    }
  })

  test('a kept page a write dropped is kept again at its next request, by one render for all who ask', async () => {
    const { rendered, visit, close } = await shop()
    try {
      await visit('/product/A?delay=50')
      await visit('/product/A?delay=50')
      dropPages(['product:A'])
      const answers = await Promise.all(Array.from({ length: 5 }, () => visit('/product/A?delay=50')))
      expect(answers.map((answer) => answer.cache).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'MISS'])
      expect(rendered.get('/product/A')).toBe(3)
      expect((await visit('/product/A?delay=50')).cache).toBe('HIT')
    } finally {
      await close()
    }
  })

  test('only the latest addresses are remembered: four times as many as pages are kept', async () => {
    const { cache: shopCache, visit, close } = await shop({ maxEntries: 2 })
    try {
      await visit('/product/A')
      for (let n = 1; n <= 8; n++) await visit(`/product/N${n}`) // eight newer addresses: A is forgotten
      await visit('/product/A')
      expect(shopCache.size).toBe(0)
      await visit('/product/N8') // still remembered
      expect(shopCache.size).toBe(1)
    } finally {
      await close()
    }
  })
})

describe('the key: the query as the route reads it (URLSearchParams), never as Express parses it', () => {
  const key = (target: string) => cacheKey(new URL(`http://x${target}`))

  test('parameter order does not matter across names; values keep their order within one', () => {
    expect(key('/category/x?sort=price&page=2')).toBe(key('/category/x?page=2&sort=price'))
    expect(key('/search?q=a&q=b')).not.toBe(key('/search?q=b&q=a'))
    expect(key('/search?q=zzz&q=mylar')).not.toBe(key('/search?q=mylar'))
    // Written differently, read the same by the route: one key.
    expect(key('/search?q=a+b')).toBe(key('/search?q=a%20b'))
    expect(key('/search?q[]=a')).toBe(key('/search?q%5B%5D=a'))
  })

  test.each([
    ['/search?q%5B%5D=mylar', '/search?q=mylar'],
    ['/search?q[]=mylar', '/search?q=mylar'],
    ['/search?q.x=mylar', '/search?q=mylar'],
    ['/search?q[x]=mylar', '/search?q=mylar'],
    ['/search?q=mylar&page[]=2', '/search?q=mylar&page=2'],
    ['/search?q=mylar&_data[]=routes%2Fsearch', '/search?q=mylar&_data=routes%2Fsearch'],
    ['/product/A/..', '/product/A'],
  ])('%s is not %s', (hostile, clean) => {
    expect(key(hostile)).not.toBe(key(clean))
  })

  test('NUL is dropped as requestUrl drops it, so the first value read is the first value keyed', () => {
    // The route reads q=zzz from the first and q=mylar from the second.
    expect(key('/search?q%00=zzz&q=mylar')).toBe(key('/search?q=zzz&q=mylar'))
    expect(key('/search?q%00=zzz&q=mylar')).not.toBe(key('/search?q=mylar&q%00=zzz'))
  })

  test('the path is the one the route renders: dot segments and backslashes resolved', () => {
    expect(key('/product/A/../B')).toBe(key('/product/B'))
    expect(key('/x\\..\\search?q=a')).toBe(key('/search?q=a'))
  })
})
