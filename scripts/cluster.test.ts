import { availableParallelism } from 'node:os'
import { describe, expect, test } from 'vitest'
import { parseEnv } from '#app/lib/env.server.ts'
import { webProcessCount } from './cluster.ts'

const services = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/shop',
  REDIS_URL: 'redis://redis:6379',
}

describe('webProcessCount', () => {
  test('is one per core in production with Postgres and Redis, or WEB_CONCURRENCY', () => {
    expect(webProcessCount(parseEnv(services))).toBe(availableParallelism())
    expect(webProcessCount(parseEnv({ ...services, WEB_CONCURRENCY: '3' }))).toBe(3)
  })

  test('is one for the embedded database and in development, whatever WEB_CONCURRENCY says', () => {
    expect(webProcessCount(parseEnv({ NODE_ENV: 'production', WEB_CONCURRENCY: '4' }))).toBe(1)
    expect(webProcessCount(parseEnv({ ...services, NODE_ENV: 'development', WEB_CONCURRENCY: '4' }))).toBe(1)
  })

  test('more than one without Redis is refused, naming WEB_CONCURRENCY', () => {
    expect(webProcessCount(parseEnv({ ...services, REDIS_URL: '' }))).toBe(1)
    expect(() => parseEnv({ ...services, REDIS_URL: '', WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY: above 1 needs REDIS_URL',
    )
  })

  test('several processes serve metrics on METRICS_PORT, where the primary adds them up, not behind the token alone', () => {
    const token = { METRICS_TOKEN: 'a-long-enough-metrics-token' }
    expect(() => webProcessCount(parseEnv({ ...services, ...token, WEB_CONCURRENCY: '2' }))).toThrow(
      'METRICS_TOKEN: with several web processes, serve metrics on METRICS_PORT',
    )
    expect(webProcessCount(parseEnv({ ...services, ...token, WEB_CONCURRENCY: '2', METRICS_PORT: '9464' }))).toBe(2)
    expect(webProcessCount(parseEnv({ ...services, ...token, WEB_CONCURRENCY: '1' }))).toBe(1)
  })

  test('WEB_CONCURRENCY is a whole number from 1 to 64', () => {
    for (const value of ['0', '65', '1.5', 'many']) {
      expect(() => parseEnv({ ...services, WEB_CONCURRENCY: value })).toThrow('WEB_CONCURRENCY')
    }
  })
})
