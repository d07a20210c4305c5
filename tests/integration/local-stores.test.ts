import { beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '#tests/support/catalogue.ts'
import { actionArgs, loaderArgs, statusOf } from '#tests/support/remix.ts'

// /go/{asin} opens the visitor's own Amazon store (decision 044): the owner's enrolled stores and tags from
// AFFILIATE_TAGS, the country from a trusted proxy header, the chooser's cookie or the languages.
process.env.AFFILIATE_TAGS = 'US:comicvault-20,UK:comicvault-21,DE:comicvault0e-21,FR:'
process.env.GEO_COUNTRY_HEADER = 'CF-IPCountry'
const { loader } = await import('#app/routes/go.$asin.ts')
const { storeCookie } = await import('#app/lib/stores.server.ts')
const { action: chooseStore, loader: storeLoader } = await import('#app/routes/store.ts')

const ASIN = 'B0STORE001'
/** Known (by the refresh, decision 045) to be sold in the UK store, and there only. */
const SOLD_IN_UK = 'B0STORE002'

beforeAll(async () => {
  await createProduct({
    asin: ASIN,
    brand: 'BCW',
    title: 'Comic Book Mylar Sleeves & Boards (50)',
    affiliate_url: `https://www.amazon.com/dp/${ASIN}?tag=other-21`,
  })
  await createProduct({
    asin: SOLD_IN_UK,
    brand: 'BCW',
    title: 'Short Comic Storage Box',
    affiliate_url: `https://www.amazon.com/dp/${SOLD_IN_UK}?tag=other-21&th=1`,
    marketplaces: ['UK'],
  })
})

async function go(headers: Record<string, string> = {}, asin = ASIN): Promise<URL> {
  const response = await loader(loaderArgs(`/go/${asin}`, { asin }, { headers }))
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

  test('a store known to sell the product: its page there, with that store’s tag and our utm', async () => {
    const url = await go({ 'CF-IPCountry': 'GB' }, SOLD_IN_UK)
    expect(url.origin + url.pathname).toBe(`https://www.amazon.co.uk/dp/${SOLD_IN_UK}`)
    expect(url.searchParams.getAll('tag')).toEqual(['comicvault-21'])
    expect(url.searchParams.get('utm_source')).toBe('localhost:3000')
    expect(url.searchParams.get('utm_medium')).toBe('affiliate')
    expect(url.searchParams.get('utm_campaign')).toBe('product_page')
    expect(url.searchParams.has('th')).toBe(false)
  })

  test('a store not known to sell it: that store’s search; the default store: the stored page', async () => {
    const de = await go({ 'CF-IPCountry': 'DE' }, SOLD_IN_UK)
    expect(de.origin + de.pathname).toBe('https://www.amazon.de/s')
    expect(de.searchParams.get('k')).toBe('BCW Short Comic Storage Box')
    expect(de.searchParams.getAll('tag')).toEqual(['comicvault0e-21'])
    const us = await go({}, SOLD_IN_UK)
    expect(us.origin + us.pathname).toBe(`https://www.amazon.com/dp/${SOLD_IN_UK}`)
    expect(us.searchParams.get('th')).toBe('1')
    expect(us.searchParams.getAll('tag')).toEqual(['comicvault-20'])
  })

  test('nothing from the request reaches the address but the store’s choice', async () => {
    const url = await go({ 'CF-IPCountry': 'GB', Referer: 'https://evil.example/', Host: 'evil.example' })
    expect(url.host).toBe('www.amazon.co.uk')
  })
})

describe('the footer’s store chooser (POST /store)', () => {
  const choose = (fields: Record<string, string>) => chooseStore(actionArgs('/store', fields))

  test('keeps the choice in a cookie that /go reads, and goes back to the page it was made on', async () => {
    const response = await choose({ store: 'UK', returnTo: '/category/mylar-sleeves?sort=rating' })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/category/mylar-sleeves?sort=rating')
    const cookie = response.headers.get('Set-Cookie')!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const url = await go({ Cookie: cookie.split(';')[0]! })
    expect(url.host).toBe('www.amazon.co.uk')
  })

  test('"automatic" removes the cookie', async () => {
    const response = await choose({ store: '', returnTo: '/' })
    expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0/i)
  })

  test('a store not enrolled (or not one at all) is refused with a 400; another site is never the way back', async () => {
    for (const store of ['FR', 'ZZ', '<b>']) expect(await statusOf(() => choose({ store, returnTo: '/' }))).toBe(400)
    for (const returnTo of ['https://evil.example/', '//evil.example', '/\\evil.example', '']) {
      const response = await choose({ store: 'DE', returnTo })
      expect(response.headers.get('Location')).toBe('/')
    }
  })
})

describe('the visitor’s store for their own browser (GET /store)', () => {
  async function ask(headers: Record<string, string> = {}) {
    const response = await storeLoader(loaderArgs('/store', {}, { headers }))
    expect(response.status).toBe(200)
    // One visitor's answer: never kept by a CDN, the page cache or the browser.
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    return (await response.json()) as unknown
  }

  test('the store /go would open, by cookie, proxy header or languages, and whether the visitor chose it', async () => {
    expect(await ask()).toEqual({ code: 'US', name: 'Amazon.com', chosen: false })
    expect(await ask({ 'CF-IPCountry': 'IE' })).toEqual({ code: 'UK', name: 'Amazon.co.uk', chosen: false })
    expect(await ask({ 'Accept-Language': 'de-CH,de;q=0.9' })).toEqual({ code: 'DE', name: 'Amazon.de', chosen: false })
    expect(await ask({ ...(await chooser('DE')), 'CF-IPCountry': 'GB' })).toEqual({
      code: 'DE',
      name: 'Amazon.de',
      chosen: true,
    })
  })

  test('a cookie naming a store not enrolled, or not ours: the default store, not a choice, never an error', async () => {
    for (const headers of [await chooser('FR'), { Cookie: 'store=%%not-ours' }]) {
      expect(await ask({ ...headers, 'CF-IPCountry': 'GB' })).toEqual({ code: 'US', name: 'Amazon.com', chosen: false })
    }
  })
})
