import http from 'node:http'
import net from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { builtServerEnv, createSeededDatabase, startBuiltServer } from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'
import { viewsToday } from '#tests/support/product-views.ts'

// The graceful stop of the production build, started as `npm start` starts it (docs/decisions/056): on SIGTERM,
// /healthz answers 503 while pages are still served for the drain window, then the port is closed, the request in
// flight finishes, the views are saved and the process exits 0; alone and under the cluster primary. And the
// connection timeouts take their configured values.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const DRAIN_MS = 4_000

const database = await createSeededDatabase(inject('templateDatabase'))
const [cachedAsin, slowAsin] = await onServer(async (client) => {
  const { rows } = await client.query<{ asin: string }>(
    'SELECT asin FROM products WHERE NOT soft_hidden ORDER BY id LIMIT 2',
  )
  return rows.map((row) => row.asin)
}, database.url)

afterAll(async () => {
  await database.drop()
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/**
 * A GET through node:http, which shows the `Connection` header as sent (fetch hides it); on a connection of its
 * own unless `agent` keeps one, so the cluster primary hands each to the next web process.
 */
function get(url: string, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'user-agent': BROWSER } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      })
      .on('error', reject)
  })
}

/**
 * A raw connection that sends `head` and reads what comes back: the time the server closed it, or undefined.
 * Here no client library decides when a connection ends.
 */
function rawConnection(port: number, head: string) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  let closedAt: number | undefined
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      closedAt = Date.now()
      resolve(closedAt)
    }),
  )
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  socket.on('error', () => {})
  socket.write(head)
  return { received: () => received, closedAt: () => closedAt, closed }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })

const viewsOf = (asin: string) => viewsToday(database.url, asin)

function logLines(output: string): { msg: string; drainMs?: number; time: number }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; drainMs?: number; time: number })
}

describe.each([1, 2])('npm start with WEB_CONCURRENCY=%i, stopped by SIGTERM', (processes) => {
  test(
    'drains: /healthz 503 and pages served for the window, then the port closed, the request in flight finished, views saved, exit 0',
    { timeout: 120_000 },
    async () => {
      const server = await startBuiltServer(
        {
          ...builtServerEnv(database),
          WEB_CONCURRENCY: String(processes),
          SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
          LOG_LEVEL: 'info',
        },
        { script: 'scripts/start.ts' },
      )
      await until(
        () => logLines(server.output()).filter((line) => line.msg.includes(' is running at ')).length === processes,
        'every web process to listen',
        60_000,
      )
      const lock = new pg.Client({ connectionString: database.url })
      await lock.connect()
      try {
        const viewsBefore = { cached: await viewsOf(cachedAsin!), slow: await viewsOf(slowAsin!) }
        let cachedViews = 0

        // The cached product is kept by every web process (from its second request, docs/decisions/033), so it is
        // served while the products table is locked below.
        const recent: (string | undefined)[] = []
        await until(async () => {
          const answer = await get(`${server.url}/product/${cachedAsin}`)
          expect(answer.status).toBe(200)
          cachedViews++
          recent.push(answer.headers['x-page-cache'] as string | undefined)
          return recent.slice(-processes - 1).every((cache) => cache === 'HIT')
        }, 'the product page to be cached by every process')

        // An idle keep-alive connection, open through the drain window, closed when the port is.
        const idle = rawConnection(server.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
        await until(() => idle.received().includes('"status":"ok"'), 'the idle connection to be answered')

        // A request in flight at the signal: an uncached product page whose database read waits on a lock.
        await lock.query('BEGIN')
        await lock.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE')
        const keepAlive = new http.Agent({ keepAlive: true })
        let slowDone = false
        const slow = get(`${server.url}/product/${slowAsin}`, keepAlive).finally(() => (slowDone = true))
        await until(async () => {
          const { rows } = await lock.query<{ waiting: number }>(
            "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
          return rows[0]!.waiting > 0
        }, 'the product page to wait on the lock')

        let exited = false
        void server.exited.then(() => (exited = true))
        const signalledAt = Date.now()
        // Twice at once, as a terminal's Ctrl-C under npm delivers it: one stop, not a forced one.
        server.kill('SIGTERM')
        server.kill('SIGTERM')

        // The drain window: probes are told to go, visitors are still served, and told to reconnect.
        await until(async () => (await get(`${server.url}/healthz`)).status === 503, 'the health check to fail', 2_000)
        for (let i = 0; i < 2 * processes; i++) {
          const health = await get(`${server.url}/healthz`)
          expect(health.status).toBe(503)
          expect(health.headers['cache-control']).toBe('no-store')
        }
        const page = await get(`${server.url}/product/${cachedAsin}`)
        cachedViews++
        expect(page.status).toBe(200)
        expect(page.body).toContain(cachedAsin)
        expect(page.headers.connection).toBe('close')
        expect(Date.now() - signalledAt).toBeLessThan(DRAIN_MS)
        expect(await refused(server.port)).toBe(false)
        expect(idle.closedAt()).toBeUndefined()

        // Then the port closes; the idle connection with it, not before the window ended.
        await until(() => refused(server.port), 'the port to close', DRAIN_MS + 10_000)
        expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS)
        expect((await idle.closed) - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS - 50)

        // The request in flight holds the stop until it has finished.
        await sleep(500)
        expect(slowDone).toBe(false)
        expect(exited).toBe(false)
        await lock.query('COMMIT')
        const answer = await slow
        expect(answer.status).toBe(200)
        expect(answer.body).toContain(slowAsin)
        expect(answer.headers.connection).toBe('close')

        expect(await server.exited).toBe(0)
        const lines = logLines(server.output())
        const shuttingDown = lines.filter((line) => line.msg === 'shutting down')
        expect(shuttingDown).toHaveLength(processes)
        expect(shuttingDown.every((line) => line.drainMs === DRAIN_MS)).toBe(true)
        expect(lines.filter((line) => line.msg === 'stopped accepting')).toHaveLength(processes)
        expect(lines.filter((line) => line.msg === 'stopped')).toHaveLength(processes)
        if (processes > 1) expect(lines.some((line) => line.msg === 'all web processes stopped')).toBe(true)
        expect(server.output()).not.toMatch(/deadline passed|second signal|product views not saved/)

        // Every view, counted before the signal and during the window, is in the database after the exit.
        expect(await viewsOf(cachedAsin!)).toBe(viewsBefore.cached + cachedViews)
        expect(await viewsOf(slowAsin!)).toBe(viewsBefore.slow + 1)
        keepAlive.destroy()
      } finally {
        await lock.end()
        server.kill('SIGKILL')
      }
    },
  )
})

describe('connection timeouts and a second signal', () => {
  test(
    'an idle keep-alive connection and unfinished headers are closed after their configured timeouts, not before; a second SIGTERM exits at once',
    { timeout: 90_000 },
    async () => {
      const server = await startBuiltServer({
        ...builtServerEnv(database),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000',
        HTTP_HEADERS_TIMEOUT_MS: '3000',
        SHUTDOWN_DRAIN_MS: '20000',
        LOG_LEVEL: 'info',
      })
      try {
        const idle = rawConnection(server.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
        const slowHeaders = rawConnection(server.port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')
        const startedAt = Date.now()
        await until(() => idle.received().includes('"status":"ok"'), 'the answer')
        const answeredAt = Date.now()
        expect(idle.received()).toMatch(/^Keep-Alive: timeout=2\r$/im)

        // Node keeps an idle connection one second past the timeout it announces (its default: 5 s, so 6 s).
        const idleFor = (await idle.closed) - answeredAt
        expect(idleFor).toBeGreaterThanOrEqual(2_000)
        expect(idleFor).toBeLessThan(4_500)
        // Unfinished headers get a 408 once the headers timeout has passed (Node's default: 60 s).
        const headersFor = (await slowHeaders.closed) - startedAt
        expect(slowHeaders.received()).toMatch(/^HTTP\/1\.1 408 /)
        expect(headersFor).toBeGreaterThanOrEqual(3_000)
        expect(headersFor).toBeLessThan(4_500)

        // Well inside the 20 s drain window, a second signal (not a duplicate of the first) ends the process.
        server.kill('SIGTERM')
        await until(async () => (await get(`${server.url}/healthz`)).status === 503, 'the stop to begin', 5_000)
        await sleep(1_200)
        const secondAt = Date.now()
        server.kill('SIGTERM')
        expect(await server.exited).toBe(1)
        expect(Date.now() - secondAt).toBeLessThan(2_000)
        expect(server.output()).toContain('second signal; exiting now')
      } finally {
        server.kill('SIGKILL')
      }
    },
  )
})
