import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'

// The app reaches its database through a proxy this test can cut, as when Postgres restarts or the network drops.
const realUrl = new URL(process.env.DATABASE_URL!)
const proxy = await startTcpProxy({ host: realUrl.hostname, port: Number(realUrl.port || 5432) })
process.env.DATABASE_URL = Object.assign(new URL(realUrl), { port: String(proxy.port) }).toString()

const { loader: healthLoader } = await import('#app/routes/healthz.ts')
const layout = await import('#app/routes/_site.tsx')
const { answerOutagesWith503 } = await import('#app/lib/outage.server.ts')
const { databaseIsUp } = await import('#db/health.ts')

// The layout's loader as server.ts serves it: wrapped with every other route's (docs/decisions/004).
const build = answerOutagesWith503({ routes: { layout: { id: 'layout', module: layout } } } as unknown as ServerBuild)
const layoutLoader = build.routes.layout!.module.loader!

async function health() {
  const response = await healthLoader()
  return { status: response.status, body: await response.json() }
}

async function layoutStatus(): Promise<number> {
  try {
    await layoutLoader({ request: new Request('http://localhost/'), params: {}, context: {} as AppLoadContext })
    return 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    throw thrown
  }
}

describe('when the database goes away', () => {
  beforeAll(async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', redis: 'ok' } })
  })
  afterAll(() => proxy.close())

  test('pages answer 503, /healthz says so, and both recover when it returns', async () => {
    await proxy.cut()

    expect(await health()).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down' } })
    expect(await layoutStatus()).toBe(503)
    expect(databaseIsUp()).toBe(false)

    await proxy.restore()

    expect(await health()).toMatchObject({ status: 200, body: { database: 'ok' } })
    expect(await layoutStatus()).toBe(200)
    expect(databaseIsUp()).toBe(true)
  })
})
