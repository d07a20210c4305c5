import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { refreshHarness } from '#tests/support/refresh-harness.ts'
import { callAction, replyOf } from '#tests/support/remix.ts'

// When Amazon withdraws API access (403 AssociateNotEligible, AMAZON.md; docs/decisions/078): every call records
// the API's state, the refresh probes once a day with one GetItems call until one succeeds and then refreshes
// everything, imports say why they cannot run, and the dashboard counts the prices left stale.
const { standIn, db, refreshProducts, client } = await refreshHarness()
const { recordApiAnswer } = await import('#app/services/amazon-api-state.server.ts')
const { createProduct, hoursAgo } = await import('#tests/support/catalogue.ts')
const { countStalePrices } = await import('#app/models/dashboard.server.ts')
const { signedInPanelUser } = await import('#tests/support/panel-users.ts')
const importRoute = await import('#app/routes/admin.products_.import.tsx')

// As configuredAmazonClient makes it: every call's end recorded.
const recording = () => client({ onAnswer: recordApiAnswer })
const state = () => db.selectFrom('amazon_api_state').selectAll().executeTakeFirst()
const asin = (n: number) => `B0${String(n).padStart(8, '0')}`

async function catalogue(count: number) {
  await db.deleteFrom('amazon_api_state').execute()
  for (let n = 1; n <= count; n++) await createProduct({ asin: asin(n) })
}

describe('one probe a day while access is withdrawn', () => {
  test('refused, then skipped within the day, probed a day later, then a full refresh once a call succeeds', async () => {
    await catalogue(25)
    standIn.failAlways(403)
    const first = await refreshProducts(db, { client: recording() })
    expect(first.status).toBe('failed')
    expect(standIn.calls.getItems).toBe(1)
    expect(await state()).toMatchObject({
      refusal_code: 'AssociateNotEligible',
      refusal_message: expect.stringContaining('AssociateNotEligible'),
      refused_since: expect.any(Date),
      last_success_at: null,
    })
    const since = (await state())!.refused_since

    // The first refusal recorded; the next run probes (no probe yet), once, and stops.
    const probe = await refreshProducts(db, { client: recording() })
    expect(probe).toMatchObject({ status: 'failed', message: expect.stringContaining('Probed once') })
    expect(standIn.calls.getItems).toBe(2)

    // Within the day: no call at all.
    const skipped = await refreshProducts(db, { client: recording() })
    expect(skipped).toMatchObject({ status: 'skipped', message: expect.stringContaining('probed once a day') })
    expect(standIn.calls.getItems).toBe(2)

    // A day later, still refused: one call.
    await db
      .updateTable('amazon_api_state')
      .set({ last_probe_at: hoursAgo(21) })
      .execute()
    await refreshProducts(db, { client: recording() })
    expect(standIn.calls.getItems).toBe(3)
    expect((await state())!.refused_since).toEqual(since)

    // Access back: the probe succeeds, then all 25 products in 3 calls.
    standIn.failAlways(null)
    await db
      .updateTable('amazon_api_state')
      .set({ last_probe_at: hoursAgo(21) })
      .execute()
    const back = await refreshProducts(db, { client: recording() })
    expect(back).toMatchObject({ status: 'succeeded', updated: 25 })
    expect(standIn.calls.getItems).toBe(3 + 1 + 3)
    expect(await state()).toMatchObject({ refused_since: null, last_success_at: expect.any(Date) })
  })

  test('a refusal other than AssociateNotEligible (a token refused) does not hold the refresh back', async () => {
    await catalogue(3)
    await recordApiAnswer({ code: 'invalid_client', message: 'Amazon refused the credentials (401 invalid_client).' })
    const outcome = await refreshProducts(db, { client: recording() })
    expect(outcome.status).toBe('succeeded')
    expect(await state()).toMatchObject({ refused_since: null })
  })
})

describe('imports while access is withdrawn', () => {
  test('the form says why, with the code, message and since when (409); nothing is queued', async () => {
    await catalogue(0)
    await recordApiAnswer({ code: 'AssociateNotEligible', message: 'Your account does not currently meet it.' })
    const { cookie } = await signedInPanelUser('admin')
    const result = await callAction(importRoute.action, '/admin/products/import', { asins: asin(9) }, { cookie })
    const { status, data } = replyOf<FormReply>(result)
    expect(status).toBe(409)
    expect(firstErrorOf(data)?.[0]).toMatch(
      /^Amazon has refused API access since .+ \(AssociateNotEligible: Your account does not currently meet it\.\)/,
    )
    expect(await db.selectFrom('import_jobs').selectAll().execute()).toEqual([])
  })
})

describe('the dashboard', () => {
  test('counts the visible products shown without a price because their data passed 24 hours', async () => {
    await catalogue(0)
    await createProduct({ asin: asin(1), price: '9.99', last_updated: hoursAgo(25) }) // stale
    await createProduct({ asin: asin(2), price: null, manual_price: '5.00', last_updated: hoursAgo(30) }) // stale
    await createProduct({ asin: asin(3), price: '9.99', last_updated: hoursAgo(23) }) // current
    await createProduct({ asin: asin(4), price: null, last_updated: hoursAgo(30) }) // never priced
    await createProduct({ asin: asin(5), price: '9.99', last_updated: hoursAgo(25), soft_hidden: true }) // hidden
    expect(await countStalePrices(db)).toBe(2)
    await db
      .updateTable('products')
      .set({ last_updated: sql`now()` })
      .execute()
    expect(await countStalePrices(db)).toBe(0)
  })
})
