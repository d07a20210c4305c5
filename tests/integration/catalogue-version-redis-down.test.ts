import { afterAll, expect, test } from 'vitest'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'

// A committed admin write is never reported as a failure: with Redis away the catalogue version cannot be
// shared, yet the save answers as a success, this process drops its cached pages at once, and the other
// processes are told as soon as Redis returns. Redis is reached through a proxy this test cuts.
const realRedis = new URL(process.env.REDIS_URL!)
const proxy = await startTcpProxy({ host: realRedis.hostname, port: Number(realRedis.port || 6379) })
process.env.REDIS_URL = Object.assign(new URL(realRedis), { port: String(proxy.port) }).toString()

const list = await import('#app/routes/admin.products.tsx')
const { currentCatalogueVersion, watchCatalogueVersion } = await import('#app/lib/catalogue-version.server.ts')
const { getRedis } = await import('#app/lib/redis.server.ts')
const { db } = await import('#db/client.ts')
const { createProduct } = await import('#tests/support/catalogue.ts')
const { createPanelUser, panelCookie } = await import('#tests/support/panel-users.ts')

const stopWatching = await watchCatalogueVersion()
afterAll(async () => {
  await stopWatching()
  await proxy.close()
})

const cookie = await panelCookie((await createPanelUser('editor')).id)
const product = await createProduct({ title: 'Saved while Redis is away' })
const versionKey = `${process.env.REDIS_PREFIX}:catalogue-version`

test('Redis away: the switch is saved and answered as saved; the shared version moves once Redis is back', async () => {
  const sharedBefore = await getRedis()!.get(versionKey)
  const versionBefore = currentCatalogueVersion()
  await proxy.cut()

  const body = new URLSearchParams({ intent: 'toggle-featured', id: String(product.id), value: 'true' })
  const response = (await list.action({
    request: new Request('http://localhost/admin/products', {
      method: 'POST',
      headers: { cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    }),
    params: {},
    context: { cspNonce: '', clientIp: '127.0.0.1' },
  })) as Response
  expect(response.status).toBe(303)
  const saved = await db.selectFrom('products').select('is_featured').where('id', '=', product.id).executeTakeFirst()
  expect(saved?.is_featured).toBe(true)
  expect(currentCatalogueVersion()).not.toBe(versionBefore)

  await proxy.restore()
  // The owed bump reaches Redis on the watcher's next read, so the other processes drop their pages too.
  await expect
    .poll(() => getRedis()!.get(versionKey), { timeout: 15_000, interval: 250 })
    .toBe(String(Number(sharedBefore ?? 0) + 1))
}, 30_000)
