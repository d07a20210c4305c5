import { afterAll, expect, test } from 'vitest'
import { callAction, responseOf, toastOf } from '#tests/support/remix.ts'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'

// When Redis goes away the storefront keeps serving, an admin action that needs the queue says
// so, and the queue works again when Redis returns. Redis is reached through a proxy this test cuts.
const realRedis = new URL(process.env.REDIS_URL!)
const proxy = await startTcpProxy({ host: realRedis.hostname, port: Number(realRedis.port || 6379) })
process.env.REDIS_URL = Object.assign(new URL(realRedis), { port: String(proxy.port) }).toString()

const refresh = await import('#app/routes/admin.products_.refresh.tsx')
const home = await import('#app/routes/_site._index.tsx')
const { closeQueues, enqueue, getQueue } = await import('#jobs/queues.ts')
const { startWorkers } = await import('#jobs/runtime.ts')
const { createPanelUser, panelCookie } = await import('#tests/support/panel-users.ts')
const workers = startWorkers()
afterAll(async () => {
  await workers.close()
  await closeQueues()
  await proxy.close()
})

const cookie = await panelCookie((await createPanelUser('admin')).id)
/** Presses "Run refresh now": answers the toast it shows. */
const runNow = async () =>
  toastOf(responseOf(await callAction(refresh.action, '/admin/products/refresh', {}, { cookie })))

test('Redis away: the shop serves, "Run refresh now" says the queue is down; back: it queues and the workers take jobs again', async () => {
  expect(await runNow()).toMatchObject({ type: 'success', title: 'Refresh started' })
  await getQueue('amazon').obliterate({ force: true })

  await proxy.cut()
  expect(await runNow()).toMatchObject({
    type: 'error',
    title: 'Refresh not started',
    description: 'The job queue (Redis) cannot be reached right now, so nothing was started. Try again in a minute.',
  })
  // The home page reads only Postgres: it answers as usual.
  expect(await home.loader()).toMatchObject({ data: { featured: expect.any(Array) } })

  await proxy.restore()
  await expect.poll(async () => (await runNow())?.title, { timeout: 20_000, interval: 1_000 }).toBe('Refresh started')

  // The workers started before Redis went away take jobs again (SMTP_URL is unset here: the mail is logged).
  const mail = { to: 'back@example.com', subject: 'Redis is back', text: 'x', html: '<p>x</p>' }
  await enqueue('send-mail', mail, { jobId: 'after-outage' })
  await expect
    .poll(async () => (await getQueue('mail').getJob('after-outage'))?.getState(), { timeout: 30_000, interval: 500 })
    .toBe('completed')
}, 90_000)
