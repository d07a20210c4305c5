import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '#db/client.ts'
import { seedDatabase } from '#db/seed-data/index.ts'
import { adminCookie, builtServerEnv, startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts'
import { expirePriceIn, shownProducts } from '#tests/support/catalogue.ts'
import { freePort } from '#tests/support/free-port.ts'
import { startVarnish, type Varnish } from '#tests/support/varnish.ts'

// The production build behind a real varnishd running the project's VCL (docs/decisions/054): pages are shared
// from Varnish without their tags showing, and a write through the panel purges them before it answers. The
// app also purges a second cache that takes connections and never answers, which costs each write its short
// timeout and nothing more.

await seedDatabase(db)
const databaseUrl = process.env.DATABASE_URL!
const database = { name: new URL(databaseUrl).pathname.slice(1), url: databaseUrl }

let server: BuiltServer
let varnish: Varnish
let silent: net.Server
const silentSockets = new Set<net.Socket>()
let cookie = ''

const [shown, hidden] = await shownProducts()
  .select(['p.id', 'p.asin', 'p.title', 'c.slug as category'])
  .orderBy('p.id')
  .limit(2)
  .execute()

// A third product with Amazon's price shown (no manual price), for the deadline.
const priced = await shownProducts()
  .select(['p.id', 'p.asin', 'p.price'])
  .where('p.manual_price', 'is', null)
  .where('p.price', 'is not', null)
  .where('p.id', 'not in', [shown!.id, hidden!.id])
  .orderBy('p.id')
  .executeTakeFirstOrThrow()

beforeAll(async () => {
  silent = net.createServer((socket) => {
    silentSockets.add(socket)
    socket.once('close', () => silentSockets.delete(socket))
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}/`
  const varnishPort = await freePort()
  const env = {
    ...builtServerEnv(database),
    PAGE_CACHE: 'true',
    TRUST_PROXY: '1',
    HTTP_CACHE_PURGE_URLS: `http://127.0.0.1:${varnishPort}/,${silentUrl}`,
  }
  server = await startBuiltServer(env)
  varnish = await startVarnish([server.port], { port: varnishPort })
  cookie = await adminCookie(env)
}, 90_000)

afterAll(async () => {
  await varnish?.stop()
  await server?.stop()
  for (const socket of silentSockets) socket.destroy()
  await new Promise((resolve) => silent?.close(resolve))
})

async function get(path: string, base = varnish.url) {
  const response = await fetch(base + path)
  return { status: response.status, headers: response.headers, body: await response.text() }
}

/** Varnish answered from its cache: X-Varnish names this request and the one that stored the page. */
const fromVarnish = (headers: Headers) => /^\d+ \d+$/.test(headers.get('x-varnish') ?? '')

describe('the built server behind Varnish', () => {
  test('a repeated page is a Varnish hit; the client sees neither its tags nor the app’s notes to the cache', async () => {
    const path = `/product/${shown!.asin}`
    const direct = await get(path, server.url)
    expect(direct.headers.get('xkey')).toBe(`product:${shown!.asin} all`)

    const first = await get(path)
    const second = await get(path)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(fromVarnish(first.headers)).toBe(false)
    expect(fromVarnish(second.headers)).toBe(true)
    expect(second.body).toContain(shown!.title)
    for (const header of ['xkey', 'x-fresh-until', 'x-page-cache', 'surrogate-control']) {
      expect(second.headers.get(header), header).toBeNull()
    }
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/)
  })

  test('PURGE from loopback with xkey-purge drops the tagged page, and only it', async () => {
    const path = `/product/${shown!.asin}`
    const category = `/category/${shown!.category}`
    await get(path)
    await get(category)
    expect(fromVarnish((await get(category)).headers)).toBe(true)

    const purge = await fetch(varnish.url, { method: 'PURGE', headers: { 'xkey-purge': `product:${shown!.asin}` } })
    expect(purge.status).toBe(200)
    expect(fromVarnish((await get(path)).headers)).toBe(false)
    expect(fromVarnish((await get(category)).headers)).toBe(true)
  })

  test('a price seconds from its 24-hour deadline is served from Varnish until then, never after', async () => {
    const deadline = await expirePriceIn(priced.id, 4_000)
    const path = `/product/${priced.asin}`
    const price = `$${Number(priced.price).toFixed(2)}`
    await get(path)
    const held = await get(path)
    expect(fromVarnish(held.headers)).toBe(true)
    expect(held.body).toContain(price)
    const control = held.headers.get('cache-control')!
    const left = Number(/s-maxage=(\d+)/.exec(control)?.[1]) + Number(/stale-while-revalidate=(\d+)/.exec(control)?.[1])
    expect(left).toBeLessThanOrEqual(4)

    await new Promise((resolve) => setTimeout(resolve, deadline - Date.now() + 300))
    const after = await get(path)
    expect(after.status).toBe(200)
    expect(after.body).not.toContain(price)
    expect(after.body).toContain('See price on Amazon')
  })

  test('hiding a product in the panel: 404 through Varnish as soon as the POST returns, gone from its category', async () => {
    const path = `/product/${hidden!.asin}`
    const category = `/category/${hidden!.category}`
    for (const page of [path, category, path, category]) await get(page)
    const before = await get(category)
    expect(fromVarnish(before.headers)).toBe(true)
    expect(before.body).toContain(hidden!.title)
    expect(fromVarnish((await get(path)).headers)).toBe(true)

    const started = Date.now()
    const posted = await fetch(`${varnish.url}/admin/products`, {
      method: 'POST',
      headers: { Origin: varnish.url, cookie },
      body: new URLSearchParams({ intent: 'toggle-visible', id: String(hidden!.id), value: 'false' }),
      redirect: 'manual',
    })
    const took = Date.now() - started
    expect(posted.status).toBe(303)

    expect((await get(path)).status).toBe(404)
    const after = await get(category)
    expect(after.status).toBe(200)
    expect(after.body).not.toContain(hidden!.title)

    // The silent cache cost the write its two 500 ms attempts, no more; the write stands, and the miss is logged.
    expect(took).toBeGreaterThanOrEqual(1_000)
    expect(took).toBeLessThan(2_500)
    const saved = await db.selectFrom('products').select('soft_hidden').where('id', '=', hidden!.id).executeTakeFirst()
    expect(saved?.soft_hidden).toBe(true)
    await expect.poll(() => server.output()).toContain('shared cache not purged')
  })
})
