import { afterAll, beforeAll } from 'vitest'
import { builtServerEnv, startBuiltServer, visibleAsin, type BuiltServer } from './built-server.ts'

type Env = Record<string, string>

/**
 * The built server a test file runs against, on the file's own seeded database (createSeededDatabase): started
 * before the file's tests with `env` made from builtServerEnv's (a service through a proxy, metrics, limits),
 * stopped after them, and the database dropped. Its fields are set once the file's beforeAll has run.
 * Register anything the server uses (a proxy) to close before calling this: after-hooks run last-in, first-out.
 */
export function useBuiltServer(
  database: { name: string; url: string; drop(): Promise<void> },
  env: (base: Env) => Env | Promise<Env> = (base) => base,
) {
  const site = { env: {} as Env, server: undefined as unknown as BuiltServer, url: '', asin: '' }
  beforeAll(async () => {
    site.asin = await visibleAsin(database.url)
    site.env = await env(builtServerEnv(database))
    site.server = await startBuiltServer(site.env)
    site.url = site.server.url
  }, 90_000)
  afterAll(async () => {
    await site.server?.stop()
    await database.drop()
  })
  return site
}
