import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { auditRowsOf } from '#tests/support/audit.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import { callAction, callLoader, loaderData, replyOf, responseOf, routeArgs, SITE } from '#tests/support/remix.ts'

// Associates reports imported through the panel (issue 50 item 7, docs/decisions/080): the upload, the run that
// imports it, and what is written — all of a file or none of it, a period replaced when imported again.

process.env.AFFILIATE_TAG = 'ours-20'
const route = await import('#app/routes/admin.analytics_.import.tsx')
const runRoute = await import('#app/routes/admin.analytics_.import_.$id.tsx')
const { getRun } = await import('#app/models/associates-import.server.ts')
const { db } = await import('#db/client.ts')

await db.insertInto('tracking_ids').values({ tag: 'Ours-Home-20', placement: 'home' }).execute()
const admin = await createPanelUser('admin')
const cookie = await panelCookie(admin.id)

const EARNINGS_HEADER =
  'Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),' +
  'Device Type Group'

/** An earnings row shipped on `day`, with `changes` to its cells by header. */
function earningsRow(day: string, i: number, changes: Record<string, string> = {}) {
  const cells: Record<string, string> = {
    Category: 'Collectibles',
    Name: `"Comic sleeves, pack ${i}"`,
    ASIN: `B0${String(i).padStart(8, '0')}`,
    Seller: 'Amazon.com',
    'Tracking ID': 'ours-20',
    'Date Shipped': day,
    'Price($)': '9.99',
    'Items Shipped': '1',
    Returns: '0',
    'Revenue($)': '9.99',
    'Ad Fees($)': '0.40',
    'Device Type Group': 'DESKTOP',
    ...changes,
  }
  return EARNINGS_HEADER.split(',')
    .map((header) => cells[header])
    .join(',')
}

const earningsReport = (from: string, to: string, rows: string[], header = EARNINGS_HEADER) =>
  [`Fee-Earnings reports from ${from} to ${to}`, header, ...rows, ''].join('\n')

function upload(text: string | Uint8Array, name = 'report.csv', who = cookie) {
  const form = new FormData()
  form.append('report', new Blob([text as BlobPart]), name)
  return callAction(route.action, '/admin/analytics/import', form, { cookie: who })
}

/** Uploads a report and waits for its run to end. */
async function imported(text: string | Uint8Array) {
  const response = responseOf(await upload(text))
  expect(response.status).toBe(303)
  const id = Number(/^\/admin\/analytics\/import\/(\d+)$/.exec(response.headers.get('Location') ?? '')?.[1])
  for (;;) {
    const run = await getRun(db, id)
    if (run?.status !== 'running') return run!
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const earningsIn = (from: string, to: string) =>
  db
    .selectFrom('associates_earnings')
    .selectAll()
    .where('shipped_on', '>=', sql<Date>`${from}::date`)
    .where('shipped_on', '<=', sql<Date>`${to}::date`)
    .orderBy('shipped_on')
    .execute()

const refusal = (result: unknown) => {
  const reply = replyOf<{ error: Record<string, string[]> }>(result)
  return { status: reply.status, message: reply.data.error['']![0]! }
}

test('an earnings report is imported, listed, and audited; ASINs we do not carry are kept', async () => {
  const run = await imported(
    earningsReport('2026-01-01', '2026-01-31', [
      earningsRow('2026-01-03', 1),
      earningsRow('01/04/2026', 2, { 'Tracking ID': 'OURS-HOME-20', 'Ad Fees($)': '"1,234.50"' }),
      earningsRow('2026-01-05 14:22:01', 3, { ASIN: 'B0NOTOURS1' }),
    ]),
  )
  expect(run).toMatchObject({ status: 'succeeded', rows_read: 3 })
  expect(run.message).toBe('Imported 3 rows of the earnings report for 2026-01-01 to 2026-01-31.')
  const rows = await earningsIn('2026-01-01', '2026-01-31')
  expect(rows.map((row) => [row.asin, row.tracking_id, row.earnings_cents, row.name])).toEqual([
    ['B000000001', 'ours-20', 40, 'Comic sleeves, pack 1'],
    ['B000000002', 'Ours-Home-20', 123450, 'Comic sleeves, pack 2'],
    ['B0NOTOURS1', 'ours-20', 40, 'Comic sleeves, pack 3'],
  ])

  const page = await loaderData(await callLoader(route.loader, '/admin/analytics/import', { cookie }))
  expect(page.imports[0]).toMatchObject({
    id: run.import_id,
    report: 'earnings',
    from: '2026-01-01',
    to: '2026-01-31',
    rows: 3,
    importedBy: admin.email,
  })
  const [audit] = await auditRowsOf('IMPORT', run.import_id!)
  expect(audit).toMatchObject({ actor_id: admin.id, action: 'REPORT_IMPORT' })
  expect(audit!.diff).toMatchObject({ report: 'earnings', period: { from: '2026-01-01', to: '2026-01-31' }, rows: 3 })

  const progress = await loaderData(
    await runRoute.loader(
      routeArgs(new Request(`${SITE}/admin/analytics/import/${run.id}`, { headers: { cookie } }), {
        params: { id: String(run.id) },
      }),
    ),
  )
  expect(progress).toMatchObject({ status: 'succeeded', rows: 3, message: run.message })
})

test('importing a period again replaces it, and the audit says what it replaced', async () => {
  const report = earningsReport('2026-02-01', '2026-02-28', [
    earningsRow('2026-02-03', 1),
    earningsRow('2026-02-04', 2),
  ])
  const first = await imported(report)
  const again = await imported(report)
  expect(again.status).toBe('succeeded')
  expect(await earningsIn('2026-02-01', '2026-02-28')).toHaveLength(2)
  expect(await db.selectFrom('associates_imports').where('id', '=', first.import_id!).execute()).toEqual([])
  expect(again.message).toBe(
    'Imported 2 rows of the earnings report for 2026-02-01 to 2026-02-28, replacing 2 imported before.',
  )
  const [audit] = await auditRowsOf('IMPORT', again.import_id!)
  expect(audit).toMatchObject({ action: 'REPORT_REPLACE' })
  expect(audit!.diff).toMatchObject({
    replaced: [{ id: first.import_id, period: '2026-02-01 to 2026-02-28', rowsRemoved: 2, removed: true }],
  })
})

test('an overlapping period replaces the days it covers; the older import keeps the others', async () => {
  const older = await imported(
    earningsReport('2026-03-01', '2026-03-31', [earningsRow('2026-03-05', 1), earningsRow('2026-03-20', 2)]),
  )
  const newer = await imported(earningsReport('2026-03-15', '2026-04-15', [earningsRow('2026-04-01', 3)]))
  expect(newer.status).toBe('succeeded')
  const rows = await earningsIn('2026-03-01', '2026-04-30')
  expect(rows.map((row) => [String(row.shipped_on), row.import_id])).toEqual([
    [expect.stringContaining('Mar 05 2026'), older.import_id],
    [expect.stringContaining('Apr 01 2026'), newer.import_id],
  ])
  const kept = await db
    .selectFrom('associates_imports')
    .select('rows')
    .where('id', '=', older.import_id!)
    .executeTakeFirst()
  expect(kept).toEqual({ rows: 1 })
})

test('a bad row at line 50,000 of a big file refuses the whole file and leaves the period as it was', async () => {
  const before = await imported(earningsReport('2026-05-01', '2026-05-31', [earningsRow('2026-05-02', 1)]))
  const rows = Array.from({ length: 60_000 }, (_, i) =>
    earningsRow(`2026-05-${String((i % 31) + 1).padStart(2, '0')}`, i, i === 49_997 ? { 'Ad Fees($)': 'n/a' } : {}),
  )
  const run = await imported(earningsReport('2026-05-01', '2026-05-31', rows))
  expect(run).toMatchObject({ status: 'failed', import_id: null })
  expect(run.message).toBe('Line 50,000, column Ad Fees($): “n/a” is not an amount.')
  const left = await earningsIn('2026-05-01', '2026-05-31')
  expect(left.map((row) => row.import_id)).toEqual([before.import_id])
}, 60_000)

test.each([
  [
    'a tracking ID not ours',
    { 'Tracking ID': 'stranger-20' },
    'Line 3, column Tracking ID: “stranger-20” is not one of our tracking IDs',
  ],
  [
    'a formula cell',
    { Name: '"=HYPERLINK(""http://evil.example"")"' },
    'Line 3, column Name: “=HYPERLINK("http://evil.example")” is a formula',
  ],
  ['negative returns', { Returns: '-1' }, 'Line 3, column Returns: -1 is negative.'],
  ['an unreadable date', { 'Date Shipped': '6 June 2026' }, 'Line 3, column Date Shipped: “6 June 2026” is not a date'],
  [
    'a date outside the period',
    { 'Date Shipped': '2026-07-01' },
    'Line 3, column Date Shipped: 2026-07-01 is outside the report’s period',
  ],
])('%s refuses the file, naming the line and column', async (_label, changes, message) => {
  const run = await imported(earningsReport('2026-06-01', '2026-06-30', [earningsRow('2026-06-02', 1, changes)]))
  expect(run.status).toBe('failed')
  expect(run.message).toContain(message)
  expect(await earningsIn('2026-06-01', '2026-06-30')).toEqual([])
})

test('a duplicated row refuses the file', async () => {
  const row = earningsRow('2026-06-02', 1)
  const run = await imported(earningsReport('2026-06-01', '2026-06-30', [row, earningsRow('2026-06-03', 2), row]))
  expect(run.message).toBe('Line 5 repeats line 3: a row is imported once.')
  expect(await earningsIn('2026-06-01', '2026-06-30')).toEqual([])
})

test('a file without the columns needed, or without its title line, is refused before it runs', async () => {
  const header = 'Category,Name,ASIN,Seller,Date Shipped,Price($),Items Shipped,Returns,Revenue($)'
  const missing = refusal(await upload(earningsReport('2026-07-01', '2026-07-31', [], header)))
  expect(missing).toEqual({ status: 422, message: 'The earnings report lacks the columns Tracking ID, Ad Fees($).' })
  const untitled = refusal(await upload(`${EARNINGS_HEADER}\n${earningsRow('2026-07-02', 1)}\n`))
  expect(untitled.status).toBe(422)
  expect(untitled.message).toMatch(/does not start with the report’s title line/)
  expect(
    await db
      .selectFrom('associates_import_runs')
      .where('file_name', '=', 'report.csv')
      .where('status', '=', 'running')
      .execute(),
  ).toEqual([])
})

test('an orders report in UTF-16 with a BOM, tab-separated, is imported', async () => {
  const text = [
    'Fee-Orders reports from 2026-08-01 to 2026-08-31',
    'Category\tName\tASIN\tDate\tQty\tPrice($)\tLink Type\tTag\tIndirect Sales\tDevice Type Group',
    'Collectibles\tBoxes\tB000000009\t08/02/2026\t2\t19.99\tText\tours-20\tNo\tPHONE',
    '',
  ].join('\r\n')
  const run = await imported(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
  expect(run).toMatchObject({ status: 'succeeded', rows_read: 1 })
  const [order] = await db.selectFrom('associates_orders').selectAll().where('import_id', '=', run.import_id!).execute()
  expect(order).toMatchObject({
    asin: 'B000000009',
    quantity: 2,
    price_cents: 1999,
    tracking_id: 'ours-20',
    link_type: 'Text',
  })
})

test('a body over 20 MB is refused with 413 without reading it', async () => {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 64 * 1024
      controller.enqueue(new Uint8Array(64 * 1024))
    },
  })
  const request = new Request(`${SITE}/admin/analytics/import`, {
    method: 'POST',
    headers: { cookie, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(200 * 1024 * 1024) },
    body,
    duplex: 'half',
  } as RequestInit)
  const refused = refusal(await route.action(routeArgs(request)))
  expect(refused).toEqual({ status: 413, message: 'The file is larger than 20 MB: download a shorter period.' })
  expect(pulled).toBeLessThan(1024 * 1024)
})

test('a 21 MB file is refused with 413 and nothing is written', async () => {
  const line = `${earningsRow('2026-09-02', 1)}\n`
  const run = refusal(
    await upload(
      earningsReport('2026-09-01', '2026-09-30', []) + line.repeat(Math.ceil((21 * 1024 * 1024) / line.length)),
    ),
  )
  expect(run).toEqual({ status: 413, message: 'The file is larger than 20 MB: download a shorter period.' })
  expect(await earningsIn('2026-09-01', '2026-09-30')).toEqual([])
})

test('an editor can neither see the page nor import', async () => {
  const editor = await createPanelUser('editor')
  const editorCookie = await panelCookie(editor.id)
  await expect(upload(earningsReport('2026-10-01', '2026-10-31', []), 'r.csv', editorCookie)).rejects.toMatchObject({
    status: 403,
  })
  await expect(callLoader(route.loader, '/admin/analytics/import', { cookie: editorCookie })).rejects.toMatchObject({
    status: 403,
  })
})
