import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { scriptHashes } from '#app/lib/content-security-policy.server.ts'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { adminCookie, createSeededDatabase } from '#tests/support/built-server.ts'
import { runnableInlineScripts } from '#tests/support/inline-scripts.ts'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'

// The production build in its own process, reaching Postgres through a proxy this test cuts for 3 seconds
// while six clients search, post reviews and use the panel. Nothing may answer 500 or hang; everything
// answers as usual again within a second of the database's return, without a restart (docs/decisions/004).

const CLIENTS = 6
const WARM_MS = 1_500
const OUTAGE_MS = 3_000
const AFTER_MS = 2_500
const RECOVERY_MS = 1_000

type Kind = 'search page' | 'search data' | 'review post' | 'review fetcher' | 'admin page' | 'admin data'
const KINDS: Kind[] = ['search page', 'search data', 'review post', 'review fetcher', 'admin page', 'admin data']

interface Outcome {
  kind: Kind
  status: number | 'failed'
  startedAt: number
  endedAt: number
  retryAfter: string | null
  location: string | null
  /** The hashes in the response's CSP script-src. */
  scriptHashes: string[]
  body: string
}

const database = await createSeededDatabase(inject('templateDatabase'))
const target = new URL(database.url)
const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
afterAll(() => proxy.close()) // after the server has stopped (after-hooks run last-in, first-out)
const site = useBuiltServer(database, (env) => ({
  ...env,
  DATABASE_URL: Object.assign(new URL(database.url), { port: String(proxy.port) }).toString(),
  RATE_LIMIT_FACTOR: '1000',
}))
let cookie = ''
beforeAll(async () => {
  cookie = await adminCookie(site.env)
})

let sequence = 0
function request(kind: Kind): Promise<Response> {
  const n = ++sequence
  const signal = AbortSignal.timeout(15_000)
  const redirect = 'manual'
  const review = () =>
    new URLSearchParams({ reviewer_name: `Outage tester ${n}`, rating: '4', comment: `Posted during run ${n}` })
  const post = { method: 'POST', headers: { Origin: site.url }, redirect, signal } as const
  switch (kind) {
    case 'search page':
      return fetch(`${site.url}/search?q=sleeve+${n}`, { redirect, signal })
    case 'search data':
      return fetch(`${site.url}/search.data?q=board+${n}`, { redirect, signal })
    case 'review post':
      return fetch(`${site.url}/product/${site.asin}`, { ...post, body: review() })
    case 'review fetcher':
      return fetch(`${site.url}/product/${site.asin}.data`, { ...post, body: review() })
    case 'admin page':
      return fetch(`${site.url}/admin/products?q=box+${n}`, { headers: { cookie }, redirect, signal })
    case 'admin data':
      return fetch(`${site.url}/admin/products.data?q=box+${n}`, { headers: { cookie }, redirect, signal })
  }
}

async function measure(kind: Kind, outcomes: Outcome[]) {
  const startedAt = performance.now()
  try {
    const response = await request(kind)
    const body = await response.text()
    outcomes.push({
      kind,
      status: response.status,
      startedAt,
      endedAt: performance.now(),
      retryAfter: response.headers.get('retry-after'),
      location: response.headers.get('location'),
      scriptHashes: (response.headers.get('content-security-policy') ?? '').match(/'sha256-[^']+'/g) ?? [],
      body,
    })
  } catch {
    outcomes.push({
      kind,
      status: 'failed',
      startedAt,
      endedAt: performance.now(),
      retryAfter: null,
      location: null,
      scriptHashes: [],
      body: '',
    })
  }
}

const tally = (outcomes: Outcome[]) =>
  Object.fromEntries(
    KINDS.map((kind) => {
      const counts: Record<string, number> = {}
      for (const o of outcomes.filter((o) => o.kind === kind)) counts[o.status] = (counts[o.status] ?? 0) + 1
      return [kind, counts]
    }),
  )

describe('a database outage under load, in the built server', () => {
  test('answers 503 (never 500, never a hang) and recovers by itself', { timeout: 60_000 }, async () => {
    const outcomes: Outcome[] = []
    const start = performance.now()
    let running = true
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; running; i++) await measure(KINDS[i % KINDS.length]!, outcomes)
    })

    await new Promise((resolve) => setTimeout(resolve, WARM_MS))
    const cutAt = performance.now()
    await proxy.cut()
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS))
    await proxy.restore()
    const restoredAt = performance.now()
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS))
    running = false
    await Promise.all(clients)

    const during = outcomes.filter((o) => o.startedAt > cutAt + 100 && o.endedAt < restoredAt)
    const after = outcomes.filter((o) => o.startedAt > restoredAt + RECOVERY_MS)
    console.info(
      `outage test: ${outcomes.length} requests in ${Math.round(performance.now() - start)} ms`,
      JSON.stringify({ all: tally(outcomes), during: tally(during), after: tally(after) }, null, 1),
    )

    // Never a 500, never a request left hanging or dropped.
    expect(outcomes.filter((o) => o.status === 'failed' || (o.status >= 500 && o.status !== 503))).toEqual([])
    for (const kind of KINDS) expect(during.filter((o) => o.kind === kind).length).toBeGreaterThan(2)

    for (const o of during) {
      switch (o.kind) {
        case 'search page':
        case 'review post':
          // A whole page cannot be drawn without the database: the friendly 503 page, which runs its scripts like
          // any page (docs/decisions/053).
          expect(o).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) })
          expect(o.body).toContain('We’ll be right back')
          expect(o.body).toMatch(/<title>We’ll be right back \| [^<]+<\/title>/)
          expect(o.scriptHashes).toEqual(scriptHashes(runnableInlineScripts(o.body)))
          break
        case 'search data':
          expect(o).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) })
          break
        case 'review fetcher':
          // The dialog stays open with what was typed and the form's message.
          expect(o.status).toBe(503)
          expect(o.body).toContain('The change could not be saved. Please try again.')
          expect(o.body).toContain('Outage tester')
          break
        case 'admin page':
          // SPEC §6: a role check that cannot be made sends the visitor home.
          expect(o).toMatchObject({ status: 302, location: '/' })
          break
        case 'admin data':
          // The same redirect, in single fetch's shape (a 202 carrying it).
          expect(o.status).toBe(202)
          expect(o.body).toMatch(/SingleFetchRedirect.*"\/"/)
          break
      }
    }

    expect(after.length).toBeGreaterThan(CLIENTS)
    for (const o of after) {
      expect({ kind: o.kind, status: o.status }).toEqual({
        kind: o.kind,
        status: o.kind === 'review post' ? 303 : o.kind === 'review fetcher' ? 202 : 200,
      })
    }
  })
})
