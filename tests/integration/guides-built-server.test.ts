import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { STALE_PRICE } from '#app/components/document/embeds.tsx'
import { db } from '#db/client.ts'
import { seedDatabase } from '#db/seed-data/index.ts'
import { startAmazonStandIn, type AmazonStandIn } from '#tests/support/amazon-stand-in.ts'
import { adminCookie, builtServerEnv, startBuiltServer, type BuiltServer } from '#tests/support/built-server.ts'
import { shownProducts } from '#tests/support/catalogue.ts'
import { createGuide } from '#tests/support/documents.ts'
import { createPanelUser } from '#tests/support/panel-users.ts'

// A guide's page on the production build (docs/decisions/030, 052), with its page cache: a write that changes a
// product the guide embeds (an admin edit, hiding it, a refresh moving its price) drops the cached page before
// the write answers, and the next anonymous request renders the change; and no cache, ours or a shared one, may
// keep the page past the moment its earliest embedded price turns 24 hours old.
//
// NEEDS the public route /guides/{slug} (app/routes/_site.guides.$slug.tsx, built on another branch): on a
// branch without it every guide address is a 404 and these tests fail.

const HOUR = 3_600_000
const DAY = 24 * HOUR

await seedDatabase(db)
const editor = await createPanelUser('editor')
const databaseUrl = process.env.DATABASE_URL!
const database = { name: new URL(databaseUrl).pathname.slice(1), url: databaseUrl }

let amazon: AmazonStandIn
let server: BuiltServer
let cookie = ''

/** Visible products of visible categories with Amazon's price shown (no manual price), by id. */
const products = await shownProducts()
  .select(['p.id', 'p.asin', 'p.title'])
  .where('p.manual_price', 'is', null)
  .orderBy('p.id')
  .limit(6)
  .execute()
const [edited, hidden, repriced, neighbour, nearlyStale, soonStale] = products
const guides = {
  // Every kind of embed that shows a product.
  edited: `::product{asin="${edited!.asin}"}\n\nBuy it :buy[here]{asin="${edited!.asin}"}.`,
  hidden: `::compare{asins="${hidden!.asin},${neighbour!.asin}"}`,
  repriced: `It costs :price{asin="${repriced!.asin}"} today.\n\n::products{asins="${repriced!.asin},${neighbour!.asin}"}`,
  deadline: `::product{asin="${neighbour!.asin}"}\n\nNow :price{asin="${nearlyStale!.asin}"}.`,
  expiring: `Now :price{asin="${soonStale!.asin}"}.`,
}

beforeAll(async () => {
  for (const [slug, body] of Object.entries(guides)) {
    await createGuide(editor.id, { title: `Guide ${slug}`, slug: `guide-${slug}`, body })
  }
  amazon = await startAmazonStandIn()
  const env = { ...builtServerEnv(database), ...amazon.env, RUN_WORKER: 'true', PAGE_CACHE: 'true' }
  server = await startBuiltServer(env)
  cookie = await adminCookie(env)
}, 90_000)

afterAll(async () => {
  await server?.stop()
  await amazon?.close()
})

async function page(path: string) {
  const response = await fetch(`${server.url}${path}`)
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    headers: response.headers,
    body: await response.text(),
  }
}

/** Asked for three times: a page is kept from its second request (docs/decisions/033), so the third is a hit. */
async function cached(path: string) {
  const answers = [await page(path), await page(path), await page(path)]
  expect(answers.map((answer) => [answer.status, answer.cache])).toEqual([
    [200, 'MISS'],
    [200, 'MISS'],
    [200, 'HIT'],
  ])
  return answers[2]!
}

/** The edit panel's form for a product as it is stored, with `changes`: a save through the admin panel. */
async function editForm(id: number, changes: Record<string, string>) {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const text = (value: unknown) => (value === null ? '' : String(value))
  const form = new URLSearchParams({
    title: row.title,
    brand: text(row.brand),
    category_id: text(row.category_id),
    description: text(row.description),
    badges: row.badges.join(','),
    keywords: row.keywords.join(','),
    affiliate_url: text(row.affiliate_url),
    image_url: text(row.image_url),
    manual_price: text(row.manual_price),
    ...changes,
  })
  for (const image of row.images) form.append('images', image)
  return form
}

function post(path: string, body: URLSearchParams) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Origin: server.url, cookie },
    body,
    redirect: 'manual',
  })
}

describe('a guide page on the built server', () => {
  test('an admin edit of an embedded product drops the cached guide; the next request shows the new title', async () => {
    const before = await cached('/guides/guide-edited')
    expect(before.body).toContain(edited!.title)
    const other = `/product/${neighbour!.asin}`
    await page(other)
    await page(other)

    const title = 'Renamed Quokka Archival Sleeve'
    const saved = await post(`/admin/products/${edited!.id}`, await editForm(edited!.id, { title }))
    expect(saved.status).toBe(303)

    const after = await page('/guides/guide-edited')
    expect(after.cache).toBe('MISS')
    expect(after.body).toContain(title)
    expect(after.body).not.toContain(edited!.title)
    // A product the write did not touch keeps its cached page.
    expect((await page(other)).cache).toBe('HIT')
  })

  test('hiding an embedded product drops the guide; the next request no longer shows it', async () => {
    const before = await cached('/guides/guide-hidden')
    expect(before.body).toContain(`/go/${hidden!.asin}`)
    const switched = await post(
      '/admin/products',
      new URLSearchParams({ intent: 'toggle-visible', id: String(hidden!.id), value: 'false' }),
    )
    expect(switched.status).toBe(303)

    const after = await page('/guides/guide-hidden')
    expect(after.cache).toBe('MISS')
    expect(after.body).not.toContain(`/go/${hidden!.asin}`)
    expect(after.body).not.toContain(hidden!.title)
  })

  test('a refresh that moves an embedded price drops the guide; the next request shows the new price', async () => {
    amazon.setItem(repriced!.asin, { price: 77.31 })
    const cachedPage = await cached('/guides/guide-repriced')
    expect(cachedPage.body).not.toContain('$77.31')
    const finishedRuns = async () =>
      (await db.selectFrom('data_refresh_log').select('id').where('finished_at', 'is not', null).execute()).length
    const before = await finishedRuns()

    const pressed = await post('/admin/products/refresh', new URLSearchParams())
    expect(pressed.status).toBe(303)
    await expect.poll(finishedRuns, { timeout: 30_000, interval: 250 }).toBe(before + 1)

    const after = await page('/guides/guide-repriced')
    expect(after.cache).toBe('MISS')
    expect(after.body).toContain('$77.31')
  }, 45_000)

  test('Cache-Control and the cache itself never reach past the earliest embedded price’s 24-hour deadline', async () => {
    // One price a minute from its deadline, beside a fresh one.
    const updated = new Date(Date.now() - DAY + 60_000)
    await db.updateTable('products').set({ last_updated: updated }).where('id', '=', nearlyStale!.id).execute()
    await db
      .updateTable('products')
      .set({ last_updated: new Date(Date.now() - HOUR) })
      .where('id', '=', neighbour!.id)
      .execute()
    const deadline = updated.getTime() + DAY

    const answer = await page('/guides/guide-deadline')
    expect(answer.status).toBe(200)
    const control = answer.headers.get('cache-control')!
    const sMaxAge = Number(/s-maxage=(\d+)/.exec(control)?.[1])
    const stale = Number(/stale-while-revalidate=(\d+)/.exec(control)?.[1])
    expect(control).toMatch(/^public, max-age=0, /)
    const sent = Date.parse(answer.headers.get('date')!)
    expect(sent + (sMaxAge + stale) * 1000).toBeLessThanOrEqual(deadline)
    expect(sMaxAge + stale).toBeGreaterThan(0)
    const freshUntil = Date.parse(answer.headers.get('x-fresh-until')!)
    expect(freshUntil).toBeLessThanOrEqual(deadline)
    expect(freshUntil).toBeGreaterThan(deadline - 1_000)

    // Three seconds from its deadline: held until then, and at the deadline rendered again without the price.
    const soon = new Date(Date.now() - DAY + 3_000)
    await db.updateTable('products').set({ last_updated: soon }).where('id', '=', soonStale!.id).execute()
    const held = await cached('/guides/guide-expiring')
    expect(held.body).not.toContain(STALE_PRICE)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, soon.getTime() + DAY - Date.now()) + 100))
    const expired = await page('/guides/guide-expiring')
    expect(expired.cache).toBe('MISS')
    expect(expired.body).toContain(STALE_PRICE)
    expect(expired.headers.get('x-fresh-until')).toBeNull()
  })
})
