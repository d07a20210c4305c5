import { expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'

// What people look for (docs/decisions/085), against the built server: a search is recorded whether the page
// cache rendered it or replayed it (the recording sits in front of the cache), a later page is not a new search,
// and the suggestions answer is public for the shared caches.

const database = await createSeededDatabase(inject('templateDatabase'))
const site = useBuiltServer(database)

// A browser's (Node's own user agent reads as a bot, which is not recorded).
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

const get = async (path: string) => {
  const response = await fetch(site.url + path, {
    redirect: 'manual',
    headers: { 'User-Agent': BROWSER },
    signal: AbortSignal.timeout(10_000),
  })
  await response.arrayBuffer()
  return response
}

/** Today's row of `query` (the recording runs once the answer has gone: the tests poll it). */
const recorded = (query: string) =>
  onServer(async (client) => {
    const { rows } = await client.query(
      'SELECT searches, without_result, opens FROM search_queries WHERE query = $1 AND day = current_date',
      [query],
    )
    return rows[0] as { searches: number; without_result: number; opens: number } | undefined
  }, database.url)

test('every search is recorded, page-cache hits included; a later page is not a new search', async () => {
  const first = await get('/search?q=Zzyzx%20Nothing')
  expect(first.status).toBe(200)
  expect(first.headers.get('X-Search-Results')).toBe('0')
  await get('/search?q=Zzyzx%20Nothing')
  const third = await get('/search?q=Zzyzx%20Nothing')
  expect(third.headers.get('X-Search-Results')).toBe('0')
  await get('/search?q=Zzyzx%20Nothing&page=2')
  await expect.poll(() => recorded('zzyzx nothing')).toMatchObject({ searches: 3, without_result: 3 })
})

test('the suggestions answer is JSON the shared caches may keep', async () => {
  const response = await fetch(`${site.url}/search/suggest?q=mylar`)
  expect(response.status).toBe(200)
  expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+/)
  const body = (await response.json()) as { products: unknown[]; categories: unknown[] }
  expect(body.products.length).toBeGreaterThan(0)
})

test('a result opened from a search is counted and lands on the product page', async () => {
  const response = await get(`/search/open?q=Open%20Built&asin=${site.asin}`)
  expect(response.status).toBe(303)
  expect(response.headers.get('Location')).toBe(`/product/${site.asin}`)
  await expect.poll(() => recorded('open built')).toMatchObject({ opens: 1 })
  expect((await get('/search/open?q=x&asin=http%3A%2F%2Fevil.example')).status).toBe(404)
})
