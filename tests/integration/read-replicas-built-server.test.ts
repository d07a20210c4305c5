import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { adminCookie, builtServerEnv, startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'
import { startReplicatedPostgres, type ReplicatedPostgres, type Replica } from '#tests/support/replica.ts'

// Two app hosts of the production build reading public pages from a streaming replica (decision 055). Replay is
// paused on the replica to make it visibly behind: what a page shows then says which database it was read from.

const WAIT_MS = 400
let postgres: ReplicatedPostgres
let database: ReplicatedPostgres['database']
let replica: Replica
let a: BuiltServer
let b: BuiltServer
let plain: BuiltServer
let cookie = ''

beforeAll(async () => {
  postgres = await startReplicatedPostgres()
  ;({ database, replica } = postgres)
  const env = {
    ...builtServerEnv(database),
    DATABASE_REPLICA_URLS: replica.url(database.name),
    REPLICA_WAIT_MS: String(WAIT_MS),
  }
  // `plain` is the same site without replicas, on the same database.
  ;[a, b, plain] = await Promise.all([
    startBuiltServer(env),
    startBuiltServer(env),
    startBuiltServer({ ...builtServerEnv(database), REDIS_PREFIX: `test:${database.name}:plain` }),
  ])
  cookie = await adminCookie(env)
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), plain?.stop()])
  await postgres?.stop()
})

const query = <T>(text: string, values: unknown[] = []) =>
  onServer(async (client) => (await client.query(text, values)).rows as T[], database.url)

/** Products the storefront shows, each of them asked for by no test before. */
let taken = 0
async function freshProduct() {
  const rows = await query<{ id: number; asin: string; title: string; slug: string }>(
    `SELECT p.id, p.asin, p.title, c.slug FROM products p JOIN categories c ON c.id = p.category_id
      WHERE NOT p.soft_hidden AND NOT c.is_hidden ORDER BY p.id OFFSET $1 LIMIT 1`,
    [taken++],
  )
  return rows[0]!
}

async function pauseReplay() {
  await replica.query(database.name, 'select pg_wal_replay_pause()')
  await expect
    .poll(
      async () =>
        (await replica.query<{ state: string }>(database.name, 'select pg_get_wal_replay_pause_state() as state'))[0]!
          .state,
    )
    .toBe('paused')
}

async function resumeReplay() {
  await replica.query(database.name, 'select pg_wal_replay_resume()')
  await replica.catchUp()
}

/** An editor hides a product from the panel on host a: the answer's status, and how long the write took to return. */
async function hideOnA(id: number) {
  const started = performance.now()
  const response = await fetch(`${a.url}/admin/products`, {
    method: 'POST',
    headers: { Origin: a.url, cookie },
    body: new URLSearchParams({ intent: 'toggle-visible', id: String(id), value: 'false' }),
    redirect: 'manual',
  })
  return { status: response.status, elapsed: performance.now() - started }
}

async function page(server: BuiltServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers })
  return { status: response.status, body: await response.text() }
}

describe('public pages on a read replica', () => {
  test('public pages read the replica; the panel, and a visitor with a cookie, read the primary; without replicas, the primary', async () => {
    const product = await freshProduct()
    const title = `Replica Probe ${Date.now()}`
    await pauseReplay()
    try {
      // Written on the primary behind the app's back: no invalidation, no wait.
      await query('UPDATE products SET title = $1 WHERE id = $2', [title, product.id])
      for (const server of [a, b]) {
        const shown = await page(server, `/product/${product.asin}`)
        expect(shown.status).toBe(200)
        expect(shown.body).toContain(product.title)
        expect(shown.body).not.toContain(title)
        const data = await page(server, `/product/${product.asin}.data`)
        expect(data.body).not.toContain(title)
        expect((await page(server, `/product/${product.asin}`, { cookie })).body).toContain(title)
        expect((await page(server, `/admin/products/${product.id}`, { cookie })).body).toContain(title)
      }
      expect((await page(plain, `/product/${product.asin}`)).body).toContain(title)
    } finally {
      await resumeReplay()
    }
    for (const server of [a, b]) expect((await page(server, `/product/${product.asin}`)).body).toContain(title)
  })

  test('a panel write returns once every host refills what it changed from a database that has it, though the replica lags; the replica comes back after', async () => {
    const product = await freshProduct()
    const paths = [`/product/${product.asin}`, `/category/${product.slug}`]
    // Asked for twice on both hosts: each keeps them in its page cache (docs/decisions/033).
    for (const server of [a, b]) for (const path of [...paths, ...paths]) await page(server, path)

    await pauseReplay()
    let elapsed: number
    try {
      const hidden = await hideOnA(product.id)
      elapsed = hidden.elapsed
      expect(hidden.status).toBe(303)

      // At once, on both hosts: the replica, which has not replayed the hide, is out of both read pools.
      for (const server of [a, b]) {
        const [shown, listing] = [await page(server, paths[0]!), await page(server, paths[1]!)]
        expect(shown.status, server === a ? 'the host that wrote' : 'the other host').toBe(404)
        expect(listing.body).not.toContain(`href="${paths[0]}"`)
      }
      // It waited for the replica as long as allowed, and not much longer.
      expect(elapsed).toBeGreaterThanOrEqual(WAIT_MS - 50)
      expect(elapsed).toBeLessThan(WAIT_MS + 3_000)
      expect(a.output()).toMatch(/replica lags behind a write/)

      // Out of the pool for every page, not only those the write dropped: a write the replica has not seen shows.
      const other = await freshProduct()
      const title = `Read Around ${Date.now()}`
      await query('UPDATE products SET title = $1 WHERE id = $2', [title, other.id])
      for (const server of [a, b]) expect((await page(server, `/product/${other.asin}`)).body).toContain(title)
    } finally {
      await resumeReplay()
    }

    // Replayed: back in the pool, as the next lag shows.
    const back = await freshProduct()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await pauseReplay()
    try {
      await query('UPDATE products SET title = $1 WHERE id = $2', [`Not Yet Replayed ${Date.now()}`, back.id])
      for (const server of [a, b]) expect((await page(server, `/product/${back.asin}`)).body).toContain(back.title)
    } finally {
      await resumeReplay()
    }
  })

  test('a write the replica keeps up with waits only for its replay', async () => {
    const product = await freshProduct()
    const hidden = await hideOnA(product.id)
    expect(hidden.status).toBe(303)
    expect(hidden.elapsed).toBeLessThan(WAIT_MS)
    // Read from the replica, which had replayed the hide before the write returned.
    for (const server of [a, b]) expect((await page(server, `/product/${product.asin}`)).status).toBe(404)
  })

  test('a replica that is down is read around: the pages come from the primary', async () => {
    await replica.stop()
    // Its idle connections hear of it first.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const product = await freshProduct()
    for (const server of [a, b]) {
      const shown = await page(server, `/product/${product.asin}`)
      expect(shown.status).toBe(200)
      expect(server.output()).toMatch(/replica unreachable; reading the primary/)
    }
  })
})
