import { EventEmitter } from 'node:events'
import type { NextFunction, Request, Response } from 'express'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { ViewCount } from '#app/models/product-view.server.ts'

// The view counter's bookkeeping (docs/decisions/046), with the database write replaced: what it counts, what it
// sends in one batch, what it keeps when the write fails, and the bound on what it keeps.
const saved: ViewCount[][] = []
let failNext = false
vi.mock('#app/models/product-view.server.ts', () => ({
  addProductViews: vi.fn(async (_db: unknown, counts: ViewCount[]) => {
    if (failNext) {
      failNext = false
      throw new Error('database down')
    }
    saved.push(counts)
  }),
}))
vi.mock('#db/client.ts', () => ({ db: {} }))
const { startCountingViews } = await import('./product-views.server.ts')

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const A = 'B0AAAAAAAA'
const B = 'B0BBBBBBBB'
const C = 'B0CCCCCCCC'

let counter: ReturnType<typeof startCountingViews>

function request(path: string, { status = 200, userAgent = BROWSER, method = 'GET' } = {}) {
  const req = { method, originalUrl: path, get: (name: string) => (name === 'user-agent' ? userAgent : undefined) }
  const res = Object.assign(new EventEmitter(), { statusCode: status })
  const next = vi.fn()
  counter.middleware(req as unknown as Request, res as unknown as Response, next as NextFunction)
  expect(next).toHaveBeenCalledOnce()
  res.emit('finish')
}

const total = (asin: string) => saved.flat().reduce((sum, row) => sum + (row.asin === asin ? row.views : 0), 0)

beforeEach(() => {
  saved.length = 0
  failNext = false
  vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] })
  counter = startCountingViews({ flushMs: 60_000, maxKeys: 2 })
})
afterEach(async () => {
  await counter.stop()
  vi.useRealTimers()
})

describe('the view counter', () => {
  test('counts 200 GETs of product pages and their .data, by people; one row per day and product', async () => {
    request(`/product/${A}`)
    request(`/product/${A}/`)
    request(`/Product/${A}.data`)
    request(`/product/${A}`, { status: 404 })
    request(`/product/${A}`, { status: 304 })
    request(`/product/${A}`, { method: 'HEAD' })
    request(`/product/${A}`, { userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' })
    request(`/product/${A.toLowerCase()}`)
    request(`/reviews/${A}`)
    request('/product/not-an-asin')
    await counter.flush()
    expect(saved).toEqual([[{ day: '2026-11-25', asin: A, views: 3 }]])
  })

  test('the page the route renders: dot segments and backslashes resolved as the URL parser resolves them', async () => {
    request(`/search/../product/${A}`)
    request(`/x\\..\\product/${B}`)
    request(`/product/${C}/..`)
    request(`/product/%2e%2e`)
    await counter.flush()
    expect(saved).toEqual([
      [
        { day: '2026-11-25', asin: A, views: 1 },
        { day: '2026-11-25', asin: B, views: 1 },
      ],
    ])
  })

  test('the day is the site’s (America/New_York): 02:00 UTC is still yesterday there', async () => {
    vi.setSystemTime(new Date('2026-11-26T02:00:00Z'))
    request(`/product/${A}`)
    await counter.flush()
    expect(saved).toEqual([[{ day: '2026-11-25', asin: A, views: 1 }]])
  })

  test('a failed write keeps its counts for the next flush, added to those counted meanwhile', async () => {
    request(`/product/${A}`)
    request(`/product/${A}`)
    failNext = true
    await counter.flush()
    expect(saved).toEqual([])
    request(`/product/${A}`)
    await counter.flush()
    expect(saved).toEqual([[{ day: '2026-11-25', asin: A, views: 3 }]])
  })

  test('what waits is bounded: past maxKeys days×products, new ones are dropped, known ones still count', async () => {
    request(`/product/${A}`)
    request(`/product/${B}`)
    request(`/product/${C}`)
    request(`/product/${A}`)
    await counter.flush()
    expect([total(A), total(B), total(C)]).toEqual([2, 1, 0])
  })

  test('nothing counted, nothing written', async () => {
    await counter.flush()
    expect(saved).toEqual([])
  })
})
