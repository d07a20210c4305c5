import { describe, expect, test } from 'vitest'
import { checkRateLimits } from '#app/lib/rate-limit.server.ts'
import { getRedis } from '#app/lib/redis.server.ts'

// The limiter itself: shared through Redis, keyed by hashes, and one refusal counted on every rule.

describe('rate limits on Redis', () => {
  test('the fourth sign-in link for one address in 15 minutes is refused, with when to retry', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await checkRateLimits([['sign-in-link:email', 'someone@example.com']])).toBeNull()
    }
    const refused = await checkRateLimits([['sign-in-link:email', 'SOMEONE@example.com']])
    expect(refused?.retryAfterSeconds).toBeGreaterThan(14 * 60)
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
    expect(await checkRateLimits([['sign-in-link:email', 'someone-else@example.com']])).toBeNull()
  })

  test('Redis holds hashes, never the address or the IP', async () => {
    await checkRateLimits([
      ['subscribe:ip', '203.0.113.50'],
      ['subscribe:email', 'private@example.com'],
    ])
    const keys = await getRedis()!.keys(`${process.env.REDIS_PREFIX}:rate-limit:*`)
    expect(keys.some((key) => key.includes('subscribe:ip'))).toBe(true)
    expect(keys.join('\n')).not.toMatch(/203\.0\.113\.50|private@example\.com/)
  })
})
