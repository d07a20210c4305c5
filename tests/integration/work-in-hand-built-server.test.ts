import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { startAmazonStandIn } from '#tests/support/amazon-stand-in.ts'
import {
  adminCookie,
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  type BuiltServer,
} from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'

// A restart during an import (docs/decisions/056): the production build, stopped with SIGTERM while an Associates
// report import runs after its upload was answered, or while a product import runs as an in-process job (no
// Redis), waits for it to end before it exits 0, so its run ends `succeeded` with everything written instead of
// staying `running` with nothing.

const database = await createSeededDatabase(inject('templateDatabase'))
const standIn = await startAmazonStandIn()
afterAll(async () => {
  await standIn.close()
  await database.drop()
})

const TAG = builtServerEnv(database).AFFILIATE_TAG!
const REPORT_ROWS = 30_000

/** An earnings report of `rows` distinct rows over November 2026, with the site's own tag. */
function earningsReport(rows: number): string {
  const lines = [
    'Fee-Earnings reports from 2026-11-01 to 2026-11-30',
    'Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group',
  ]
  for (let i = 0; i < rows; i++) {
    const day = String((i % 30) + 1).padStart(2, '0')
    lines.push(
      `Collectibles,"Sleeves, pack ${i}",B0${String(i % 5000).padStart(8, '0')},Amazon.com,${TAG},2026-11-${day},` +
        `9.99,1,0,9.99,0.40,${i % 2 ? 'DESKTOP' : 'PHONE'}`,
    )
  }
  return `${lines.join('\n')}\n`
}

const query = <T>(text: string, values: unknown[] = []) =>
  onServer(async (client) => (await client.query<T & pg.QueryResultRow>(text, values)).rows, database.url)

/** Posts a panel form as a browser would: the admin's cookie, the site as Origin; answers where it redirects. */
async function post(server: BuiltServer, path: string, body: FormData | URLSearchParams): Promise<string> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Cookie: await adminCookie(builtServerEnv(database)), Origin: server.url },
  })
  expect(response.status, await response.clone().text()).toBe(303)
  return response.headers.get('Location')!
}

async function stopAndWait(server: BuiltServer) {
  server.kill('SIGTERM')
  return server.exited
}

describe('SIGTERM during an import', () => {
  test('a report import begun before the signal ends, written whole, before the process exits 0', async () => {
    const server = await startBuiltServer({ ...builtServerEnv(database), RATE_LIMIT_FACTOR: '1000' })
    const form = new FormData()
    form.append('report', new Blob([earningsReport(REPORT_ROWS)]), 'earnings.csv')
    const location = await post(server, '/admin/analytics/import', form)
    const runId = Number(/^\/admin\/analytics\/import\/(\d+)$/.exec(location)?.[1])
    const [before] = await query<{ status: string }>('SELECT status FROM associates_import_runs WHERE id = $1', [runId])
    expect(before!.status).toBe('running')

    expect(await stopAndWait(server)).toBe(0)
    const [run] = await query<{ status: string; rows_read: number }>(
      'SELECT status, rows_read FROM associates_import_runs WHERE id = $1',
      [runId],
    )
    expect(run, server.output()).toEqual({ status: 'succeeded', rows_read: REPORT_ROWS })
    const [written] = await query<{ rows: string }>('SELECT count(*) AS rows FROM associates_earnings')
    expect(Number(written!.rows)).toBe(REPORT_ROWS)
  }, 120_000)

  test('a product import run in-process (no Redis) ends before the process exits 0', async () => {
    const server = await startBuiltServer({
      ...builtServerEnv(database),
      REDIS_URL: '',
      RATE_LIMIT_FACTOR: '1000',
      ...standIn.env,
    })
    // Ten batches of ten, one call a second (Amazon's pace): seconds of work in hand when the signal comes.
    const asins = Array.from({ length: 100 }, (_, i) => `B0STOP${String(i).padStart(4, '0')}`)
    const location = await post(server, '/admin/products/import', new URLSearchParams({ asins: asins.join('\n') }))
    const importId = Number(/^\/admin\/products\/jobs\/(\d+)$/.exec(location)?.[1])
    const job = async () =>
      (
        await query<{ status: string; done: number; imported: number }>(
          'SELECT status, done, imported FROM import_jobs WHERE id = $1',
          [importId],
        )
      )[0]!
    const deadline = Date.now() + 30_000
    while (standIn.calls.getItems === 0 && Date.now() < deadline) await sleep(20)
    expect((await job()).status).toBe('running')

    expect(await stopAndWait(server)).toBe(0)
    expect(await job(), server.output()).toMatchObject({ status: 'succeeded', done: 100, imported: 100 })
  }, 120_000)
})
