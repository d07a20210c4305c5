import { afterAll, expect, test } from 'vitest'
import { callLoader } from '#tests/support/remix.ts'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'

// SPEC §6: a role check that errors sends the visitor home, like one that fails. The database is reached
// through a proxy this test cuts between signing in and asking for a panel page.
const realUrl = new URL(process.env.DATABASE_URL!)
const proxy = await startTcpProxy({ host: realUrl.hostname, port: Number(realUrl.port || 5432) })
process.env.DATABASE_URL = Object.assign(new URL(realUrl), { port: String(proxy.port) }).toString()

const { loader } = await import('#app/routes/admin._index.tsx')
const { createPanelUser, panelCookie } = await import('#tests/support/panel-users.ts')
afterAll(() => proxy.close())

test('an admin whose role cannot be checked is sent home, and gets in again once it can', async () => {
  const cookie = await panelCookie((await createPanelUser('admin')).id)
  const visit = async () => {
    try {
      await callLoader(loader, '/admin', { cookie })
      return 'dashboard'
    } catch (thrown) {
      if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get('Location')}`
      throw thrown
    }
  }
  expect(await visit()).toBe('dashboard')
  await proxy.cut()
  expect(await visit()).toBe('302 /')
  await proxy.restore()
  expect(await visit()).toBe('dashboard')
})
