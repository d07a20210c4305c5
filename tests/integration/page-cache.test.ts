import type { AddressInfo } from 'node:net'
import express, { type Response } from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inlineScriptsAllowedOn, scriptHashes } from '#app/lib/content-security-policy.server.ts'
import { createPageCache } from '#app/lib/page-cache.server.ts'
import { invalidatePages, watchPageInvalidations } from '#app/lib/page-invalidation.server.ts'
import { getRedis } from '#app/lib/redis.server.ts'
import { runnableInlineScripts } from '#tests/support/inline-scripts.ts'

// A real Express app with the cache in front of a handler that counts its renders. Pages are kept from their
// first request here; keeping from the second (the default) is tested in app/lib/page-cache.server.test.ts.
let renders = 0
const cache = createPageCache({ ttlMs: 60_000, minUses: 1 })
const app = express()
// Every response gets the site's policy, as helmet gives it (server.ts); a page adds its scripts' hashes, as
// entry.server.tsx does. Each render's script differs, so a hit's policy must be its body's, not a later render's.
const SITE_POLICY = "default-src 'self';script-src 'self';script-src-attr 'none'"
app.use((_req, res, next) => {
  res.set('Content-Security-Policy', SITE_POLICY)
  next()
})
app.use(cache.middleware)
/** A document with one inline script, `script`, allowed by its hash. */
function page(res: Response, script: string, text: string) {
  inlineScriptsAllowedOn(res)(scriptHashes([script]))
  res.type('html').end(`<script>${script}</script><p>${text}</p>`)
}
app.get('/page', (req, res) => {
  renders++
  res.set('Cache-Control', String(req.query.cc ?? 'public, max-age=60'))
  if (req.query.freshFor) res.set('X-Fresh-Until', new Date(Date.now() + Number(req.query.freshFor)).toUTCString())
  if (req.query.cookie) res.cookie('cv_flash', 'hello')
  page(res, `render(${renders})`, `render ${renders}`)
})

// Product pages, tagged by their address (docs/decisions/030), each render numbered.
app.get('/product/:asin', (req, res) => {
  renders++
  res.set('Cache-Control', 'public, max-age=60').type('html').end(`<p>${req.params.asin} render ${renders}</p>`)
})

// A slow page (a render that takes `delay` ms), counting renders per `k`; `first` spoils its first render.
const slowRenders = new Map<string, number>()
app.get('/slow', async (req, res) => {
  const key = String(req.query.k)
  const render = (slowRenders.get(key) ?? 0) + 1
  slowRenders.set(key, render)
  await new Promise((resolve) => setTimeout(resolve, Number(req.query.delay ?? 300)))
  if (render === 1 && req.query.first === 'error') {
    res.status(500).type('text').end('failed')
    return
  }
  res.set('Cache-Control', render === 1 && req.query.first === 'private' ? 'private' : 'public, max-age=60')
  page(res, `render(${render})`, `slow ${key} render ${render}`)
})

let base = ''
let stopWatching: () => Promise<void>
beforeAll(async () => {
  stopWatching = await watchPageInvalidations()
  await new Promise<void>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve()
    })
    afterAll(() => new Promise<void>((done) => server.close(() => done())))
  })
})
afterAll(() => stopWatching())

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers })
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    body: await response.text(),
    headers: response.headers,
  }
}

const together = (count: number, path: string) => Promise.all(Array.from({ length: count }, () => get(path)))

/** The hashes in a response's script-src are exactly those of its body's inline scripts. */
function expectPolicyOfItsBody(response: { body: string; headers: Headers }) {
  const policy = response.headers.get('content-security-policy') ?? ''
  const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src '))!
  const hashes = scriptSrc.split(' ').filter((source) => source.startsWith("'sha256-"))
  expect(hashes).toEqual(scriptHashes(runnableInlineScripts(response.body)))
  expect(hashes.length).toBeGreaterThan(0)
}

describe('page cache', () => {
  test('serves the second anonymous GET from memory: the same body, with the policy of its scripts', async () => {
    cache.clear()
    const first = await get('/page?b=2&a=1')
    const second = await get('/page?a=1&b=2')
    expect(first.cache).toBe('MISS')
    expect(second.cache).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
    expectPolicyOfItsBody(second)
    expect(second.headers.get('cache-control')).toBe('public, max-age=60')
    // A HEAD hit sends the same policy, with no body.
    const head = await fetch(`${base}/page?a=1&b=2`, { method: 'HEAD' })
    expect(head.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'))
  })

  test('never serves or stores for a request with a cookie', async () => {
    cache.clear()
    await get('/page?k=cookie')
    const withCookie = await get('/page?k=cookie', { cookie: 'cv_session=abc' })
    expect(withCookie.cache).toBeNull()
  })

  test('keeps only public 200s that set no cookie', async () => {
    cache.clear()
    for (const query of ['cc=private', 'cc=no-store', 'cookie=1']) {
      await get(`/page?${query}`)
      expect((await get(`/page?${query}`)).cache, query).toBe('MISS')
    }
  })

  test('a write drops the pages it names: in this process before it returns, in the others over Redis', async () => {
    cache.clear()
    const warm = async () => {
      for (const path of ['/product/A000000001', '/product/B000000001', '/page?k=any']) await get(path)
    }
    const cached = async () =>
      Promise.all(
        ['/product/A000000001', '/product/B000000001', '/page?k=any'].map(async (path) => (await get(path)).cache),
      )
    await warm()
    await invalidatePages(['product:A000000001'])
    // An address the tags do not know (here /page) is dropped by every write.
    expect(await cached()).toEqual(['MISS', 'HIT', 'MISS'])

    // Another process's write, numbered next: only what it names goes.
    const redis = getRedis()!
    const channel = `${process.env.REDIS_PREFIX}:page-invalidation`
    const counterKey = `${channel}:seq`
    const publish = async (seq: number, tags: unknown) => redis.publish(channel, JSON.stringify({ seq, tags }))
    await warm()
    await publish(await redis.incr(counterKey), ['product:B000000001'])
    await expect.poll(async () => (await get('/product/B000000001')).cache).toBe('MISS')
    expect(await cached()).toEqual(['HIT', 'HIT', 'MISS'])

    // A number skipped (a message lost): everything goes.
    await warm()
    await redis.incr(counterKey)
    await publish(await redis.incr(counterKey), ['product:B000000001'])
    await expect.poll(async () => (await get('/product/A000000001')).cache).toBe('MISS')
  })

  test('a message lost with no other after it: the periodic read of the number drops everything', async () => {
    cache.clear()
    await get('/product/A000000001')
    expect((await get('/product/A000000001')).cache).toBe('HIT')
    await getRedis()!.incr(`${process.env.REDIS_PREFIX}:page-invalidation:seq`)
    await expect
      .poll(async () => (await get('/product/A000000001')).cache, { timeout: 7_000, interval: 250 })
      .toBe('MISS')
  })

  test('an entry never outlives the freshness of the prices on it', async () => {
    cache.clear()
    await get('/page?freshFor=1500')
    expect((await get('/page?freshFor=1500')).cache).toBe('HIT')
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await get('/page?freshFor=1500')).cache).toBe('MISS')
  })
})

describe('page cache single flight', () => {
  test('20 concurrent requests for a dropped page cause one render, each answered with its body and policy', async () => {
    cache.clear()
    await get('/slow?k=popular&delay=20')
    await invalidatePages('*')
    const before = slowRenders.get('popular')

    const responses = await together(20, '/slow?k=popular')

    expect(slowRenders.get('popular')).toBe(before! + 1)
    expect(responses.map((response) => response.cache).sort()).toEqual([...Array(19).fill('HIT'), 'MISS'])
    for (const response of responses) {
      expect(response.status).toBe(200)
      expect(response.body).toContain(`slow popular render ${before! + 1}`)
      expect(response.body).toBe(responses[0]!.body)
      expectPolicyOfItsBody(response)
    }
  })

  test('when the first render cannot be kept, those waiting render for themselves', async () => {
    cache.clear()
    for (const first of ['private', 'error']) {
      const key = `spoiled-${first}`
      const responses = await together(6, `/slow?k=${key}&first=${first}`)

      // The spoiled render answered its own request only; every other request got a render of its own.
      expect(slowRenders.get(key), first).toBe(6)
      expect(
        responses.filter((response) => response.cache === 'HIT'),
        first,
      ).toEqual([])
      expect(responses.filter((response) => response.status === 200).length, first).toBe(first === 'error' ? 5 : 6)
      for (const response of responses.filter((r) => r.status === 200)) expectPolicyOfItsBody(response)
      // Those good renders were kept: the next request is a hit.
      expect((await get(`/slow?k=${key}&first=${first}`)).cache, first).toBe('HIT')
    }
  })

  test('a render slower than the wait bound does not hold the others', async () => {
    const patient = createPageCache({ waitMs: 200, minUses: 1 })
    const slowApp = express()
    let renders = 0
    slowApp.use(patient.middleware)
    slowApp.get('/', async (_req, res) => {
      const delay = ++renders === 1 ? 2_000 : 50
      await new Promise((resolve) => setTimeout(resolve, delay))
      res.set('Cache-Control', 'public').type('html').end('slow')
    })
    const server = slowApp.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
      const leader = fetch(url)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const started = Date.now()
      const waiter = await fetch(url)
      expect(waiter.status).toBe(200)
      expect(Date.now() - started).toBeLessThan(1_000)
      expect((await leader).status).toBe(200)
    } finally {
      await new Promise<void>((done) => server.close(() => done()))
    }
  })
})
