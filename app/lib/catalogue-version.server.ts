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
type State = {
  /** The shared counter in Redis, as last seen. */
  shared: string
  /** This process's own bumps, made when Redis could not be told; only ever grows, so old pages never match again. */
  local: number
  /** Redis missed a bump: tell it as soon as it answers, so the other processes drop their pages too. */
  owed: boolean
  watching: boolean
}
type Global = typeof globalThis & { [GLOBAL]?: State }
const state = ((globalThis as Global)[GLOBAL] ??= { shared: '0', local: 0, owed: false, watching: false })

const key = () => `${getEnv().REDIS_PREFIX}:catalogue-version`

/** The version this process knows now: no I/O, safe to call on every request. */
export function currentCatalogueVersion(): string {
  return `${state.shared}.${state.local}`
}

/**
 * Call after any write that changes what public pages show. Never fails: the write has committed, and a
 * Redis that is away must not turn it into an error. This process then drops its pages at once, and the
 * others when Redis answers again (their cached pages also expire by themselves).
 */
export async function bumpCatalogueVersion(): Promise<void> {
  const redis = getRedis()
  if (!redis) {
    state.local += 1
    return
  }
  try {
    await tellRedis(redis)
  } catch (error) {
    state.local += 1
    state.owed = true
    logger.warn(
      { err: error },
      'catalogue version not shared; other processes will drop their pages when Redis returns',
    )
  }
}

async function tellRedis(redis: NonNullable<ReturnType<typeof getRedis>>) {
  const version = String(await redis.incr(key()))
  state.shared = version
  state.owed = false
  await redis.publish(key(), version)
}

/** Follows the shared version: pushed changes at once, plus a periodic read in case a message was lost. */
export async function watchCatalogueVersion(): Promise<() => Promise<void>> {
  const redis = getRedis()
  if (!redis || state.watching) return async () => {}
  state.watching = true
  const refresh = async () => {
    if (state.owed) await tellRedis(redis).catch(() => undefined)
    const version = await redis.get(key()).catch(() => null)
    if (version !== null) state.shared = version
  }
  await refresh()
  const subscriber = createRedisConnection()
  subscriber.on('message', (_channel: string, version: string) => (state.shared = version))
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
