import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  bumpCatalogueVersion,
  currentCatalogueVersion,
  watchCatalogueVersion,
} from '#app/lib/catalogue-version.server.ts'
import { createPageCache } from '#app/lib/page-cache.server.ts'
import { getRedis } from '#app/lib/redis.server.ts'

// A real Express app with the cache in front of a handler that counts its renders.
let renders = 0
let nonceCounter = 0
const cache = createPageCache({ ttlMs: 60_000 })
const app = express()
app.use((_req, res, next) => {
  res.locals.cspNonce = `nonce${++nonceCounter}x`
  next()
})
app.use(cache.middleware)
app.get('/page', (req, res) => {
  renders++
  res.set('Cache-Control', String(req.query.cc ?? 'public, max-age=60'))
  if (req.query.freshFor) res.set('X-Fresh-Until', new Date(Date.now() + Number(req.query.freshFor)).toUTCString())
  if (req.query.cookie) res.cookie('cv_flash', 'hello')
  res.type('html')
  res.write(`<script nonce="${res.locals.cspNonce}">1</script>`)
  res.end(`<p>render ${renders}</p>`)
})

let base = ''
let stopWatching: () => Promise<void>
beforeAll(async () => {
  stopWatching = await watchCatalogueVersion()
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
  return { cache: response.headers.get('x-page-cache'), body: await response.text(), headers: response.headers }
}

describe('page cache', () => {
  test('serves the second anonymous GET from memory, with that response’s own nonce', async () => {
    cache.clear()
    const first = await get('/page?b=2&a=1')
    const second = await get('/page?a=1&b=2')
    expect(first.cache).toBe('MISS')
    expect(second.cache).toBe('HIT')
    expect(second.body).toContain('render 1')
    const firstNonce = /nonce="([^"]+)"/.exec(first.body)![1]
    const secondNonce = /nonce="([^"]+)"/.exec(second.body)![1]
    expect(secondNonce).not.toBe(firstNonce)
    expect(second.headers.get('cache-control')).toBe('public, max-age=60')
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

  test('drops every entry when the catalogue version moves on, in this process and from another', async () => {
    cache.clear()
    await get('/page?k=version')
    expect((await get('/page?k=version')).cache).toBe('HIT')
    await bumpCatalogueVersion()
    expect((await get('/page?k=version')).cache).toBe('MISS')
    expect((await get('/page?k=version')).cache).toBe('HIT')

    // Another process bumping: the change arrives over pub/sub.
    const redis = getRedis()!
    const key = `${process.env.REDIS_PREFIX}:catalogue-version`
    const next = String(await redis.incr(key))
    await redis.publish(key, next)
    await expect.poll(() => currentCatalogueVersion().split('.')[0]).toBe(next)
    expect((await get('/page?k=version')).cache).toBe('MISS')
  })

  test('an entry never outlives the freshness of the prices on it', async () => {
    cache.clear()
    await get('/page?freshFor=1500')
    expect((await get('/page?freshFor=1500')).cache).toBe('HIT')
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await get('/page?freshFor=1500')).cache).toBe('MISS')
  })
})
