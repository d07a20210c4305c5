import net from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { builtServerEnv, createSeededDatabase, startBuiltServer } from '#tests/support/built-server.ts'
import { freePort } from '#tests/support/free-port.ts'
import { onServer } from '#tests/support/postgres.ts'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'

// The production build with metrics on both doors (docs/decisions/028): /metrics on the main port behind
// a bearer token, and a metrics port of its own. A second server without either shows /metrics is not public.

const TOKEN = 'metrics-token-for-the-built-server-test'
const database = await createSeededDatabase(inject('templateDatabase'))
// Redis through a proxy, so one test can make it stop answering.
const redisTarget = new URL(builtServerEnv(database).REDIS_URL!)
const redisProxy = await startTcpProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) })
afterAll(() => redisProxy.close()) // after the server has stopped (after-hooks run last-in, first-out)
let metricsUrl = ''
const site = useBuiltServer(database, async (env) => {
  // A refresh that took a minute and a half, as the worker process would have logged it.
  await onServer(
    (client) =>
      client.query(
        "INSERT INTO data_refresh_log (status, refresh_date, finished_at) VALUES ('succeeded', now() - interval '90 seconds', now())",
      ),
    database.url,
  )
  const metricsPort = await freePort()
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
  return {
    ...env,
    REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: String(metricsPort),
  }
})

const withToken = { authorization: `Bearer ${TOKEN}` }

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl)
  expect(response.status).toBe(200)
  return response.text()
}

/** The value of the sample `name{labels}` (labels written as in the exposition), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(labels ? `${name}{${labels}} ` : `${name} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

describe('metrics on the built server', () => {
  test('/metrics on the main port answers only with the token', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-of-enough-length' },
      { authorization: TOKEN },
    ]
    for (const headers of refused) {
      const response = await fetch(`${site.url}/metrics`, { headers })
      expect(response.status, JSON.stringify(headers)).toBe(404)
      expect(await response.text()).not.toContain('cv_')
    }
    const response = await fetch(`${site.url}/metrics`, { headers: withToken })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(await response.text()).toContain('# TYPE cv_http_request_duration_seconds histogram')
  })

  test('the metrics port serves /metrics and nothing else', async () => {
    expect(await scrape()).toContain('process_cpu_seconds_total')
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404)
  })

  test('requests are counted by route pattern, and the page cache by hits and misses', async () => {
    const before = await scrape()
    const answers = []
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${site.url}/product/${site.asin}`)
      answers.push({ cache: response.headers.get('x-page-cache'), html: await response.text() })
    }
    // Kept from its second request (docs/decisions/033).
    expect(answers.map((answer) => answer.cache)).toEqual(['MISS', 'MISS', 'HIT'])
    const html = answers[0]!.html
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0]
    const assetResponse = await fetch(site.url + asset)
    expect(assetResponse.status).toBe(200)
    await assetResponse.arrayBuffer() // the whole body, so the server has finished (and timed) that response
    const after = await scrape()

    const productCount = (text: string) =>
      sample(text, 'cv_http_request_duration_seconds_count', 'route="/product/:asin",status="200"') ?? 0
    expect(productCount(after) - productCount(before)).toBe(3)
    expect(sample(after, 'cv_http_request_duration_seconds_count', 'route="/assets/*",status="200"')).toBeGreaterThan(0)
    const routes = new Set([...after.matchAll(/route="([^"]*)"/g)].map((match) => match[1]))
    expect([...routes].filter((route) => route!.includes(site.asin))).toEqual([])
    expect(routes).toContain('/healthz')

    for (const name of ['cv_page_cache_hits_total', 'cv_page_cache_misses_total']) {
      expect(sample(after, name)! - (sample(before, name) ?? 0), name).toBeGreaterThanOrEqual(1)
    }
    expect(sample(after, 'cv_page_cache_single_flight_saved_total')).toBeGreaterThanOrEqual(0)
  })

  test('cached pages dropped by a write are counted, by whether it named them or dropped everything', async () => {
    for (let i = 0; i < 2; i++) await (await fetch(`${site.url}/product/${site.asin}`)).text()
    const dropped = (text: string, scope: string) =>
      sample(text, 'cv_page_cache_invalidated_total', `scope="${scope}"`) ?? 0
    const before = await scrape()
    // Another process's write, numbered next, as it arrives over Redis (docs/decisions/030).
    const redis = new Redis(redisTarget.toString())
    try {
      const channel = `${builtServerEnv(database).REDIS_PREFIX}:page-invalidation`
      const seq = await redis.incr(`${channel}:seq`)
      await redis.publish(channel, JSON.stringify({ seq, tags: [`product:${site.asin}`] }))
    } finally {
      await redis.quit()
    }
    await expect.poll(async () => dropped(await scrape(), 'tagged') - dropped(before, 'tagged')).toBe(1)
    expect(dropped(await scrape(), 'all')).toBe(dropped(before, 'all'))
  })

  test('pool, queue and refresh gauges are read at scrape time', async () => {
    const text = await scrape()
    expect(sample(text, 'cv_db_pool_total_clients')).toBeGreaterThan(0)
    expect(sample(text, 'cv_db_pool_idle_clients')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'cv_db_pool_waiting_clients')).toBe(0)
    for (const queue of ['mail', 'digest', 'amazon', 'content']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(sample(text, 'cv_job_queue_jobs', `queue="${queue}",state="${state}"`), `${queue} ${state}`).toBe(0)
      }
    }
    expect(sample(text, 'cv_refresh_duration_seconds')).toBeCloseTo(90, 0)
    expect(sample(text, 'cv_refresh_last_finished_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 600)
  })

  test('a Redis that stops answering leaves the queue gauges out, and does not hold the scrape', async () => {
    // A Redis that accepts connections and never replies: the worst kind, a hang rather than a refusal.
    await redisProxy.cut()
    const held = new Set<net.Socket>()
    const silent = net.createServer((socket) => held.add(socket))
    await new Promise<void>((resolve) => silent.listen(redisProxy.port, '127.0.0.1', resolve))
    try {
      const started = Date.now()
      const text = await scrape()
      expect(Date.now() - started).toBeLessThan(3_000)
      expect(text).not.toMatch(/^cv_job_queue_jobs\{/m)
      expect(sample(text, 'cv_db_pool_total_clients')).toBeGreaterThan(0)
    } finally {
      for (const socket of held) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
      await redisProxy.restore()
    }
  })
})

describe('metrics not configured', () => {
  test('/metrics is not served at all', async () => {
    const plain = await startBuiltServer(builtServerEnv(database))
    try {
      const response = await fetch(`${plain.url}/metrics`)
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain('cv_')
    } finally {
      await plain.stop()
    }
  }, 90_000)
})
