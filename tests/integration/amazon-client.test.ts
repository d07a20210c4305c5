import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import type { ClientOptions } from '#tests/support/amazon-client.ts'
import { startAmazonStandIn } from '#tests/support/amazon-stand-in.ts'

// The Creators API client against the local stand-in and the real Redis.
const standIn = await startAmazonStandIn()
Object.assign(process.env, standIn.env)

const { AmazonClient, AMAZON_INTERVAL_MS, configuredAmazonClient, batchAsins, MISSING_CREDENTIALS } =
  await import('#jobs/amazon/client.ts')
const { redisThrottle } = await import('#jobs/amazon/throttle.ts')
const { standInClient } = await import('#tests/support/amazon-client.ts')
const { getRedis } = await import('#app/lib/redis.server.ts')
const { amazonSettings } = await import('#app/lib/amazon-settings.server.ts')

afterAll(() => standIn.close())
beforeEach(() => standIn.reset())

const asin = (n: number, prefix = 'B0') => `${prefix}${String(n).padStart(8, '0')}`

const client = (options: ClientOptions = {}) => standInClient(standIn, { backoffMs: 10, timeoutMs: 2_000, ...options })

describe('Creators API client', () => {
  test('25 ASINs (with duplicates) are 3 GetItems calls of at most 10, deduplicated, in order', async () => {
    const asins = Array.from({ length: 25 }, (_, i) => asin(i + 1))
    const result = await client().getItems([...asins, asins[0]!, asins[3]!])
    expect(standIn.calls.getItems).toBe(3)
    expect(standIn.calls.batches.map((batch) => batch.length)).toEqual([10, 10, 5])
    expect(standIn.calls.batches.flat()).toEqual(asins)
    expect(result.items.map((item) => item.asin)).toEqual(asins)
    expect(result.errors).toEqual([])
    const first = result.items[0]!
    expect(first.title).toBe(`Stand-in comic storage product ${asins[0]}`)
    expect(first.price).toMatch(/^\d+\.\d{2}$/)
    expect(first.detailPageUrl).toContain('tag=standin-20')
    expect(first.images).toHaveLength(2)
    expect(batchAsins(['A', 'B', 'A'])).toEqual([['A', 'B']])
  })

  test('one request a second across two clients sharing Redis', async () => {
    const redis = getRedis()!
    const key = `${process.env.REDIS_PREFIX}:amazon:throttle:test`
    const a = client({ throttle: redisThrottle(redis, key, AMAZON_INTERVAL_MS) })
    const b = client({ throttle: redisThrottle(redis, key, AMAZON_INTERVAL_MS) })
    await Promise.all([a.getItems([asin(1), asin(2)]), b.getItems([asin(3)]), a.getItems([asin(4)])])
    const times = [...standIn.calls.times].sort((x, y) => x - y)
    expect(times).toHaveLength(3)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1_000)
  })

  test('429 is retried with backoff, then succeeds', async () => {
    standIn.failNext(429, 2)
    const result = await client().getItems([asin(1)])
    expect(result.items).toHaveLength(1)
    expect(standIn.calls.getItems).toBe(3)
  })

  test('500 is retried; a lasting one gives up with a clear message', async () => {
    standIn.failNext(500)
    expect((await client().getItems([asin(1)])).items).toHaveLength(1)
    standIn.failAlways(500)
    await expect(client({ maxAttempts: 3 }).getItems([asin(1)])).rejects.toMatchObject({
      kind: 'server',
      message: expect.stringContaining('Gave up after 3 attempts'),
    })
  })

  test('another marketplace: its host in the x-marketplace header and the body, with our tag there', async () => {
    standIn.setItem(asin(2), { marketplaces: ['www.amazon.com'] })
    const uk = await client().getItems([asin(1), asin(2)], {
      marketplace: 'www.amazon.co.uk',
      partnerTag: 'comicvault-21',
    })
    expect(uk.items.map((item) => item.asin)).toEqual([asin(1)])
    // The stand-in builds the page address from the marketplace and the tag the call named.
    expect(uk.items[0]!.detailPageUrl).toBe(
      `https://www.amazon.co.uk/dp/${asin(1)}?tag=comicvault-21&linkCode=ogi&th=1`,
    )
    expect(uk.errors).toEqual([
      {
        asin: asin(2),
        code: 'ItemNotAccessible',
        message: `The ItemId ${asin(2)} is not accessible through the Creators API in www.amazon.co.uk.`,
      },
    ])
    // Without one, the client's own marketplace, as before.
    const us = await client().getItems([asin(2)])
    expect(us.items[0]!.detailPageUrl).toContain('https://www.amazon.com/')
    expect(standIn.calls.marketplaces).toEqual(['www.amazon.co.uk', 'www.amazon.com'])
  })

  test('the stand-in refuses a call whose header and body name different marketplaces', async () => {
    const token = (await (
      await fetch(standIn.env.AMAZON_TOKEN_URL!, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: standIn.env.AMAZON_CREDENTIAL_ID!,
          client_secret: standIn.env.AMAZON_CREDENTIAL_SECRET!,
          scope: 'creatorsapi::default',
        }),
      })
    ).json()) as { access_token: string }
    const response = await fetch(`${standIn.url}/catalog/v1/getItems`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'x-marketplace': 'www.amazon.co.uk',
        Authorization: `Bearer ${token.access_token}`,
      },
      body: JSON.stringify({
        itemIds: [asin(1)],
        itemIdType: 'ASIN',
        partnerTag: 'comicvault-21',
        marketplace: 'www.amazon.de',
      }),
    })
    expect(response.status).toBe(400)
  })

  test('partial errors: the known items come back, the others are errors item by item', async () => {
    const good = [asin(1), asin(2)]
    const bad = ['X000000001', 'X000000002']
    const result = await client().getItems([good[0]!, bad[0]!, good[1]!, bad[1]!])
    expect(result.items.map((item) => item.asin)).toEqual(good)
    expect(result.errors).toEqual(
      bad.map((id) => ({
        asin: id,
        code: 'InvalidParameterValue',
        message: `The ItemId ${id} provided in the request is invalid.`,
      })),
    )
  })

  test('403 AccessDenied is reported clearly and not retried', async () => {
    standIn.failAlways(403)
    const error = await client()
      .getItems([asin(1)])
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'access-denied', status: 403, fatal: true })
    expect((error as Error).message).toContain('AssociateNotEligible')
    expect(standIn.calls.getItems).toBe(1)
  })

  test('the token is cached, and fetched again once on a 401', async () => {
    const c = client()
    await c.getItems([asin(1)])
    await c.getItems([asin(2)])
    expect(standIn.calls.token).toBe(1)
    standIn.revokeTokens()
    expect((await c.getItems([asin(3)])).items).toHaveLength(1)
    expect(standIn.calls.token).toBe(2)
    expect(standIn.calls.getItems).toBe(4)
  })

  test('a 401 that a new token does not cure is an auth error, not a loop', async () => {
    const c = client({ credentialSecret: 'wrong' })
    await expect(c.getItems([asin(1)])).rejects.toMatchObject({ kind: 'auth' })
    expect(standIn.calls.getItems).toBe(0)
  })

  test('malformed JSON is a clear error', async () => {
    standIn.failNext('malformed')
    await expect(client().getItems([asin(1)])).rejects.toMatchObject({
      kind: 'bad-response',
      message: 'Amazon answered with malformed JSON (200).',
    })
  })

  test('a hanging API times out with a clear message', async () => {
    standIn.failAlways('hang')
    const started = Date.now()
    await expect(client({ timeoutMs: 200, maxAttempts: 2 }).getItems([asin(1)])).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('did not answer within 0.2 s'),
    })
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  test('missing credentials are a message, not a crash', async () => {
    const settings = await amazonSettings()
    const noId = { ...settings, credentialId: { value: null, fromEnv: false } }
    expect(await configuredAmazonClient({}, noId)).toEqual({ missing: MISSING_CREDENTIALS })
    expect(await configuredAmazonClient({}, settings)).toBeInstanceOf(AmazonClient)
  })
})
