import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { createPurger } from './http-cache-purge.server.ts'
import { EVERY_PAGE } from './page-tags.ts'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A purge target on a free loopback port, answering each request with `answer` (which may never answer). */
async function target(answer: (req: IncomingMessage, res: ServerResponse, count: number) => void) {
  const seen: Array<{ method?: string; keys?: string | string[] }> = []
  const server = createServer((req, res) => {
    seen.push({ method: req.method, keys: req.headers['xkey-purge'] })
    answer(req, res, seen.length)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen, server }
}

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const { url, server } = await target(() => {})
  await new Promise((resolve) => server.close(resolve))
  servers.splice(servers.indexOf(server), 1)
  return url
}

describe('the shared-cache purge client', () => {
  test('sends PURGE with the touched keys to every cache, in parallel', async () => {
    const slow = await target((_req, res) => setTimeout(() => res.end('ok'), 300))
    const other = await target((_req, res) => setTimeout(() => res.end('ok'), 300))
    const failures: unknown[] = []
    const purge = createPurger({ urls: [slow.url, other.url], onFailure: (failure) => failures.push(failure) })
    await fetch(other.url, { method: 'OPTIONS' }) // fetch's first use loads undici: not the purge's time
    other.seen.length = 0
    const started = Date.now()
    await purge(['product:B0ABC', 'search'])
    // One after the other would take 600 ms.
    expect(Date.now() - started).toBeLessThan(550)
    expect(slow.seen).toEqual([{ method: 'PURGE', keys: 'product:B0ABC search untagged' }])
    expect(other.seen).toEqual([{ method: 'PURGE', keys: 'product:B0ABC search untagged' }])
    await purge(EVERY_PAGE)
    expect(other.seen[1]).toEqual({ method: 'PURGE', keys: 'all' })
    expect(failures).toEqual([])
  })

  test('tries a failed purge once more, and is content when the second attempt works', async () => {
    const flaky = await target((_req, res, count) => {
      res.statusCode = count === 1 ? 503 : 200
      res.end()
    })
    const failures: unknown[] = []
    await createPurger({ urls: [flaky.url], onFailure: (failure) => failures.push(failure) })(['search'])
    expect(flaky.seen).toHaveLength(2)
    expect(failures).toEqual([])
  })

  test('a cache that never answers costs at most attempts × timeout, is reported, and throws nothing', async () => {
    const silent = await target(() => {})
    const refused = await closedPort()
    const failures: Array<{ url: string; keys: string }> = []
    const purge = createPurger({ urls: [silent.url, refused], timeoutMs: 150, onFailure: (f) => failures.push(f) })
    const started = Date.now()
    await expect(purge(['site'])).resolves.toBeUndefined()
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(280)
    expect(took).toBeLessThan(700)
    expect(silent.seen).toHaveLength(2)
    expect(failures.map((failure) => [failure.url, failure.keys]).sort()).toEqual(
      [
        [silent.url, 'site untagged'],
        [refused, 'site untagged'],
      ].sort(),
    )
    silent.server.closeAllConnections()
  })

  test('with no caches configured, does nothing', async () => {
    await expect(createPurger({ urls: [] })(EVERY_PAGE)).resolves.toBeUndefined()
  })
})
