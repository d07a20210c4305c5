import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { queueNames } from '#jobs/names.ts'
import { startAmazonStandIn, type AmazonStandIn } from '#tests/support/amazon-stand-in.ts'
import {
  adminCookie,
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  type BuiltServer,
} from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'

// Two web processes of the production build on one database and one Redis, as `npm start` runs them on a
// two-core machine (docs/decisions/029): whatever one process does, the other sees at once, and the work
// that must happen once happens once.

const database = await createSeededDatabase(inject('templateDatabase'))
let amazon: AmazonStandIn
let env: Record<string, string>
let a: BuiltServer
let b: BuiltServer
let cookie = ''

beforeAll(async () => {
  amazon = await startAmazonStandIn()
  // Both run the job workers and schedules, as two separately started servers would.
  env = {
    ...builtServerEnv(database),
    ...amazon.env,
    RUN_WORKER: 'true',
    RUN_SCHEDULES: 'true',
    LOG_LEVEL: 'info',
    PAGE_CACHE: 'true',
  }
  ;[a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)])
  cookie = await adminCookie(env)
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  await amazon?.close()
  await database.drop()
})

const query = <T>(text: string, values: unknown[] = []) =>
  onServer(async (client) => (await client.query(text, values)).rows as T[], database.url)

function post(server: BuiltServer, path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Origin: server.url, ...headers },
    body: new URLSearchParams(form),
    redirect: 'manual',
  })
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function page(server: BuiltServer, path: string) {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, cache: response.headers.get('x-page-cache'), body: await response.text() }
}

/** Each path from one server, one after another: the order of the requests decides what is cached. */
async function pages<Paths extends string[]>(server: BuiltServer, paths: [...Paths]) {
  const answers = []
  for (const path of paths) answers.push(await page(server, path))
  return answers as { [K in keyof Paths]: Awaited<ReturnType<typeof page>> }
}

/** The edit panel's form for a product as it is stored, with `changes`: a save through the admin panel. */
async function editForm(id: number, changes: Record<string, string>) {
  const [row] = await query<Record<string, unknown>>(
    `SELECT title, brand, category_id, description, badges, keywords, affiliate_url, image_url, images, manual_price
       FROM products WHERE id = $1`,
    [id],
  )
  const text = (value: unknown) => (value === null ? '' : String(value))
  const form = new URLSearchParams({
    title: text(row!.title),
    brand: text(row!.brand),
    category_id: text(row!.category_id),
    description: text(row!.description),
    badges: (row!.badges as string[]).join(','),
    keywords: (row!.keywords as string[]).join(','),
    affiliate_url: text(row!.affiliate_url),
    image_url: text(row!.image_url),
    manual_price: text(row!.manual_price),
    ...changes,
  })
  for (const image of row!.images as string[]) form.append('images', image)
  return form
}

describe('two web processes on one database and Redis', () => {
  test('an admin change drops, in both, the cached pages that show the product and no others', async () => {
    // Two visible products of one visible category: A is changed, B is its neighbour on the category page.
    const [productA, productB] = await query<{ id: number; asin: string; slug: string }>(
      `SELECT p.id, p.asin, c.slug FROM products p JOIN categories c ON c.id = p.category_id
        WHERE NOT p.soft_hidden AND NOT c.is_hidden
          AND c.id = (SELECT category_id FROM products WHERE NOT soft_hidden GROUP BY 1 HAVING count(*) > 1 LIMIT 1)
        ORDER BY p.id LIMIT 2`,
    )
    const [pageA, pageB, category] = [
      `/product/${productA!.asin}`,
      `/product/${productB!.asin}`,
      `/category/${productA!.slug}`,
    ]
    const title = 'Renamed Archival Sleeve Quokka'
    const search = `/search?q=${encodeURIComponent(title)}`
    const servers = [a, b]
    // Asked for twice, so each process keeps them (docs/decisions/033).
    for (const server of servers) {
      for (const path of [pageA, pageB, category, pageA, pageB, category]) await page(server, path)
      for (const path of [pageA, pageB, category]) expect((await page(server, path)).cache).toBe('HIT')
    }

    const edited = await fetch(`${a.url}/admin/products/${productA!.id}`, {
      method: 'POST',
      headers: { Origin: a.url, cookie },
      body: await editForm(productA!.id, { title }),
      redirect: 'manual',
    })
    expect(edited.status).toBe(303)

    // No waiting, in the process that saved and the other (docs/decisions/030): A's pages show the new title,
    // B's page is still the one cached before.
    for (const server of servers) {
      const [afterA, afterB, listing, found] = await pages(server, [pageA, pageB, category, search])
      expect(afterA.cache).toBe('MISS')
      expect(afterA.body).toContain(title)
      expect(afterB.cache).toBe('HIT')
      expect(listing.cache).toBe('MISS')
      expect(listing.body).toContain(title)
      expect(listing.body).toContain(`href="${pageA}"`)
      // A search's result links count their opens on the way (docs/decisions/085).
      expect(found.body).toContain(`asin=${productA!.asin}"`)
      await page(server, search) // its second request: kept from now on
      for (const path of [pageA, category, search]) expect((await page(server, path)).cache).toBe('HIT')
    }

    const hidden = await post(
      a,
      '/admin/products',
      { intent: 'toggle-visible', id: String(productA!.id), value: 'false' },
      { cookie },
    )
    expect(hidden.status).toBe(303)

    // Hidden: gone at once from its page, the search and its category, in both; B's page is still cached.
    for (const server of servers) {
      const [afterA, found, listing, afterB] = await pages(server, [pageA, search, category, pageB])
      expect(afterA.status).toBe(404)
      expect(afterA.cache).not.toBe('HIT')
      expect(found.cache).toBe('MISS')
      // The search box still echoes the words: the product's link is what must be gone.
      expect(found.body).not.toContain(`asin=${productA!.asin}"`)
      expect(listing.cache).toBe('MISS')
      expect(listing.body).not.toContain(`href="${pageA}"`)
      expect(afterB.cache).toBe('HIT')
    }
  })

  test('rate limits are counted once for both', async () => {
    // subscribe:email allows 3 an hour: per process, the fourth (B's second) would still pass.
    const email = `shared-limit-${Date.now()}@example.com`
    const statuses: number[] = []
    for (const server of [a, b, a, b]) {
      const response = await post(server, '/subscribe', { email })
      statuses.push(response.status)
      await response.text()
    }
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true)
    expect(statuses[3]).toBe(429)
  })

  test('the 3:15 refresh, the digest, the link-health e-mail and the guides sweep are scheduled once, and two "Run refresh now" run one refresh', async () => {
    await until(
      () => [a, b].every((server) => server.output().includes('schedules registered')),
      'both processes to register their schedules',
    )
    const connection = { url: env.REDIS_URL! }
    const queues = queueNames.map((name) => new Queue(name, { connection, prefix: env.REDIS_PREFIX }))
    try {
      const schedulers = (await Promise.all(queues.map((queue) => queue.getJobSchedulers()))).flat()
      expect(schedulers.map((scheduler) => scheduler.key).sort()).toEqual([
        'daily-link-health',
        'nightly-refresh',
        'publish-due-guides',
        'weekly-digest',
      ])
      // One pending run for each, not one per process.
      const delayed = (await Promise.all(queues.map((queue) => queue.getDelayed()))).flat()
      expect(delayed.map((job) => job.name).sort()).toEqual([
        'publish-guides',
        'refresh-products',
        'send-digest',
        'send-link-health',
      ])

      const [{ before }] = (await query<{ before: number }>(
        'SELECT count(*)::int AS before FROM data_refresh_log',
      )) as [{ before: number }]
      const pressed = await Promise.all([a, b].map((server) => post(server, '/admin/products/refresh', {}, { cookie })))
      expect(pressed.map((response) => response.status)).toEqual([303, 303])

      const amazonQueue = queues[queueNames.indexOf('amazon')]!
      await until(async () => {
        const pending = await amazonQueue.getJobCountByTypes('waiting', 'active', 'prioritized')
        const running = await query('SELECT 1 FROM data_refresh_log WHERE finished_at IS NULL')
        return pending === 0 && running.length === 0
      }, 'the refresh to finish')
      // Room for a second run to have started, had there been one.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const runs = await query<{ status: string }>('SELECT status FROM data_refresh_log ORDER BY id OFFSET $1', [
        before,
      ])
      expect(runs).toEqual([{ status: 'succeeded' }])
    } finally {
      await Promise.all(queues.map((queue) => queue.close()))
    }
  }, 60_000)
})
