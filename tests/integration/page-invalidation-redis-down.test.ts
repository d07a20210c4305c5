import { afterAll, expect, test } from 'vitest'
import { callAction } from '#tests/support/remix.ts'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'

// A committed admin write is never reported as a failure: with Redis away the invalidation cannot be shared,
// yet the save answers as a success, this process drops its cached pages at once, and the other processes are
// told to drop everything as soon as Redis returns (docs/decisions/030). Redis is reached through a proxy this
// test cuts.
const realRedis = new URL(process.env.REDIS_URL!)
const proxy = await startTcpProxy({ host: realRedis.hostname, port: Number(realRedis.port || 6379) })
process.env.REDIS_URL = Object.assign(new URL(realRedis), { port: String(proxy.port) }).toString()

const list = await import('#app/routes/admin.products.tsx')
const { watchPageInvalidations } = await import('#app/lib/page-invalidation.server.ts')
const { getRedis } = await import('#app/lib/redis.server.ts')
const { db } = await import('#db/client.ts')
const { createProduct } = await import('#tests/support/catalogue.ts')
const { recordPageDrops } = await import('#tests/support/page-drops.ts')
const { createPanelUser, panelCookie } = await import('#tests/support/panel-users.ts')
const { Redis } = await import('ioredis')

// Another process's view of the channel, straight to the real Redis.
const channel = `${process.env.REDIS_PREFIX}:page-invalidation`
const counterKey = `${channel}:seq`
const listener = new Redis(realRedis.toString())
const published: string[] = []
listener.on('message', (_channel: string, message: string) => published.push(message))
await listener.subscribe(channel)

const stopWatching = await watchPageInvalidations()
const drops = recordPageDrops()
afterAll(async () => {
  drops.stop()
  await stopWatching()
  await listener.quit()
  await proxy.close()
})

const cookie = await panelCookie((await createPanelUser('editor')).id)
const product = await createProduct({ title: 'Saved while Redis is away' })

test('Redis away: the switch is saved and answered as saved; the others drop everything once Redis is back', async () => {
  const seqBefore = Number((await getRedis()!.get(counterKey)) ?? 0)
  await proxy.cut()

  const fields = { intent: 'toggle-featured', id: String(product.id), value: 'true' }
  const response = (await callAction(list.action, '/admin/products', fields, { cookie })) as Response
  expect(response.status).toBe(303)
  const saved = await db.selectFrom('products').select('is_featured').where('id', '=', product.id).executeTakeFirst()
  expect(saved?.is_featured).toBe(true)
  // Dropped here before the answer.
  expect(drops.take()).toEqual([['site']])
  expect(published).toEqual([])

  await proxy.restore()
  // What went untold is owed as "everything", sent on the watcher's next read.
  await expect
    .poll(() => published.map((message) => JSON.parse(message) as unknown), { timeout: 15_000, interval: 250 })
    .toEqual([{ seq: seqBefore + 1, from: expect.any(String), tags: '*' }])
  expect(await getRedis()!.get(counterKey)).toBe(String(seqBefore + 1))
}, 30_000)
