import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createCategory, createProduct, hoursAgo } from '#tests/support/catalogue.ts'
import { refreshHarness } from '#tests/support/refresh-harness.ts'
import { expectOneSchedule } from '#tests/support/schedules.ts'

// The nightly refresh against the stand-in and real Postgres and Redis.
// A site with its own Associates tag; the untagged one is tests/integration/affiliate-tag-unset-built-server.test.ts.
process.env.AFFILIATE_TAG = 'comicvault-20'
const { standIn, db, refreshProducts, client } = await refreshHarness()

const readProduct = (asin: string) =>
  db.selectFrom('products').selectAll().where('asin', '=', asin).executeTakeFirstOrThrow()
const logRows = () => db.selectFrom('data_refresh_log').selectAll().orderBy('id').execute()

async function catalogue(count: number, prefix: string) {
  const rows = []
  for (let i = 1; i <= count; i++) {
    rows.push(
      await createProduct({
        asin: `${prefix}${String(i).padStart(10 - prefix.length, '0')}`,
        price: '1.00',
        last_updated: hoursAgo(30),
      }),
    )
  }
  return rows
}

describe('nightly refresh', () => {
  test('two refreshes started at once: one runs, the other is skipped (counts are not doubled)', async () => {
    await catalogue(30, 'B0TWICE')
    const [first, second] = await Promise.all([
      refreshProducts(db, { client: client() }),
      refreshProducts(db, { client: client() }),
    ])
    expect([first.status, second.status].sort()).toEqual(['skipped', 'succeeded'])
    expect([first, second].find((outcome) => outcome.status === 'skipped')!.message).toBe(
      'A refresh is already running.',
    )
    const [log] = await logRows()
    expect(await logRows()).toHaveLength(1)
    expect(log).toMatchObject({ status: 'succeeded', total: 30, updated_count: 30, failed_count: 0 })
    // Released when done: the next run goes ahead.
    expect((await refreshProducts(db, { client: client() })).status).toBe('succeeded')
  })

  test('updates Amazon fields, keeps manual prices and curated fields, flags rejected ASINs, writes the log', async () => {
    const category = await createCategory({ slug: 'refresh-curated' })
    // What the refresh must leave alone: our own texts, the category and a manual price.
    const curatedFields = {
      title: 'Curated title',
      description: 'Curated description',
      badges: ['Best seller'],
      keywords: ['mylar'],
      category_id: category.id,
      manual_price: '7.77',
    }
    const curated = await createProduct({
      asin: 'B0CURATED1',
      ...curatedFields,
      price: '1.00',
      rating: '1.0',
      review_count: 1,
      affiliate_url: 'https://www.amazon.com/dp/B0CURATED1?tag=someone-else-20',
      last_updated: hoursAgo(30),
    })
    standIn.setItem(curated.asin, { price: 12.34, rating: 4.6, reviewCount: 321, availability: 'In Stock' })
    const rejected = await createProduct({ asin: 'XREJECTED1', title: 'Gone from Amazon', price: '5.00' })

    const outcome = await refreshProducts(db, { client: client() })

    const after = await readProduct(curated.asin)
    expect(after).toMatchObject({
      ...curatedFields,
      price: '12.34',
      rating: '4.6',
      review_count: 321,
      availability: 'In Stock',
      image_url: `https://m.media-amazon.com/images/I/${curated.asin}.jpg`,
      amazon_error: null,
    })
    expect(after.images).toHaveLength(2)
    const affiliate = new URL(after.affiliate_url!)
    expect(affiliate.searchParams.get('tag')).toBe('comicvault-20')
    expect(affiliate.pathname).toBe(`/dp/${curated.asin}`)
    expect(after.last_updated!.getTime()).toBeGreaterThan(Date.now() - 60_000)

    // Kept, with its old data, and flagged with Amazon's reason.
    const gone = await readProduct(rejected.asin)
    expect(gone).toMatchObject({ title: 'Gone from Amazon', price: '5.00' })
    expect(gone.amazon_error).toBe(`The ItemId ${rejected.asin} provided in the request is invalid.`)

    const [log] = await logRows()
    expect(log).toMatchObject({ status: 'partial', total: 2, updated_count: 1, failed_count: 1 })
    expect(log!.finished_at).not.toBeNull()
    expect(outcome).toMatchObject({ status: 'partial', updated: 1, failed: 1 })

    // Fixed on Amazon's side: the next run clears the flag.
    standIn.setItem(rejected.asin, { price: 6 })
    expect((await refreshProducts(db, { client: client() })).status).toBe('succeeded')
    expect(await readProduct(rejected.asin)).toMatchObject({ amazon_error: null, price: '6.00' })
    await db.deleteFrom('products').where('asin', 'in', [curated.asin, rejected.asin]).execute()
  })

  test("fills a pack count Amazon states while the product's is unknown (1), never a curator's", async () => {
    const [unknown, curated, unstated] = await catalogue(3, 'B0PACK')
    await db.updateTable('products').set({ pack_count: 10 }).where('id', '=', curated!.id).execute()
    for (const product of [unknown!, curated!]) standIn.setItem(product.asin, { unitCount: 50 })
    expect((await refreshProducts(db, { client: client() })).status).toBe('succeeded')
    expect((await readProduct(unknown!.asin)).pack_count).toBe(50)
    expect((await readProduct(curated!.asin)).pack_count).toBe(10)
    expect((await readProduct(unstated!.asin)).pack_count).toBe(1)
  })

  test('a run killed half-way ends correct when run again, without redoing what was committed', async () => {
    const products = await catalogue(45, 'B0KILL')
    const killed = new Error('killed')
    await expect(
      refreshProducts(db, {
        client: client(),
        pageSize: 20,
        afterPage: (done) => {
          if (done >= 20) throw killed
        },
      }),
    ).rejects.toBe(killed)
    const [half] = await logRows()
    expect(half).toMatchObject({ status: 'running', updated_count: 20, failed_count: 0 })
    const callsBefore = standIn.calls.getItems
    expect(callsBefore).toBe(2)

    const outcome = await refreshProducts(db, { client: client(), pageSize: 20 })
    expect(outcome).toMatchObject({ status: 'succeeded', updated: 45, failed: 0, total: 45 })
    // Only the remaining 25 were fetched: 3 more calls.
    expect(standIn.calls.getItems - callsBefore).toBe(3)
    const rows = await logRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'succeeded', updated_count: 45, failed_count: 0 })
    const stale = await db
      .selectFrom('products')
      .select('asin')
      .where(
        'asin',
        'in',
        products.map((p) => p.asin),
      )
      .where('last_updated', '<', hoursAgo(1))
      .execute()
    expect(stale).toEqual([])
    await db.deleteFrom('products').where('asin', 'like', 'B0KILL%').execute()
  })

  test('403 stops the run at once with a clear message and keeps every product', async () => {
    await catalogue(15, 'B0DENY')
    standIn.failAlways(403)
    const outcome = await refreshProducts(db, { client: client(), pageSize: 10 })
    expect(outcome.status).toBe('failed')
    expect(outcome.message).toContain('AssociateNotEligible')
    expect(standIn.calls.getItems).toBe(1)
    const [log] = await logRows()
    expect(log).toMatchObject({ status: 'failed', updated_count: 0, failed_count: 10 })
    const prices = await db.selectFrom('products').select('price').where('asin', 'like', 'B0DENY%').execute()
    expect(prices.every((row) => row.price === '1.00')).toBe(true)
    await db.deleteFrom('products').where('asin', 'like', 'B0DENY%').execute()
  })

  test('a hanging API and malformed JSON end the run, failed with the reason', async () => {
    await catalogue(5, 'B0HANG')
    standIn.failAlways('hang')
    const hung = await refreshProducts(db, { client: client({ timeoutMs: 100, maxAttempts: 1 }) })
    expect(hung.status).toBe('failed')
    expect(hung.message).toContain('did not answer within 0.1 s')
    standIn.failAlways('malformed')
    const garbled = await refreshProducts(db, { client: client({ maxAttempts: 1 }) })
    expect(garbled).toMatchObject({ status: 'failed', message: expect.stringContaining('malformed JSON') })
    expect((await logRows()).map((row) => row.status)).toEqual(['failed', 'failed'])
    await db.deleteFrom('products').where('asin', 'like', 'B0HANG%').execute()
  })

  test('missing credentials are written to the log, not thrown', async () => {
    const outcome = await refreshProducts(db, { client: { missing: 'Amazon product API credentials are missing' } })
    expect(outcome.status).toBe('failed')
    const [log] = await logRows()
    expect(log).toMatchObject({ status: 'failed', message: 'Amazon product API credentials are missing' })
  })

  test('a running row left long ago is closed, and a new run starts from the beginning', async () => {
    await catalogue(3, 'B0OLD')
    await db
      .insertInto('data_refresh_log')
      .values({ status: 'running', total: 3, cursor: 2_000_000_000, refresh_date: sql<Date>`now() - interval '1 day'` })
      .execute()
    const outcome = await refreshProducts(db, { client: client() })
    expect(outcome).toMatchObject({ status: 'succeeded', updated: 3 })
    expect((await logRows()).map((row) => row.status)).toEqual(['failed', 'succeeded'])
    await db.deleteFrom('products').where('asin', 'like', 'B0OLD%').execute()
  })

  test('npm run refresh runs it now and says how it went', async () => {
    const { execFile } = await import('node:child_process')
    const { promisify } = await import('node:util')
    await createProduct({ asin: 'B0CLI00001', price: '1.00' })
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'jobs/refresh-cli.ts'], {
      env: { ...process.env, LOG_LEVEL: 'warn' },
    })
    expect(stdout).toContain('Refresh succeeded: Refreshed 1 product; 0 failed.')
    expect(await readProduct('B0CLI00001')).toMatchObject({ amazon_error: null })
  })

  test('the nightly schedule is registered once however often workers start: 03:15 in REFRESH_TZ', async () => {
    await expectOneSchedule(
      'amazon',
      { key: 'nightly-refresh', name: 'refresh-products', pattern: '15 3 * * *', tz: 'America/New_York' },
      2,
    )
  })
})
