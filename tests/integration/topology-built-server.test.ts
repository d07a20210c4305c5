import http from 'node:http'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '#db/client.ts'
import { adminCookie, builtServerEnv, startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts'
import { expirePriceIn } from '#tests/support/catalogue.ts'
import { freePort } from '#tests/support/free-port.ts'
import { startReplicatedPostgres } from '#tests/support/replica.ts'
import { startVarnish, type Varnish } from '#tests/support/varnish.ts'

// The shop past one machine, with the real engines (docs/running-on-several-machines.md): two app hosts started as
// `npm start` starts them, on one Postgres with a streaming replica and one Redis, behind two varnishd running the
// project's VCL. What a visitor must never notice: a write, a price's deadline, a rolling restart, a host killed.

// The seeded shop on a primary of its own, with a standby replaying it (stopped in afterAll).
const postgres = await startReplicatedPostgres()
const { database, replica } = postgres
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }),
})

/** A probe marks a host sick after two failed checks a second apart: the drain outlasts that. */
const DRAIN_MS = 4_000
/** Long enough for both caches' probes to see a restarted host healthy again (two good checks). */
const PROBES_SEE_IT_MS = 3_500

const visible = await db
  .selectFrom('products as p')
  .innerJoin('categories as c', 'c.id', 'p.category_id')
  .select(['p.id', 'p.asin', 'p.title', 'p.price', 'p.manual_price', 'c.slug as category'])
  .where('p.soft_hidden', '=', false)
  .where('c.is_hidden', '=', false)
  .orderBy('p.id')
  .execute()
const [shown, hidden] = visible
const priced = visible.find((row) => row.manual_price === null && row.price !== null && row.id > hidden!.id)!

let caches: Varnish[] = []
const hosts: BuiltServer[] = []
const hostPorts: number[] = []
let hostEnv: Record<string, string>
let cookie = ''

const startHost = (index: number) =>
  startBuiltServer(hostEnv, { script: 'scripts/start.ts', port: hostPorts[index]! }).then(
    (host) => (hosts[index] = host),
  )

beforeAll(async () => {
  const cachePorts = [await freePort(), await freePort()]
  hostPorts.push(await freePort(), await freePort())
  hostEnv = {
    ...builtServerEnv(database),
    PAGE_CACHE: 'true',
    TRUST_PROXY: '1',
    WEB_CONCURRENCY: '1',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    DATABASE_REPLICA_URLS: replica.url(database.name),
    HTTP_CACHE_PURGE_URLS: cachePorts.map((port) => `http://127.0.0.1:${port}/`).join(','),
  }
  await Promise.all([startHost(0), startHost(1)])
  caches = await Promise.all(cachePorts.map((port) => startVarnish(hostPorts, { port })))
  cookie = await adminCookie(hostEnv)
  await replica.catchUp()
}, 120_000)

afterAll(async () => {
  await Promise.all(caches.map((cache) => cache.stop()))
  await Promise.all(hosts.map((host) => host.stop()))
  await db.destroy()
  await postgres.stop()
})

async function get(base: string, path: string) {
  const response = await fetch(base + path)
  return { status: response.status, headers: response.headers, body: await response.text() }
}

/** Varnish answered from its cache: X-Varnish names this request and the one that stored the page. */
const fromCache = (headers: Headers) => /^\d+ \d+$/.test(headers.get('x-varnish') ?? '')

/**
 * GETs through both caches until stopped, from `concurrency` visitors at once: a cached page or a new address
 * (a miss that reaches a host), alternately. Every answer that is not a 200 is a failure, named.
 */
function visitorsLoading(concurrency = 4) {
  const paths = [`/product/${shown!.asin}`, '/', `/category/${shown!.category}`]
  let running = true
  let sent = 0
  const failures: string[] = []
  const visitor = async (index: number) => {
    for (let i = index; running; i++) {
      const path = i % 2 ? paths[i % paths.length]! : `/product/${shown!.asin}?_=${index}-${i}-${Date.now()}`
      sent++
      try {
        const response = await fetch(caches[i % caches.length]!.url + path)
        await response.arrayBuffer()
        if (response.status !== 200) failures.push(`${response.status} ${path}`)
      } catch (error) {
        failures.push(`${(error as Error).message} ${path}`)
      }
    }
  }
  const visitors = Array.from({ length: concurrency }, (_, index) => visitor(index))
  return {
    async stop() {
      running = false
      await Promise.all(visitors)
      return { sent, failures }
    },
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('two app hosts behind two Varnish caches, on a primary and a replica', () => {
  test('a repeated page is a Varnish hit on each cache, and no client sees its tags', async () => {
    const path = `/product/${shown!.asin}`
    for (const cache of caches) {
      const first = await get(cache.url, path)
      const second = await get(cache.url, path)
      expect([first.status, second.status]).toEqual([200, 200])
      expect(fromCache(second.headers)).toBe(true)
      expect(second.body).toContain(shown!.title)
      for (const header of ['xkey', 'x-fresh-until', 'x-page-cache', 'surrogate-key']) {
        expect(second.headers.get(header), header).toBeNull()
      }
    }
  })

  test('hiding a product through host A: 404 through both caches as soon as the POST returns, gone from its category', async () => {
    const product = `/product/${hidden!.asin}`
    const category = `/category/${hidden!.category}`
    for (const cache of caches) {
      for (const path of [product, category, product, category]) await get(cache.url, path)
      expect(fromCache((await get(cache.url, category)).headers)).toBe(true)
    }

    const host = hosts[0]!
    const posted = await fetch(`${host.url}/admin/products`, {
      method: 'POST',
      headers: { Origin: host.url, cookie },
      body: new URLSearchParams({ intent: 'toggle-visible', id: String(hidden!.id), value: 'false' }),
      redirect: 'manual',
    })
    expect(posted.status).toBe(303)

    for (const cache of caches) {
      expect((await get(cache.url, product)).status).toBe(404)
      const listing = await get(cache.url, category)
      expect(listing.status).toBe(200)
      expect(listing.body).not.toContain(hidden!.title)
    }
  })

  test('twenty writes in a row: each page is gone from both caches when its write returns', async () => {
    const product = `/product/${shown!.asin}`
    const took: number[] = []
    for (let write = 0; write < 20; write++) {
      const visible = write % 2 === 1
      for (const cache of caches) await get(cache.url, product)
      const host = hosts[write % 2]!
      const started = performance.now()
      const posted = await fetch(`${host.url}/admin/products`, {
        method: 'POST',
        headers: { Origin: host.url, cookie },
        body: new URLSearchParams({ intent: 'toggle-visible', id: String(shown!.id), value: String(visible) }),
        redirect: 'manual',
      })
      took.push(performance.now() - started)
      expect(posted.status).toBe(303)
      for (const cache of caches) expect((await get(cache.url, product)).status).toBe(visible ? 200 : 404)
    }
    took.sort((a, b) => a - b)
    console.info(`writes with their purges: p50 ${took[9]!.toFixed(1)} ms, max ${took[19]!.toFixed(1)} ms`)
  }, 60_000)

  test('a page whose price expires in 20 s is not served with that price 25 s later', async () => {
    const deadline = await expirePriceIn(priced.id, 20_000, db)
    await replica.catchUp()
    const path = `/product/${priced.asin}`
    const price = `$${Number(priced.price).toFixed(2)}`
    for (const cache of caches) {
      await get(cache.url, path)
      const held = await get(cache.url, path)
      expect(fromCache(held.headers)).toBe(true)
      expect(held.body).toContain(price)
    }

    await pause(deadline + 5_000 - Date.now())
    for (const cache of caches) {
      const later = await get(cache.url, path)
      expect(later.status).toBe(200)
      expect(later.body).not.toContain(price)
      expect(later.body).toContain('See price on Amazon')
    }
  }, 60_000)

  test('two hits of one cached page carry no nonce, share their CSP and hydrate with no violation', async () => {
    const path = `/category/${shown!.category}`
    const cache = caches[1]!
    await get(cache.url, path)
    const [first, second] = [await get(cache.url, path), await get(cache.url, path)]
    expect(fromCache(first.headers) && fromCache(second.headers)).toBe(true)
    expect(second.body).toBe(first.body)
    for (const hit of [first, second]) {
      expect(hit.body).not.toMatch(/\snonce=/)
      expect(hit.headers.get('content-security-policy')).not.toContain("'nonce-")
      expect(hit.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    }

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
    try {
      const page = await browser.newPage()
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
      })
      for (let visit = 0; visit < 2; visit++) {
        const response = await page.goto(cache.url + path)
        expect(response!.headers()['x-varnish']).toMatch(/^\d+ \d+$/)
        await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')))
      }
      expect(violations).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)

  test('a rolling restart of both hosts under load fails no request', async () => {
    const load = visitorsLoading()
    for (const index of [0, 1]) {
      await pause(1_000)
      await hosts[index]!.stop()
      expect(await hosts[index]!.exited).toBe(0)
      await startHost(index)
      await pause(PROBES_SEE_IT_MS)
    }
    const { sent, failures } = await load.stop()
    console.info(`rolling restart of both hosts: ${sent} GETs, ${failures.length} failed`)
    expect(sent).toBeGreaterThan(100)
    expect(failures).toEqual([])
  }, 120_000)

  test('killing a host with SIGKILL under a GET load fails no GET', async () => {
    const load = visitorsLoading()
    await pause(1_500)
    hosts[0]!.kill('SIGKILL')
    await hosts[0]!.exited
    await pause(4_000)
    const { sent, failures } = await load.stop()
    console.info(`SIGKILL of one host: ${sent} GETs, ${failures.length} failed`)
    expect(sent).toBeGreaterThan(100)
    expect(failures).toEqual([])
    await startHost(0)
  }, 120_000)

  test('PURGE from an address outside the ACL is refused, and purges nothing', async () => {
    const cache = caches[0]!
    const path = `/product/${shown!.asin}`
    await get(cache.url, path)
    expect(fromCache((await get(cache.url, path)).headers)).toBe(true)

    // Loopback is one /8: 127.0.0.2 is this machine, but not "localhost", which the ACL names.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: cache.port,
          method: 'PURGE',
          localAddress: '127.0.0.2',
          headers: { 'xkey-purge': 'all' },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode!)
        },
      )
      request.on('error', reject)
      request.end()
    })
    expect(status).toBe(403)
    expect(fromCache((await get(cache.url, path)).headers)).toBe(true)
  })
})
