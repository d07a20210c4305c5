import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'
import { createRedisConnection, getRedis } from './redis.server.ts'

/**
 * A number that changes whenever the public catalogue does (admin writes, refreshes, imports). Cached
 * pages remember the version they were rendered at and are dropped when it moves on. With Redis the
 * number is shared by every process and changes are pushed over pub/sub; without Redis there is one
 * process, and a counter in memory is the whole truth.
 */

const GLOBAL = Symbol.for('comic-vault.catalogue-version')
type State = { version: string; watching: boolean }
type Global = typeof globalThis & { [GLOBAL]?: State }
const state = ((globalThis as Global)[GLOBAL] ??= { version: '0', watching: false })

const key = () => `${getEnv().REDIS_PREFIX}:catalogue-version`

/** The version this process knows now: no I/O, safe to call on every request. */
export function currentCatalogueVersion(): string {
  return state.version
}

/** Call after any write that changes what public pages show. */
export async function bumpCatalogueVersion(): Promise<void> {
  const redis = getRedis()
  if (!redis) {
    state.version = String(Number(state.version) + 1)
    return
  }
  const version = String(await redis.incr(key()))
  state.version = version
  await redis.publish(key(), version)
}

/** Follows the shared version: pushed changes at once, plus a periodic read in case a message was lost. */
export async function watchCatalogueVersion(): Promise<() => Promise<void>> {
  const redis = getRedis()
  if (!redis || state.watching) return async () => {}
  state.watching = true
  const refresh = async () => {
    const version = await redis.get(key()).catch(() => null)
    if (version !== null) state.version = version
  }
  await refresh()
  const subscriber = createRedisConnection()
  subscriber.on('message', (_channel: string, version: string) => (state.version = version))
  await subscriber
    .subscribe(key())
    .catch((error: unknown) => logger.warn({ err: error }, 'cannot watch catalogue version'))
  const timer = setInterval(() => void refresh(), 5_000)
  timer.unref()
  return async () => {
    clearInterval(timer)
    state.watching = false
    await subscriber.quit().catch(() => subscriber.disconnect())
  }
}
