import { randomUUID } from 'node:crypto'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { getRedis } from '#app/lib/redis.server.ts'

// Work that must never run twice at once, whichever process starts it (the 3:15 schedule, "Run refresh now",
// `npm run refresh`): a lease in Redis, renewed while the work runs and released by its holder only; without
// Redis there is one process, and a set in memory does.

const running = new Set<string>()

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`

/** Runs `work`, or answers `{ alreadyRunning: true }` when the same named work is running somewhere. */
export async function runAlone<T>(
  name: string,
  work: () => Promise<T>,
  leaseMs = 60_000,
): Promise<{ alreadyRunning: true } | { alreadyRunning: false; result: T }> {
  const redis = getRedis()
  if (!redis) {
    if (running.has(name)) return { alreadyRunning: true }
    running.add(name)
    try {
      return { alreadyRunning: false, result: await work() }
    } finally {
      running.delete(name)
    }
  }
  const key = `${getEnv().REDIS_PREFIX}:lock:${name}`
  const token = randomUUID()
  // A process that dies keeps the lease until it expires (a minute), then the next run may start.
  if ((await redis.set(key, token, 'PX', leaseMs, 'NX')) !== 'OK') return { alreadyRunning: true }
  const renew = setInterval(() => {
    redis
      .eval(RENEW, 1, key, token, leaseMs)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'lease not renewed'))
  }, leaseMs / 3).unref()
  try {
    return { alreadyRunning: false, result: await work() }
  } finally {
    clearInterval(renew)
    await redis
      .eval(RELEASE, 1, key, token)
      .catch((error: unknown) => logger.warn({ err: error, key }, 'lease not released'))
  }
}
