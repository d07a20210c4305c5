import { describe, expect, test } from 'vitest'
import { createProduct, hoursAgo } from '#tests/support/catalogue.ts'
import { refreshHarness } from '#tests/support/refresh-harness.ts'

// The refresh learns which other enrolled stores sell each product (docs/decisions/045), against the stand-in
// and real Postgres: one more GetItems call per 10 products per store, a store's failure never the run's.
process.env.AFFILIATE_TAGS = 'US:comicvault-20,UK:comicvault-21,DE:comicvault0e-21'
const { standIn, db, refreshProducts, client } = await refreshHarness()

const US = 'www.amazon.com'
const UK = 'www.amazon.co.uk'
const DE = 'www.amazon.de'

const marketplacesOf = async (asin: string) =>
  (await db.selectFrom('products').select('marketplaces').where('asin', '=', asin).executeTakeFirstOrThrow())
    .marketplaces

async function catalogue(...asins: string[]) {
  for (const asin of asins) await createProduct({ asin, price: '1.00', last_updated: hoursAgo(30) })
}

describe('the refresh learns the stores that sell each product', () => {
  test('each page is asked of every other enrolled store with its host and tag; sold there is recorded', async () => {
    await catalogue('B0ONLYUK01', 'B0EVERYW01', 'XUNKNOWN01')
    standIn.setItem('B0ONLYUK01', { marketplaces: [US, UK] })

    const outcome = await refreshProducts(db, { client: client() })

    expect(outcome).toMatchObject({ status: 'partial', updated: 2, failed: 1 })
    expect(outcome.message).toBe('Refreshed 2 products; 1 failed. Stores checked: Amazon.co.uk, Amazon.de.')
    // One call for the default store, then one per other enrolled store, in the store table's order.
    expect(standIn.calls.marketplaces).toEqual([US, UK, DE])
    expect(await marketplacesOf('B0ONLYUK01')).toEqual(['UK'])
    expect(await marketplacesOf('B0EVERYW01')).toEqual(['UK', 'DE'])
    expect(await marketplacesOf('XUNKNOWN01')).toEqual([])

    // A second run changes nothing it already knew, and never lists a store twice.
    expect((await refreshProducts(db, { client: client() })).status).toBe('partial')
    expect(await marketplacesOf('B0EVERYW01')).toEqual(['UK', 'DE'])
  })

  test('a store that later reports the ASIN in its errors loses it; one that starts selling it gains it', async () => {
    await catalogue('B0MOVING01')
    standIn.setItem('B0MOVING01', { marketplaces: [US, UK] })
    await refreshProducts(db, { client: client() })
    expect(await marketplacesOf('B0MOVING01')).toEqual(['UK'])

    standIn.setItem('B0MOVING01', { marketplaces: [US, DE] })
    expect((await refreshProducts(db, { client: client() })).status).toBe('succeeded')
    expect(await marketplacesOf('B0MOVING01')).toEqual(['DE'])
  })

  test("a store's whole call failing keeps what was known of it, and the default refresh still succeeds", async () => {
    await catalogue('B0KEPTUK01')
    await refreshProducts(db, { client: client() })
    expect(await marketplacesOf('B0KEPTUK01')).toEqual(['UK', 'DE'])

    // Were they asked, both stores would now say no.
    standIn.setItem('B0KEPTUK01', { marketplaces: [US], price: 4.56 })
    standIn.failNext(403, 1, UK)
    standIn.failAlways(500, DE)
    const outcome = await refreshProducts(db, { client: client({ maxAttempts: 2 }) })

    expect(outcome).toMatchObject({ status: 'succeeded', updated: 1, failed: 0 })
    expect(outcome.message).toContain(
      'Amazon.co.uk: 1 page not checked, what was known there is kept; stopped asking: Amazon denied access (403',
    )
    expect(outcome.message).toContain('Amazon.de: 1 page not checked, what was known there is kept.')
    expect(await marketplacesOf('B0KEPTUK01')).toEqual(['UK', 'DE'])
    const product = await db
      .selectFrom('products')
      .selectAll()
      .where('asin', '=', 'B0KEPTUK01')
      .executeTakeFirstOrThrow()
    expect(product).toMatchObject({ price: '4.56', amazon_error: null })
  })

  test('a store that fails for good is asked no more in that run; the others go on page after page', async () => {
    const asins = Array.from({ length: 25 }, (_, i) => `B0PAGES${String(i).padStart(3, '0')}`)
    await catalogue(...asins)
    standIn.failAlways(403, UK)

    const outcome = await refreshProducts(db, { client: client(), pageSize: 10 })

    expect(outcome).toMatchObject({ status: 'succeeded', updated: 25 })
    const asked = (host: string) => standIn.calls.marketplaces.filter((marketplace) => marketplace === host).length
    expect([asked(US), asked(UK), asked(DE)]).toEqual([3, 1, 3])
    for (const asin of asins) expect(await marketplacesOf(asin)).toEqual(['DE'])
  })

  test('a run stopped part-way and resumed learns the rest, without asking the committed pages again', async () => {
    const asins = Array.from({ length: 15 }, (_, i) => `B0RESUME${String(i).padStart(2, '0')}`)
    await catalogue(...asins)
    const killed = new Error('killed')
    await expect(
      refreshProducts(db, {
        client: client(),
        pageSize: 10,
        afterPage: () => {
          throw killed
        },
      }),
    ).rejects.toBe(killed)
    expect(standIn.calls.marketplaces).toEqual([US, UK, DE])

    expect((await refreshProducts(db, { client: client(), pageSize: 10 })).status).toBe('succeeded')
    expect(standIn.calls.marketplaces).toEqual([US, UK, DE, US, UK, DE])
    for (const asin of asins) expect(await marketplacesOf(asin)).toEqual(['UK', 'DE'])
  })
})
