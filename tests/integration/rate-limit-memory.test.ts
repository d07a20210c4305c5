import { expect, test } from 'vitest'

// Without REDIS_URL (the embedded mode) the same limits are kept in the process's memory.
process.env.REDIS_URL = ''
const { checkRateLimits } = await import('#app/lib/rate-limit.server.ts')

test('without Redis, limits are kept in memory', async () => {
  for (let attempt = 0; attempt < 3; attempt++) {
    expect(await checkRateLimits([['subscribe:email', 'memory@example.com']])).toBeNull()
  }
  expect(await checkRateLimits([['subscribe:email', 'memory@example.com']])).toMatchObject({
    retryAfterSeconds: expect.any(Number),
  })
})
