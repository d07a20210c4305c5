import { Queue } from 'bullmq'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { queueNames } from '#jobs/registry.ts'
import { startAmazonStandIn, type AmazonStandIn } from '#tests/support/amazon-stand-in.ts'
import {
  adminCookie,
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  type BuiltServer,
  visibleAsin,
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
  env = { ...builtServerEnv(database), ...amazon.env, RUN_WORKER: 'true', LOG_LEVEL: 'info', PAGE_CACHE: 'true' }
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

describe('two web processes on one database and Redis', () => {
  test('an admin change made through one is served by the other at once', async () => {
    const asin = await visibleAsin(database.url)
    const [product] = await query<{ id: number }>('SELECT id FROM products WHERE asin = $1', [asin])
    const page = () => fetch(`${b.url}/product/${asin}`)

    const first = await page()
    expect(first.status).toBe(200)
    await first.text()
    const cached = await page()
    expect(cached.headers.get('x-page-cache')).toBe('HIT')
    await cached.text()

    const hidden = await post(
      a,
      '/admin/products',
      { intent: 'toggle-visible', id: String(product!.id), value: 'false' },
      { cookie },
    )
    expect(hidden.status).toBe(303)

    // No waiting: B's cached page must already be gone (the catalogue version, docs/decisions/009).
    const after = await page()
    expect(after.status).toBe(404)
    expect(after.headers.get('x-page-cache')).not.toBe('HIT')
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

  test('the 3:15 refresh and the digest are scheduled once, and two "Run refresh now" run one refresh', async () => {
    await until(
      () => [a, b].every((server) => server.output().includes('schedules registered')),
      'both processes to register their schedules',
    )
    const connection = { url: env.REDIS_URL! }
    const queues = queueNames.map((name) => new Queue(name, { connection, prefix: env.REDIS_PREFIX }))
    try {
      const schedulers = (await Promise.all(queues.map((queue) => queue.getJobSchedulers()))).flat()
      expect(schedulers.map((scheduler) => scheduler.key).sort()).toEqual(['nightly-refresh', 'weekly-digest'])
      // One pending run for each, not one per process.
      const delayed = (await Promise.all(queues.map((queue) => queue.getDelayed()))).flat()
      expect(delayed.map((job) => job.name).sort()).toEqual(['refresh-products', 'send-digest'])

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
