import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { loader } from '#app/routes/admin.analytics.tsx'
import { loader as exportLoader } from '#app/routes/admin.analytics_.export.ts'
import { addDays } from '#app/schemas/analytics.ts'
import type { AnalyticsTable, Cell } from '#app/utils/analytics.ts'
import { isoDate } from '#app/utils/format.ts'
import { db } from '#db/client.ts'
import { createCategory, createProduct, type ProductRow } from '#tests/support/catalogue.ts'
import { cookieFor } from '#tests/support/panel-users.ts'
import { callLoader, replyOf, statusOf } from '#tests/support/remix.ts'

// /admin/analytics and its CSV export (docs/decisions/046), against clicks and views written here: bots left out,
// days cut at midnight in the site's time zone (REFRESH_TZ, America/New_York by default), a product with views
// and no click, grouping by category, store, country and source page, and ranges that are reversed or absurd.

const TZ = 'America/New_York'
const today = isoDate(new Date(), TZ)
const D1 = addDays(today, -5)
const D2 = addDays(today, -4)
const cookie = await cookieFor('viewer')

let alpha: ProductRow
let bravo: ProductRow
let charlie: ProductRow
let delta: ProductRow

/** A click at `time` on `day` in the site's time zone. */
async function click(
  product: ProductRow | null,
  day: string,
  time: string,
  facts: { store?: string; country?: string | null; source?: string | null; bot?: boolean } = {},
) {
  await sql`
    INSERT INTO clicks (product_id, product_asin, ip_hash, store, country, source_path, is_bot, clicked_at)
    VALUES (${product?.id ?? null}, ${product?.asin ?? 'B0GONE0001'}, 'hash', ${facts.store ?? 'US'},
            ${facts.country === undefined ? 'US' : facts.country}, ${facts.source ?? null}, ${facts.bot ?? false},
            (${day}::date + ${time}::time) AT TIME ZONE ${TZ})`.execute(db)
}

beforeAll(async () => {
  const bags = await createCategory({ slug: 'bags', name: 'Bags' })
  const boxes = await createCategory({ slug: 'boxes', name: 'Boxes' })
  alpha = await createProduct({ asin: 'B0ALPHA001', title: 'Alpha bags', category_id: bags.id })
  bravo = await createProduct({ asin: 'B0BRAVO001', title: 'Bravo box', category_id: boxes.id })
  charlie = await createProduct({ asin: 'B0CHARL001', title: 'Charlie board' })
  delta = await createProduct({ asin: 'B0DELTA001', title: 'Delta sleeve' })
  const alphaPage = `/product/${alpha.asin}`

  await click(alpha, D1, '00:00:00', { source: alphaPage })
  await click(alpha, D1, '23:59:59', { store: 'UK', country: 'GB', source: alphaPage })
  await click(alpha, D2, '12:00:00', { country: null, source: '/category/bags' })
  await click(bravo, D2, '12:00:00', { store: 'DE', country: 'AT' })
  await click(charlie, D2, '13:00:00', { source: '/search' })
  await click(null, D2, '14:00:00', { source: '/' }) // a product deleted since
  // Left out: a bot, and the instants just outside the range.
  await click(alpha, D2, '12:00:00', { bot: true, source: alphaPage })
  await click(alpha, addDays(D1, -1), '23:59:59', { source: alphaPage })
  await click(alpha, addDays(D2, 1), '00:00:00', { source: alphaPage })

  await db
    .insertInto('product_views')
    .values([
      { day: D1, product_id: alpha.id, views: 10 },
      { day: D2, product_id: alpha.id, views: 5 },
      { day: D1, product_id: delta.id, views: 7 },
      { day: addDays(D1, -1), product_id: alpha.id, views: 100 },
    ] as never)
    .execute()
})

async function page(query: string) {
  return replyOf<{
    range: { from: string; to: string; days: number; adjusted: boolean }
    rows: Record<AnalyticsTable, Cell[][]>
    totals: { clicks: number; views: number; earningsCents: number }
  }>(await callLoader(loader, `/admin/analytics?${query}`, { cookie })).data
}

async function csv(query: string) {
  const response = (await callLoader(exportLoader, `/admin/analytics/export?${query}`, { cookie })) as Response
  return { response, text: await response.text() }
}

describe('the numbers', () => {
  test('clicks and views by day, bots and the instants outside the range left out', async () => {
    const { rows, totals, range } = await page(`from=${D1}&to=${D2}`)
    expect(range).toEqual({ from: D1, to: D2, days: 2, adjusted: false })
    expect(rows.days).toEqual([
      [D1, 2, 17],
      [D2, 4, 5],
    ])
    expect(totals).toEqual({ clicks: 6, views: 22, earningsCents: 0 })
  })

  test('a day is cut at midnight in the site’s time zone', async () => {
    expect((await page(`from=${D1}&to=${D1}`)).rows.days).toEqual([[D1, 2, 17]])
    expect((await page(`from=${addDays(D1, -1)}&to=${addDays(D1, -1)}`)).rows.days).toEqual([[addDays(D1, -1), 1, 100]])
  })

  test('top products: clicks, views, clicks on its own page and the CTR; a viewed, unclicked product too', async () => {
    const { rows } = await page(`from=${D1}&to=${D2}`)
    expect(rows.products).toEqual([
      ['Alpha bags', alpha.asin, 3, 15, 2, 13.3],
      ['Bravo box', bravo.asin, 1, 0, 0, null],
      ['Charlie board', charlie.asin, 1, 0, 0, null],
      ['Delta sleeve', delta.asin, 0, 7, 0, 0],
    ])
    expect(rows.unclicked).toEqual([['Delta sleeve', delta.asin, 0, 7, 0, 0]])
  })

  test('by category (products in none and deleted products together), store, country and source page', async () => {
    const { rows } = await page(`from=${D1}&to=${D2}`)
    expect(rows.categories).toEqual([
      ['Bags', 3, 15, 2, 13.3],
      ['No category', 2, 7, 0, 0],
      ['Boxes', 1, 0, 0, null],
    ])
    expect(rows.stores).toEqual([
      ['Amazon.com (US)', 4],
      ['Amazon.de (DE)', 1],
      ['Amazon.co.uk (UK)', 1],
    ])
    expect(rows.countries).toEqual([
      ['United States (US)', 3],
      ['Austria (AT)', 1],
      ['United Kingdom (GB)', 1],
      ['Unknown', 1],
    ])
    expect(rows.sources).toEqual([
      [`/product/${alpha.asin}`, 2],
      ['/', 1],
      ['/category/bags', 1],
      ['/search', 1],
      ['External or unknown', 1],
    ])
  })
})

describe('the range', () => {
  test('by default the last 30 days, today included', async () => {
    const { range, rows } = await page('')
    expect(range).toEqual({ from: addDays(today, -29), to: today, days: 30, adjusted: false })
    expect(rows.days).toHaveLength(30)
  })

  test('reversed: swapped; absurd: clamped; garbage: the default; never an error', async () => {
    expect((await page(`from=${D2}&to=${D1}`)).range).toEqual({ from: D1, to: D2, days: 2, adjusted: true })
    expect((await page('from=1900-01-01&to=2999-01-01')).range).toEqual({
      from: addDays(today, -365),
      to: today,
      days: 366,
      adjusted: true,
    })
    expect((await page('from=%00%27;DROP&to=2026-02-31')).range).toMatchObject({ to: today, days: 30 })
    for (const query of ['from=1999-01-01&to=1999-02-01', `from=${'1'.repeat(10_000)}`, 'to=-1&to=x']) {
      expect(await statusOf(() => callLoader(loader, `/admin/analytics?${query}`, { cookie })), query).toBe(200)
    }
  })
})

describe('CSV export', () => {
  test('each table, with its headings, the page’s numbers and a name that says the range', async () => {
    const expected: Partial<Record<AnalyticsTable, string[]>> = {
      days: ['Day,Clicks,Views', `${D1},2,17`, `${D2},4,5`],
      products: [
        'Product,ASIN,Clicks,Views,Clicks on its page,CTR (%)',
        `Alpha bags,${alpha.asin},3,15,2,13.3`,
        `Bravo box,${bravo.asin},1,0,0,`,
        `Charlie board,${charlie.asin},1,0,0,`,
        `Delta sleeve,${delta.asin},0,7,0,0`,
      ],
      unclicked: ['Product,ASIN,Clicks,Views,Clicks on its page,CTR (%)', `Delta sleeve,${delta.asin},0,7,0,0`],
      categories: [
        'Category,Clicks,Views,Clicks on product pages,CTR (%)',
        'Bags,3,15,2,13.3',
        'No category,2,7,0,0',
        'Boxes,1,0,0,',
      ],
      stores: ['Store,Clicks', 'Amazon.com (US),4', 'Amazon.de (DE),1', 'Amazon.co.uk (UK),1'],
      countries: ['Country,Clicks', 'United States (US),3', 'Austria (AT),1', 'United Kingdom (GB),1', 'Unknown,1'],
      sources: [
        'Page,Clicks',
        `/product/${alpha.asin},2`,
        '/,1',
        '/category/bags,1',
        '/search,1',
        'External or unknown,1',
      ],
    }
    for (const [table, lines] of Object.entries(expected)) {
      const { response, text } = await csv(`table=${table}&from=${D1}&to=${D2}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
      expect(response.headers.get('Content-Disposition')).toBe(
        `attachment; filename="analytics-${table}-${D1}-to-${D2}.csv"`,
      )
      expect(text.trim().split('\n'), table).toEqual(lines)
    }
  })

  test('the range is made sane as on the page', async () => {
    const { response } = await csv(`table=days&from=${D2}&to=${D1}`)
    expect(response.headers.get('Content-Disposition')).toContain(`analytics-days-${D1}-to-${D2}.csv`)
  })

  test('an unknown or missing table is a 404, never a 500', async () => {
    for (const query of ['table=users', 'table=', '', 'table=Days', 'table=__proto__', 'table=constructor']) {
      expect(
        await statusOf(() => callLoader(exportLoader, `/admin/analytics/export?${query}`, { cookie })),
        query,
      ).toBe(404)
    }
  })

  test('a title that looks like a formula is neutralised', async () => {
    const sneaky = await createProduct({ asin: 'B0FORMULA1', title: '=HYPERLINK("http://evil")' })
    await db
      .insertInto('product_views')
      .values({ day: D1, product_id: sneaky.id, views: 1 } as never)
      .execute()
    const { text } = await csv(`table=unclicked&from=${D1}&to=${D2}`)
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")",${sneaky.asin}`)
    await db.deleteFrom('products').where('id', '=', sneaky.id).execute()
  })
})
