import { Redis, type RedisOptions } from 'ioredis'
import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'

const GLOBAL = Symbol.for('comic-vault.redis')
type Global = typeof globalThis & { [GLOBAL]?: Redis }

/** A new connection to REDIS_URL. BullMQ workers need their own, with `maxRetriesPerRequest: null`. */
export function createRedisConnection(options: RedisOptions = {}): Redis {
  const url = getEnv().REDIS_URL
  if (!url) throw new Error('REDIS_URL is not set')
  const connection = new Redis(url, options)
  // ioredis reconnects by itself; without a listener a lost connection would crash the process.
  connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'))
  return connection
}

/** The process's shared connection for short commands (rate limits, cache versions), or none without Redis. */
export function getRedis(): Redis | undefined {
  if (!getEnv().REDIS_URL) return undefined
  const store = globalThis as Global
  store[GLOBAL] ??= createRedisConnection({ maxRetriesPerRequest: 1 })
  return store[GLOBAL]
}

export async function closeRedis(): Promise<void> {
  const store = globalThis as Global
  const connection = store[GLOBAL]
  store[GLOBAL] = undefined
  await connection?.quit().catch(() => connection.disconnect())
}
