import { describe, expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'
import { viewsToday } from '#tests/support/product-views.ts'

// Product-page views counted by the production build (docs/decisions/046): in front of the page cache, so its hits
// count; not a bot's, not a page that is no 200; kept in memory, added to product_views every 10 s and at SIGTERM.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const database = await createSeededDatabase(inject('templateDatabase'))
let hiddenAsin = ''
const site = useBuiltServer(database, async (env) => {
  hiddenAsin = await onServer(async (client) => {
    const { rows } = await client.query<{ asin: string }>(
      'UPDATE products SET soft_hidden = true WHERE id = (SELECT id FROM products WHERE NOT soft_hidden ORDER BY id DESC LIMIT 1) RETURNING asin',
    )
    return rows[0]!.asin
  }, database.url)
  return env
})

const viewsOf = (asin: string) => viewsToday(database.url, asin)

async function get(path: string, userAgent = BROWSER, method = 'GET') {
  const response = await fetch(site.url + path, { method, headers: { 'user-agent': userAgent } })
  await response.arrayBuffer() // the whole body: the response has finished, and was counted if it counts
  return response
}

describe('product-page views on the built server', () => {
  test('a 200 product page counts, cache hits and client navigations too; bots, HEAD and 404s do not', async () => {
    const answers = []
    for (let i = 0; i < 3; i++) answers.push((await get(`/product/${site.asin}`)).headers.get('x-page-cache'))
    // Kept from its second request (docs/decisions/033): the third is served by the cache, and still counted.
    expect(answers).toEqual(['MISS', 'MISS', 'HIT'])
    expect((await get(`/product/${site.asin}.data`)).status).toBe(200)

    expect((await get(`/product/${site.asin}`, GOOGLEBOT)).status).toBe(200)
    expect((await get(`/product/${site.asin}`, BROWSER, 'HEAD')).status).toBe(200)
    expect((await get(`/product/${hiddenAsin}`)).status).toBe(404)
    expect((await get(`/product/${hiddenAsin}.data`)).status).not.toBe(200)

    // Added by the 10-second flush, while the server runs.
    await expect.poll(() => viewsOf(site.asin), { timeout: 15_000, interval: 500 }).toBe(4)
    expect(await viewsOf(hiddenAsin)).toBe(0)
  }, 30_000)

  test('views not yet flushed are saved at shutdown (SIGTERM)', async () => {
    const before = await viewsOf(site.asin)
    await get(`/product/${site.asin}`)
    await get(`/product/${site.asin}`)
    await site.server.stop()
    expect(site.server.output()).not.toMatch(/product views not saved/)
    expect(await viewsOf(site.asin)).toBe(before + 2)
  })
})
