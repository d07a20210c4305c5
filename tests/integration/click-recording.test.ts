import { beforeAll, describe, expect, test } from 'vitest'
import { createProduct, type ProductRow } from '#tests/support/catalogue.ts'
import { loaderArgs } from '#tests/support/remix.ts'

// /go/{asin} records each click's facts for the analytics (docs/decisions/046): the product, the store it was
// sent to, the visitor's country, the same-site page it came from, and whether a bot made it. Still one insert.
process.env.AFFILIATE_TAGS = 'US:comicvault-20,UK:comicvault-21'
process.env.GEO_COUNTRY_HEADER = 'CF-IPCountry'
const { loader } = await import('#app/routes/go.$asin.ts')
const { db } = await import('#db/client.ts')

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let product: ProductRow
beforeAll(async () => {
  product = await createProduct({ asin: 'B0CLICK001' })
})

async function click(headers: Record<string, string>) {
  await db.deleteFrom('clicks').execute()
  const response = await loader(loaderArgs(`/go/${product.asin}`, { asin: product.asin }, { headers }))
  expect(response.status).toBe(302)
  return db
    .selectFrom('clicks')
    .select(['product_id', 'product_asin', 'store', 'country', 'source_path', 'is_bot', 'ip_hash'])
    .execute()
}

describe('/go/{asin} records the click’s facts', () => {
  test('a visitor from a page of the site: product, store, country, path without its query, not a bot', async () => {
    const rows = await click({
      'User-Agent': BROWSER,
      'CF-IPCountry': 'GB',
      Referer: `http://localhost:3000/product/${product.asin}?utm_source=x#reviews`,
    })
    expect(rows).toEqual([
      {
        product_id: product.id,
        product_asin: product.asin,
        store: 'UK',
        country: 'GB',
        source_path: `/product/${product.asin}`,
        is_bot: false,
        ip_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ])
  })

  test('a bot from another site, country from the languages: flagged, no source, default store', async () => {
    const rows = await click({
      'User-Agent': GOOGLEBOT,
      'Accept-Language': 'de-AT,de;q=0.9',
      Referer: 'https://evil.example/x',
    })
    expect(rows).toMatchObject([{ store: 'US', country: 'AT', source_path: null, is_bot: true }])
  })

  test('nothing known: country and source unknown, still recorded', async () => {
    const rows = await click({ 'CF-IPCountry': 'XX', Referer: 'not a url' })
    expect(rows).toMatchObject([{ product_id: product.id, store: 'US', country: null, source_path: null }])
  })
})
