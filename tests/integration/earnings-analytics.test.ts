import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { loader as dashboardLoader } from '#app/routes/admin._index.tsx'
import { loader } from '#app/routes/admin.analytics.tsx'
import { loader as exportLoader } from '#app/routes/admin.analytics_.export.ts'
import { addDays } from '#app/schemas/analytics.ts'
import type { AnalyticsTable, Cell } from '#app/utils/analytics.ts'
import { isoDate } from '#app/utils/format.ts'
import { db } from '#db/client.ts'
import { createProduct, type ProductRow } from '#tests/support/catalogue.ts'
import { cookieFor } from '#tests/support/panel-users.ts'
import { callLoader, replyOf, statusOf } from '#tests/support/remix.ts'

// What earns (docs/decisions/081), against clicks, orders and earnings written here by hand: attribution to
// placements and guides through tracking IDs (one in another case, one not ours), to products by ASIN (one we
// do not carry), clicks' days cut at midnight in the site's time zone, rates without clicks, the CSV export.

const TZ = 'America/New_York'
const today = isoDate(new Date(), TZ)
const D1 = addDays(today, -5)
const D2 = addDays(today, -4)
const BEFORE = addDays(D1, -1)
const AFTER = addDays(D2, 1)
const NOT_OURS = 'B0NOTOURS1'
const cookie = await cookieFor('viewer')

let alpha: ProductRow
let bravo: ProductRow
let storage: number
let bags: number

/** A click at `time` on `day` in the site's time zone. */
async function click(
  product: ProductRow,
  day: string,
  time: string,
  placement: string | null,
  source: string | null,
  bot = false,
) {
  await sql`
    INSERT INTO clicks (product_id, product_asin, ip_hash, store, source_path, placement, is_bot, clicked_at)
    VALUES (${product.id}, ${product.asin}, 'hash', 'US', ${source}, ${placement}, ${bot},
            (${day}::date + ${time}::time) AT TIME ZONE ${TZ})`.execute(db)
}

async function guide(slug: string, title: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO documents (kind, slug, title, body, status, published_at)
    VALUES ('guide', ${slug}, ${title}, 'Text.', 'published', now()) RETURNING id`.execute(db)
  return rows[0]!.id
}

async function earning(
  day: string,
  asin: string,
  trackingId: string,
  shipped: number,
  returns: number,
  revenue: number,
  earnings: number,
) {
  await sql`
    INSERT INTO associates_earnings
      (import_id, shipped_on, asin, tracking_id, price_cents, items_shipped, returns, revenue_cents, earnings_cents)
    VALUES (1, ${day}, ${asin}, ${trackingId}, 1000, ${shipped}, ${returns}, ${revenue}, ${earnings})`.execute(db)
}

async function order(day: string, asin: string, trackingId: string, quantity: number) {
  await sql`
    INSERT INTO associates_orders (import_id, ordered_on, asin, tracking_id, price_cents, quantity)
    VALUES (2, ${day}, ${asin}, ${trackingId}, 1000, ${quantity})`.execute(db)
}

beforeAll(async () => {
  alpha = await createProduct({ asin: 'B0ALPHA001', title: 'Alpha bags' })
  bravo = await createProduct({ asin: 'B0BRAVO001', title: 'Bravo box' })
  storage = await guide('storage-101', 'Storage 101')
  bags = await guide('choosing-bags', 'Choosing bags')
  await sql`
    INSERT INTO tracking_ids (tag, placement, guide_id)
    VALUES ('cv-home-20', 'home', NULL), ('cv-guides-20', 'guide', NULL), ('cv-storage-20', 'guide', ${storage})`.execute(
    db,
  )
  await sql`
    INSERT INTO associates_imports (id, report, period_from, period_to, file_name)
    VALUES (1, 'earnings', ${BEFORE}, ${AFTER}, 'earnings.csv'), (2, 'orders', ${BEFORE}, ${AFTER}, 'orders.csv')`.execute(
    db,
  )

  await click(alpha, D1, '00:00:00', 'home', '/')
  await click(alpha, D1, '23:59:59', 'guide', '/guides/storage-101')
  await click(bravo, D2, '12:00:00', 'guide', '/guides/choosing-bags')
  await click(bravo, D2, '13:00:00', null, null) // before clicks recorded their placement
  // Left out: a bot, and the instants just outside the range.
  await click(alpha, D2, '12:00:00', 'home', '/', true)
  await click(alpha, BEFORE, '23:59:59', 'home', '/')
  await click(alpha, AFTER, '00:00:00', 'home', '/')

  await order(D1, alpha.asin, 'cv-home-20', 2)
  await order(D2, NOT_OURS, 'stranger-20', 1)
  await order(AFTER, alpha.asin, 'cv-home-20', 50)

  await earning(D1, alpha.asin, 'cv-home-20', 2, 0, 2000, 100)
  await earning(D2, alpha.asin, 'CV-STORAGE-20', 1, 0, 1000, 50) // the report's case, not ours
  await earning(D2, bravo.asin, 'cv-guides-20', 3, 1, 3000, 120)
  await earning(D2, NOT_OURS, 'stranger-20', 1, 0, 500, 25)
  await earning(BEFORE, alpha.asin, 'cv-home-20', 9, 0, 9000, 999)
})

async function page(query: string) {
  return replyOf<{ rows: Record<AnalyticsTable, Cell[][]>; totals: { earningsCents: number } }>(
    await callLoader(loader, `/admin/analytics?${query}`, { cookie }),
  ).data
}

const $ = (cents: number) => ({ cents })

describe('what earns, attributed', () => {
  test('by day: clicks on their day in the site’s time zone, orders and earnings on the report’s day', async () => {
    const { rows, totals } = await page(`from=${D1}&to=${D2}`)
    expect(rows['earnings-by-day']).toEqual([
      [D1, 2, 2, 2, $(2000), $(100), $(50), 1],
      [D2, 2, 1, 4, $(4500), $(195), $(97.5), 0.5],
    ])
    expect(totals.earningsCents).toBe(295)
    expect((await page(`from=${BEFORE}&to=${BEFORE}`)).rows['earnings-by-day']).toEqual([
      [BEFORE, 1, 0, 9, $(9000), $(999), $(999), 0],
    ])
  })

  test('by placement: through the tracking ID; a tag not ours is the default tag; clicks without one are not recorded', async () => {
    const { rows } = await page(`from=${D1}&to=${D2}`)
    expect(rows['earnings-by-placement']).toEqual([
      ['Guides', 2, 0, 3, $(4000), $(170), $(85), 0],
      ['Home page', 1, 2, 2, $(2000), $(100), $(100), 2],
      ['Default tag (no tracking ID of a placement)', 0, 1, 1, $(500), $(25), null, null],
      ['Not recorded (clicks before placements were)', 1, 0, 0, $(0), $(0), $(0), 0],
    ])
  })

  test('by guide: a guide’s own tracking ID, the one for every guide, and clicks by the guide’s page', async () => {
    const { rows } = await page(`from=${D1}&to=${D2}`)
    expect(rows['earnings-by-guide']).toEqual([
      ['All guides (one tracking ID for every guide)', 0, 0, 2, $(3000), $(120), null, null],
      ['Storage 101', 1, 0, 1, $(1000), $(50), $(50), 0],
      ['Choosing bags', 1, 0, 0, $(0), $(0), $(0), 0],
    ])
    expect(bags).toBeGreaterThan(0)
  })

  test('by product: by ASIN, and what we do not carry counted as other items', async () => {
    const { rows } = await page(`from=${D1}&to=${D2}`)
    expect(rows['earnings-by-product']).toEqual([
      ['Alpha bags', alpha.asin, 2, 2, 3, $(3000), $(150), $(75), 1],
      ['Bravo box', bravo.asin, 2, 0, 2, $(3000), $(120), $(60), 0],
      ['Other items (not in the catalogue)', null, 0, 1, 1, $(500), $(25), null, null],
    ])
  })

  test('a range with nothing: every day, zero, and no rate', async () => {
    const { rows } = await page('from=2001-01-01&to=2001-01-02')
    expect(rows['earnings-by-day']).toEqual([
      ['2001-01-01', 0, 0, 0, $(0), $(0), null, null],
      ['2001-01-02', 0, 0, 0, $(0), $(0), null, null],
    ])
    expect(rows['earnings-by-placement']).toEqual([])
  })
})

describe('the CSV export', () => {
  async function csv(table: AnalyticsTable) {
    const response = (await callLoader(exportLoader, `/admin/analytics/export?table=${table}&from=${D1}&to=${D2}`, {
      cookie,
    })) as Response
    expect(response.status).toBe(200)
    return (await response.text()).trim().split('\n')
  }

  test('amounts in dollars as numbers, rates without clicks empty', async () => {
    expect(await csv('earnings-by-product')).toEqual([
      'Product,ASIN,Clicks,Ordered items,Shipped items,Revenue,Earnings,Earnings per click,Items per click',
      `Alpha bags,${alpha.asin},2,2,3,30,1.5,0.75,1`,
      `Bravo box,${bravo.asin},2,0,2,30,1.2,0.6,0`,
      'Other items (not in the catalogue),,0,1,1,5,0.25,,',
    ])
  })

  test('every text cell that a spreadsheet would run is neutralised: =, +, -, @, tab, CR', async () => {
    const titles = ['=HYPERLINK("http://evil")', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR']
    for (const [index, title] of titles.entries()) {
      await sql`UPDATE documents SET title = ${title} WHERE id = ${index % 2 ? bags : storage}`.execute(db)
      const lines = await csv('earnings-by-guide')
      const quoted = `"'${title.replaceAll('"', '""')}"`
      expect(lines.join('\n'), JSON.stringify(title)).toContain(
        title.includes('"') || title.includes('\r') ? quoted : `'${title}`,
      )
    }
    await sql`UPDATE documents SET title = 'Storage 101' WHERE id = ${storage}`.execute(db)
    await sql`UPDATE documents SET title = 'Choosing bags' WHERE id = ${bags}`.execute(db)
  })
})

describe('the dashboard', () => {
  test('names the guides and products that earned most in the last 30 days', async () => {
    const { data } = replyOf<{ earners: { guides: unknown[]; products: unknown[] } }>(
      await callLoader(dashboardLoader, '/admin', { cookie }),
    )
    expect(data.earners).toEqual({
      guides: [{ id: storage, title: 'Storage 101', earnings_cents: 50 }],
      products: [
        { id: alpha.id, title: 'Alpha bags', earnings_cents: 1149 },
        { id: bravo.id, title: 'Bravo box', earnings_cents: 120 },
      ],
    })
  })
})

describe('permissions', () => {
  test('signed out or without a panel role: no page, no export; a viewer reads both', async () => {
    for (const who of ['anonymous', 'no-role'] as const) {
      const other = await cookieFor(who)
      expect(await statusOf(() => callLoader(loader, '/admin/analytics', { cookie: other })), who).not.toBe(200)
      expect(
        await statusOf(() =>
          callLoader(exportLoader, '/admin/analytics/export?table=earnings-by-day', { cookie: other }),
        ),
        who,
      ).not.toBe(200)
    }
    expect(
      await statusOf(() => callLoader(exportLoader, '/admin/analytics/export?table=earnings-by-day', { cookie })),
    ).toBe(200)
  })
})
