import { afterAll, beforeEach } from 'vitest'
import type { ClientOptions } from './amazon-client.ts'
import { startAmazonStandIn } from './amazon-stand-in.ts'

/**
 * The nightly refresh against the Amazon stand-in and real Postgres and Redis, for a test file's top level: the
 * stand-in started and its address in the environment before the app's modules load, and before each test the
 * stand-in reset and the catalogue and refresh log emptied (each test's catalogue is exactly what it made).
 */
export async function refreshHarness() {
  const standIn = await startAmazonStandIn()
  Object.assign(process.env, standIn.env)
  const { standInClient } = await import('./amazon-client.ts')
  const { refreshProducts } = await import('#jobs/refresh-products.ts')
  const { db } = await import('#db/client.ts')

  afterAll(() => standIn.close())
  beforeEach(async () => {
    standIn.reset()
    await db.deleteFrom('data_refresh_log').execute()
    await db.deleteFrom('products').execute()
  })

  // The throttle is lifted: its spacing is tested in amazon-client.test.ts.
  const client = (options: ClientOptions = {}) => standInClient(standIn, options)
  return { standIn, db, refreshProducts, client }
}
