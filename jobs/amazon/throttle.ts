import type { Redis } from 'ioredis'

/** Spaces out calls: `wait()` resolves when this caller may make the next request. */
export interface Throttle {
  wait(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One call per `intervalMs` across every process sharing the Redis: a key set with NX and a PX expiry is
 * the permit, so whoever sets it may call and everyone else waits out its remaining time.
 */
export function redisThrottle(redis: Redis, key: string, intervalMs: number): Throttle {
  return {
    async wait() {
      if (intervalMs <= 0) return
      for (;;) {
        if ((await redis.set(key, '1', 'PX', intervalMs, 'NX')) === 'OK') return
        const left = await redis.pttl(key)
        await sleep(Math.max(left, 5))
      }
    },
  }
}

/** The same spacing within one process, for when there is no Redis. */
export function memoryThrottle(intervalMs: number): Throttle {
  let next = 0
  return {
    async wait() {
      const now = Date.now()
      const at = Math.max(now, next)
      next = at + intervalMs
      if (at > now) await sleep(at - now)
    },
  }
}
