import { beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '#tests/support/catalogue.ts'
import { loaderArgs } from '#tests/support/remix.ts'

// /go/{asin} opens the visitor's own Amazon store (decision 044): the owner's enrolled stores and tags from
// AFFILIATE_TAGS, the country from a trusted proxy header, the chooser's cookie or the languages.
process.env.AFFILIATE_TAGS = 'US:comicvault-20,UK:comicvault-21,DE:comicvault0e-21,FR:'
process.env.GEO_COUNTRY_HEADER = 'CF-IPCountry'
const { loader } = await import('#app/routes/go.$asin.ts')
const { storeCookie } = await import('#app/lib/stores.server.ts')

const ASIN = 'B0STORE001'

beforeAll(async () => {
  await createProduct({
    asin: ASIN,
    brand: 'BCW',
    title: 'Comic Book Mylar Sleeves & Boards (50)',
    affiliate_url: `https://www.amazon.com/dp/${ASIN}?tag=other-21`,
  })
})

async function go(headers: Record<string, string> = {}): Promise<URL> {
  const response = await loader(loaderArgs(`/go/${ASIN}`, { asin: ASIN }, { headers }))
  expect(response.status).toBe(302)
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  return new URL(response.headers.get('Location')!)
}

const chooser = async (store: string) => ({ Cookie: await storeCookie.serialize(store) })

describe('/go/{asin} by the visitor’s store', () => {
  test('with nothing known of the visitor: the product’s own page on Amazon.com, with the US tag', async () => {
    const url = await go()
    expect(url.origin + url.pathname).toBe(`https://www.amazon.com/dp/${ASIN}`)
    expect(url.searchParams.getAll('tag')).toEqual(['comicvault-20'])
    expect(url.searchParams.get('utm_source')).toBe('localhost:3000')
  })

  test('the proxy’s country: that store’s search for the product, with its tag and our utm', async () => {
    const url = await go({ 'CF-IPCountry': 'GB' })
    expect(url.origin + url.pathname).toBe('https://www.amazon.co.uk/s')
    expect(url.searchParams.get('k')).toBe('BCW Comic Book Mylar Sleeves & Boards (50)')
    expect(url.searchParams.getAll('tag')).toEqual(['comicvault-21'])
    expect(url.searchParams.get('utm_medium')).toBe('affiliate')
    expect(url.searchParams.get('utm_campaign')).toBe('product_page')
  })

  test('without the header, the region of the visitor’s languages', async () => {
    const url = await go({ 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.5' })
    expect(url.host).toBe('www.amazon.de')
    expect(url.searchParams.get('tag')).toBe('comicvault0e-21')
  })

  test('the chooser’s cookie wins over the header and the languages', async () => {
    const url = await go({ ...(await chooser('DE')), 'CF-IPCountry': 'GB', 'Accept-Language': 'en-GB' })
    expect(url.host).toBe('www.amazon.de')
  })

  test('a store without a tag, an unknown country, a forged cookie: the default store, never an error', async () => {
    for (const headers of <Array<Record<string, string>>>[
      { 'CF-IPCountry': 'FR' },
      { 'CF-IPCountry': 'XX', 'Accept-Language': 'fr-FR' },
      { 'CF-IPCountry': '<script>' },
      { Cookie: 'store=not-base64-json%%' },
      await chooser('FR'),
      { Cookie: await storeCookie.serialize({ store: 'UK' }) },
    ]) {
      const url = await go(headers)
      expect(url.origin + url.pathname, JSON.stringify(headers)).toBe(`https://www.amazon.com/dp/${ASIN}`)
      expect(url.searchParams.getAll('tag')).toEqual(['comicvault-20'])
    }
  })

  test('nothing from the request reaches the address but the store’s choice', async () => {
    const url = await go({ 'CF-IPCountry': 'GB', Referer: 'https://evil.example/', Host: 'evil.example' })
    expect(url.host).toBe('www.amazon.co.uk')
  })
})
