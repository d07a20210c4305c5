import { beforeEach, describe, expect, test } from 'vitest'
import { createCategory, createProduct } from '#tests/support/catalogue.ts'
import { recordPageDrops } from '#tests/support/page-drops.ts'
import { refreshHarness } from '#tests/support/refresh-harness.ts'

// Link health as the nightly refresh records it (docs/decisions/047), against the Amazon stand-in and real
// Postgres and Redis: each kind from a stand-in answer, conditions resolved when they clear, no duplicates,
// auto-hide after 3 rejected runs only when the owner turned it on.
const { standIn, db, refreshProducts, client } = await refreshHarness()

beforeEach(async () => {
  await db.deleteFrom('audit_log').execute()
  await db.updateTable('site_settings').set({ auto_hide_rejected: false }).execute()
})

const refresh = async () => refreshProducts(db, { client: client() })

const problemsOf = (productId: number) =>
  db
    .selectFrom('link_problems')
    .select(['kind', 'detail', 'resolved_at', 'detected_at', 'last_seen_at', 'seen_at'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute()
const openKinds = async (productId: number) =>
  (await problemsOf(productId)).filter((problem) => problem.resolved_at === null).map((problem) => problem.kind)

describe('link health from the nightly refresh', () => {
  test('each kind comes from its answer: rejected, unavailable, no offer, price jump; a fine answer records none', async () => {
    const rejected = await createProduct({ asin: 'B0HREJECT1' })
    const unavailable = await createProduct({ asin: 'B0HUNAVAI1' })
    const noOffer = await createProduct({ asin: 'B0HNOOFFE1' })
    const jumped = await createProduct({ asin: 'B0HJUMPED1', price: '10.00' })
    const dropped = await createProduct({ asin: 'B0HDROPPE1', price: '20.00' })
    const steady = await createProduct({ asin: 'B0HSTEADY1', price: '10.00' })
    standIn.setItem(rejected.asin, null)
    standIn.setItem(unavailable.asin, { availability: 'Currently unavailable.', price: 10 })
    standIn.setItem(noOffer.asin, { price: null })
    standIn.setItem(jumped.asin, { price: 14.5 })
    standIn.setItem(dropped.asin, { price: 13.99 })
    // Exactly 30% is not a jump.
    standIn.setItem(steady.asin, { price: 13 })

    expect((await refresh()).status).toBe('partial')

    expect(await problemsOf(rejected.id)).toMatchObject([
      {
        kind: 'rejected',
        detail: `The ItemId ${rejected.asin} provided in the request is invalid.`,
        resolved_at: null,
      },
    ])
    expect(await problemsOf(unavailable.id)).toMatchObject([{ kind: 'unavailable', detail: 'Currently unavailable.' }])
    expect(await problemsOf(noOffer.id)).toMatchObject([
      { kind: 'no-offer', detail: 'Amazon lists no offer or price for this item.' },
    ])
    expect(await problemsOf(jumped.id)).toMatchObject([{ kind: 'price-jump', detail: '$10.00 → $14.50 (+45%)' }])
    expect(await problemsOf(dropped.id)).toMatchObject([{ kind: 'price-jump', detail: '$20.00 → $13.99 (-30%)' }])
    expect(await problemsOf(steady.id)).toEqual([])
    const runs = await db.selectFrom('products').select(['asin', 'rejected_runs']).orderBy('asin').execute()
    expect(runs.find((row) => row.asin === rejected.asin)?.rejected_runs).toBe(1)
    expect(runs.filter((row) => row.asin !== rejected.asin).every((row) => row.rejected_runs === 0)).toBe(true)
  })

  test('found again, an open problem is updated, not duplicated; cleared, a condition is resolved; a jump stays', async () => {
    const product = await createProduct({ asin: 'B0HAGAIN01', price: '10.00' })
    standIn.setItem(product.asin, { availability: 'Out of Stock', price: 20 })
    await refresh()
    const [first] = await problemsOf(product.id)
    expect(await openKinds(product.id)).toEqual(['unavailable', 'price-jump'])

    standIn.setItem(product.asin, { availability: 'Temporarily out of stock.', price: 20 })
    await refresh()
    const again = await problemsOf(product.id)
    expect(again).toHaveLength(2)
    expect(again[0]).toMatchObject({ kind: 'unavailable', detail: 'Temporarily out of stock.', resolved_at: null })
    expect(again[0]!.detected_at).toEqual(first!.detected_at)
    expect(again[0]!.last_seen_at.getTime()).toBeGreaterThan(first!.last_seen_at.getTime())

    // In stock again: the condition is resolved; the price jump, an event, stays open until someone sees it.
    standIn.setItem(product.asin, { availability: 'In Stock', price: 20 })
    await refresh()
    expect(await openKinds(product.id)).toEqual(['price-jump'])
    expect((await problemsOf(product.id))[0]!.resolved_at).not.toBeNull()

    // Unavailable once more: a new problem, the old one stays resolved.
    standIn.setItem(product.asin, { availability: 'Currently unavailable.', price: 20 })
    await refresh()
    expect((await problemsOf(product.id)).map((problem) => problem.kind)).toEqual([
      'unavailable',
      'price-jump',
      'unavailable',
    ])
  })

  test('a new jump while one is open updates its detail', async () => {
    const product = await createProduct({ asin: 'B0HJUMPS01', price: '10.00' })
    standIn.setItem(product.asin, { price: 20 })
    await refresh()
    standIn.setItem(product.asin, { price: 5 })
    await refresh()
    expect(await problemsOf(product.id)).toMatchObject([
      { kind: 'price-jump', detail: '$20.00 → $5.00 (-75%)', resolved_at: null },
    ])
  })

  test('a rejected ASIN Amazon knows again: resolved, and its rejected runs start over', async () => {
    const product = await createProduct({ asin: 'B0HBACK001' })
    standIn.setItem(product.asin, null)
    await refresh()
    await refresh()
    expect(await openKinds(product.id)).toEqual(['rejected'])
    expect((await problemsOf(product.id)).length).toBe(1)
    standIn.setItem(product.asin, { price: 10 })
    await refresh()
    expect(await openKinds(product.id)).toEqual([])
    const row = await db.selectFrom('products').select('rejected_runs').where('id', '=', product.id).executeTakeFirst()
    expect(row?.rejected_runs).toBe(0)
  })

  test('a failed batch (5xx) records nothing and keeps the rejected runs', async () => {
    const product = await createProduct({ asin: 'B0HFAILED1' })
    standIn.setItem(product.asin, null)
    await refresh()
    standIn.failAlways(500)
    const outcome = await refreshProducts(db, { client: client({ maxAttempts: 1 }) })
    expect(outcome.status).toBe('failed')
    expect(await problemsOf(product.id)).toHaveLength(1)
    const row = await db.selectFrom('products').select('rejected_runs').where('id', '=', product.id).executeTakeFirst()
    expect(row?.rejected_runs).toBe(1)
  })

  test('rejected on 3 runs in a row: hidden and audited only with the setting on, its pages dropped at once', async () => {
    const category = await createCategory({ slug: 'auto-hide-shelf' })
    const kept = await createProduct({ asin: 'B0HKEPT001' })
    const hidden = await createProduct({ asin: 'B0HHIDDEN1', category_id: category.id })
    standIn.setItem(kept.asin, null)
    standIn.setItem(hidden.asin, null)

    // Setting off: three runs count, nothing is hidden.
    for (let run = 0; run < 3; run++) await refresh()
    const visible = await db
      .selectFrom('products')
      .select(['soft_hidden', 'rejected_runs'])
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow()
    expect(visible).toEqual({ soft_hidden: false, rejected_runs: 3 })
    expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([])

    // On: the next run hides both (each has been rejected on 3 or more runs in a row).
    await db.updateTable('site_settings').set({ auto_hide_rejected: true }).execute()
    await db.updateTable('products').set({ rejected_runs: 1 }).where('id', '=', hidden.id).execute()
    const drops = recordPageDrops()
    await refresh()
    expect(
      await db.selectFrom('products').select(['asin', 'soft_hidden', 'rejected_runs']).orderBy('asin').execute(),
    ).toEqual([
      { asin: hidden.asin, soft_hidden: false, rejected_runs: 2 },
      { asin: kept.asin, soft_hidden: true, rejected_runs: 4 },
    ])
    // Dropped as soon as its page committed, before the run's drop of every page.
    const heard = drops.take()
    drops.stop()
    expect(heard[0]).toEqual(expect.arrayContaining([`product:${kept.asin}`, 'search', 'site']))
    expect(heard.at(-1)).toBe('*')
    const audit = await db.selectFrom('audit_log').selectAll().execute()
    expect(audit).toMatchObject([
      {
        actor_id: null,
        entity_type: 'PRODUCT',
        entity_id: String(kept.id),
        action: 'AUTO_HIDE',
        diff: {
          soft_hidden: { from: false, to: true },
          reason: `Amazon rejected ASIN ${kept.asin} on 4 refreshes in a row: The ItemId ${kept.asin} provided in the request is invalid.`,
        },
      },
    ])

    // The third run in a row hides the other, with its category's pages.
    const more = recordPageDrops()
    await refresh()
    expect(more.take()[0]).toEqual(expect.arrayContaining([`product:${hidden.asin}`, 'category:auto-hide-shelf']))
    more.stop()
    const after = await db.selectFrom('products').select('soft_hidden').where('id', '=', hidden.id).executeTakeFirst()
    expect(after?.soft_hidden).toBe(true)
    // Already hidden: not hidden (nor audited) again.
    expect(await db.selectFrom('audit_log').select('entity_id').orderBy('id').execute()).toEqual([
      { entity_id: String(kept.id) },
      { entity_id: String(hidden.id) },
    ])
  })
})
