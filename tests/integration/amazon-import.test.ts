import type { SubmissionResult } from '@conform-to/react'
import { afterAll, beforeEach, describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import type { ClientOptions } from '#tests/support/amazon-client.ts'
import { startAmazonStandIn } from '#tests/support/amazon-stand-in.ts'
import { createCategory, createProduct } from '#tests/support/catalogue.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import { callAction, callLoader, replyOf, responseOf } from '#tests/support/remix.ts'

// Manual and bulk imports: the actions, the job against the stand-in, the progress page.
const standIn = await startAmazonStandIn()
Object.assign(process.env, standIn.env)
// A site with its own Associates tag; the untagged one is tests/integration/affiliate-tag-unset-built-server.test.ts.
process.env.AFFILIATE_TAG = 'comicvault-20'

const { AmazonClient } = await import('#jobs/amazon/client.ts')
const { standInClient } = await import('#tests/support/amazon-client.ts')
const { importProducts, NO_PRODUCTS_FOUND } = await import('#jobs/import-products.ts')
const { getImportJob } = await import('#app/models/import-job.server.ts')
const manualRoute = await import('#app/routes/admin.products_.import.tsx')
const bulkRoute = await import('#app/routes/admin.products_.bulk-import.tsx')
const progressRoute = await import('#app/routes/admin.products_.jobs.$id.tsx')
const { db } = await import('#db/client.ts')

afterAll(() => standIn.close())
beforeEach(() => standIn.reset())

const editor = await createPanelUser('editor')
const cookie = await panelCookie(editor.id)

const client = (options: ClientOptions = {}) => standInClient(standIn, options)

const post = (route: typeof manualRoute | typeof bulkRoute, path: string, asins: string) =>
  callAction(route.action, `/admin/products/${path}`, { asins }, { cookie }) as Promise<unknown>

/** The id of the job a successful start redirected to. */
function startedJob(result: unknown): number {
  const response = responseOf(result)
  expect(response.status).toBe(303)
  const id = /^\/admin\/products\/jobs\/(\d+)$/.exec(response.headers.get('Location') ?? '')?.[1]
  expect(id).toBeDefined()
  return Number(id)
}

/** A refused list: the status, and the reply's message (Conform's reply; docs/decisions/037). */
function refusal(result: unknown) {
  const { status, data } = replyOf<SubmissionResult<string[]>>(result)
  return { status, data: { error: firstErrorOf(data)?.[0] } }
}
const asin = (n: number, prefix = 'B0IMP') => `${prefix}${String(n).padStart(10 - prefix.length, '0')}`

describe('manual import', () => {
  test('creates new products hidden until curated, updates known ones without touching curated fields', async () => {
    const category = await createCategory({ slug: 'import-curated' })
    const known = await createProduct({
      asin: asin(1),
      title: 'Curated',
      category_id: category.id,
      manual_price: '3.33',
      price: '1.00',
    })
    const id = startedJob(
      await post(
        manualRoute,
        'import',
        `${asin(1)}, ${asin(2)}\n${asin(3)} xbad000001 ${asin(2)}`.replace('xbad000001', 'XBAD000001'),
      ),
    )
    await importProducts(db, id, { client: client() })

    const job = (await getImportJob(db, id))!
    expect(job).toMatchObject({ status: 'succeeded', total: 4, done: 4, imported: 3, created: 2, failed: 1 })
    expect(job.message).toBe('Imported 3 of 4 products: 2 new (hidden until curated), 1 updated; 1 skipped.')
    expect(job.failures).toEqual([
      { asin: 'XBAD000001', message: 'The ItemId XBAD000001 provided in the request is invalid.' },
    ])
    const created = await db.selectFrom('products').selectAll().where('asin', '=', asin(2)).executeTakeFirstOrThrow()
    expect(created).toMatchObject({
      soft_hidden: true,
      title: `Stand-in comic storage product ${asin(2)}`,
      brand: 'BCW',
    })
    expect(new URL(created.affiliate_url!).searchParams.get('tag')).toBe('comicvault-20')
    const updated = await db.selectFrom('products').selectAll().where('id', '=', known.id).executeTakeFirstOrThrow()
    expect(updated).toMatchObject({
      title: 'Curated',
      category_id: category.id,
      manual_price: '3.33',
      soft_hidden: false,
    })
    expect(updated.price).not.toBe('1.00')

    // Delivered again (at least once): nothing changes.
    await importProducts(db, id, { client: client() })
    expect(standIn.calls.getItems).toBe(1)
    const audit = await db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'IMPORT').execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor_id: editor.id, entity_id: String(id), action: 'IMPORT' })
  })

  test('a new product takes its pack count from Amazon; a known one only when its own is unknown (1)', async () => {
    // A pack of 100 bags whose listing gives the pack's outside size: not an inside size, so not stored.
    const bags = { unitCount: 100, dimensions: { width: 7.5, height: 10.75, length: 1.2, unit: 'inches' as const } }
    standIn.setItem(asin(500), bags)
    standIn.setItem(asin(501), { unitCount: 25 })
    standIn.setItem(asin(502), { unitCount: 50 })
    standIn.setItem(asin(503), {})
    // Not a count of pieces a pack can have.
    standIn.setItem(asin(504), { unitCount: 0 })
    standIn.setItem(asin(505), { unitCount: 2.5 })
    standIn.setItem(asin(506), { unitCount: 1e9 })
    // Known: one never curated (pack count 1, unknown), one a curator gave its specs.
    await createProduct({ asin: asin(501), soft_hidden: false })
    const curated = await createProduct({
      asin: asin(502),
      kind: 'bag',
      pack_count: 10,
      inner_width: '7.125',
      inner_height: '10.500',
    })
    const asins = [500, 501, 502, 503, 504, 505, 506].map((n) => asin(n))
    const id = startedJob(await post(manualRoute, 'import', asins.join(' ')))
    await importProducts(db, id, { client: client() })
    expect(standIn.calls.batches.at(-1)).toHaveLength(asins.length)

    const specs = async (n: number) =>
      db
        .selectFrom('products')
        .select(['pack_count', 'kind', 'inner_width', 'inner_height', 'inner_length'])
        .where('asin', '=', asin(n))
        .executeTakeFirstOrThrow()
    const unknownSize = { kind: null, inner_width: null, inner_height: null, inner_length: null }
    expect(await specs(500)).toEqual({ pack_count: 100, ...unknownSize })
    expect(await specs(501)).toEqual({ pack_count: 25, ...unknownSize })
    expect(await specs(502)).toEqual({
      pack_count: 10,
      kind: 'bag',
      inner_width: '7.125',
      inner_height: '10.500',
      inner_length: null,
    })
    expect(curated.pack_count).toBe(10)
    // Not stated, or not a count of pieces: unknown, which is 1.
    for (const n of [503, 504, 505, 506]) expect((await specs(n)).pack_count).toBe(1)

    // Imported again once a curator has set it (here to 2): Amazon's 100 no longer replaces it.
    await db.updateTable('products').set({ pack_count: 2 }).where('asin', '=', asin(500)).execute()
    const again = startedJob(await post(manualRoute, 'import', asin(500)))
    await importProducts(db, again, { client: client() })
    expect((await specs(500)).pack_count).toBe(2)
  })

  test('"No products found for the provided ASINs." when Amazon knows none of them', async () => {
    const id = startedJob(await post(manualRoute, 'import', 'X000000001 X000000002'))
    await importProducts(db, id, { client: client() })
    expect(await getImportJob(db, id)).toMatchObject({ status: 'failed', imported: 0, message: NO_PRODUCTS_FOUND })
  })

  test('an empty list, garbage and too many ASINs are refused with a clear message and start nothing', async () => {
    const before = await db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(refusal(await post(manualRoute, 'import', ' ,\n ')).data.error).toBe('Please enter at least one ASIN')
    const garbage = refusal(await post(manualRoute, 'import', `${asin(1)} not-an-asin B0SHORT <script>`))
    expect(garbage.status).toBe(400)
    expect(garbage.data.error).toBe(
      'Not an ASIN (10 letters and digits): NOT-AN-ASIN, B0SHORT, <SCRIPT>. Nothing was imported.',
    )
    expect(refusal(await post(bulkRoute, 'bulk-import', '\n\n')).data.error).toBe('No ASINs provided')
    const tooMany = Array.from({ length: 5_001 }, (_, i) => asin(i, 'B0')).join('\n')
    expect(refusal(await post(bulkRoute, 'bulk-import', tooMany)).data.error).toBe(
      'At most 5,000 ASINs per import; this list has 5,001.',
    )
    const after = await db
      .selectFrom('import_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  test('missing credentials are the result message, not a crash', async () => {
    const id = startedJob(await post(manualRoute, 'import', asin(9)))
    await importProducts(db, id, { client: { missing: 'Amazon product API credentials are missing' } })
    expect(await getImportJob(db, id)).toMatchObject({
      status: 'failed',
      message: 'Amazon product API credentials are missing',
    })
  })
})

describe('bulk import', () => {
  test('5,000 lines with duplicates are one job of the distinct ASINs', async () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => asin(i % 2_500, 'B0BULK'))
    const response = (await post(bulkRoute, 'bulk-import', lines.join('\r\n'))) as Response
    const id = startedJob(response)
    expect((await getImportJob(db, id))!.total).toBe(2_500)
  })

  test('progress: done/total and percent grow batch by batch, failures are listed, on the progress page', async () => {
    const asins = [...Array.from({ length: 22 }, (_, i) => asin(i + 100)), 'X000000009']
    const id = startedJob(await post(bulkRoute, 'bulk-import', asins.join('\n')))
    const seen: number[] = []
    class Watching extends AmazonClient {
      override async getBatch(batch: readonly string[]) {
        seen.push((await getImportJob(db, id))!.done)
        return super.getBatch(batch)
      }
    }
    const options = { ...client()['options'] }
    await importProducts(db, id, { client: new Watching(options) })
    expect(seen).toEqual([0, 10, 20])

    const { job } = (await callLoader(progressRoute.loader, `/admin/products/jobs/${id}`, {
      cookie,
      params: { id: String(id) },
    })) as {
      job: Awaited<ReturnType<typeof getImportJob>>
    }
    expect(job).toMatchObject({ status: 'succeeded', total: 23, done: 23, imported: 22, failed: 1 })
    expect(job!.failures.map((failure) => failure.asin)).toEqual(['X000000009'])
  })

  test('a hanging or garbled API ends the job, failed with the reason', async () => {
    standIn.failAlways('hang')
    const hung = startedJob(await post(bulkRoute, 'bulk-import', [asin(300), asin(301)].join('\n')))
    await importProducts(db, hung, { client: client({ timeoutMs: 100, maxAttempts: 1 }) })
    const hungJob = (await getImportJob(db, hung))!
    expect(hungJob.status).toBe('failed')
    expect(hungJob.failures[0]!.message).toContain('did not answer within 0.1 s')

    standIn.failAlways('malformed')
    const garbled = startedJob(await post(bulkRoute, 'bulk-import', asin(302)))
    await importProducts(db, garbled, { client: client({ maxAttempts: 1 }) })
    const garbledJob = (await getImportJob(db, garbled))!
    expect(garbledJob.status).toBe('failed')
    expect(garbledJob.failures[0]!.message).toBe('Amazon answered with malformed JSON (200).')

    standIn.failAlways(403)
    const callsBefore = standIn.calls.getItems
    const denied = startedJob(
      await post(bulkRoute, 'bulk-import', Array.from({ length: 30 }, (_, i) => asin(400 + i)).join('\n')),
    )
    await importProducts(db, denied, { client: client() })
    // Not retried, and no further batch is tried.
    expect(standIn.calls.getItems - callsBefore).toBe(1)
    expect((await getImportJob(db, denied))!.message).toContain('AssociateNotEligible')
  })
})
