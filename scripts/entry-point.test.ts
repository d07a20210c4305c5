import { describe, expect, test } from 'vitest'
import { parseEnv } from '#app/lib/env.server.ts'
import { isSecondSignal, shutdownDeadlineMs, shutdownDrainMs } from './entry-point.ts'

const services = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop' }

describe('the graceful stop (docs/decisions/056)', () => {
  test('drains 5 s in production on Postgres, not in development or the embedded demo, unless told', () => {
    expect(shutdownDrainMs(parseEnv(services))).toBe(5_000)
    expect(shutdownDrainMs(parseEnv({ ...services, NODE_ENV: 'development' }))).toBe(0)
    expect(shutdownDrainMs(parseEnv({ NODE_ENV: 'production' }))).toBe(0)
    expect(shutdownDrainMs(parseEnv({ ...services, SHUTDOWN_DRAIN_MS: '0' }))).toBe(0)
    expect(shutdownDrainMs(parseEnv({ NODE_ENV: 'development', SHUTDOWN_DRAIN_MS: '12000' }))).toBe(12_000)
    for (const value of ['-1', '1.5', 'soon', '120001']) {
      expect(() => parseEnv({ SHUTDOWN_DRAIN_MS: value })).toThrow('SHUTDOWN_DRAIN_MS')
    }
  })

  test('gives the requests in flight 25 s after the drain window', () => {
    expect(shutdownDeadlineMs(0)).toBe(25_000)
    expect(shutdownDeadlineMs(5_000)).toBe(30_000)
  })

  test('takes a signal delivered twice at once as one stop, a later second one as "now"', () => {
    expect(isSecondSignal(5)).toBe(false)
    expect(isSecondSignal(999)).toBe(false)
    expect(isSecondSignal(1_000)).toBe(true)
  })

  test('keeps idle connections past a proxy’s 60 s idle timeout, and both timeouts configurable', () => {
    expect(parseEnv({})).toMatchObject({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000, HTTP_HEADERS_TIMEOUT_MS: 66_000 })
    const custom = parseEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '3000' })
    expect(custom).toMatchObject({ HTTP_KEEP_ALIVE_TIMEOUT_MS: 2_000, HTTP_HEADERS_TIMEOUT_MS: 3_000 })
    for (const name of ['HTTP_KEEP_ALIVE_TIMEOUT_MS', 'HTTP_HEADERS_TIMEOUT_MS']) {
      for (const value of ['0', '300001', 'long']) expect(() => parseEnv({ [name]: value })).toThrow(name)
    }
  })
})
