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

const { IMPORT_CUT_OFF, REPORT_CUT_OFF } = await import('#app/services/interrupted-work.server.ts')

// A restart during an import (docs/decisions/056): the production build, stopped with SIGTERM while an Associates
// report import runs after its upload was answered, or while a product import runs as an in-process job (no
// Redis), waits for it to end before it exits 0, so its run ends `succeeded` with everything written instead of
// staying `running` with nothing. Killed outright (no Redis), its next start ends both as failed, saying so.

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

/** Starts importing 100 new ASINs: ten batches of ten, one call a second (Amazon's pace), seconds of work in hand. */
async function startProductImport(server: BuiltServer, prefix: string) {
  const asins = Array.from({ length: 100 }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`)
  const calls = standIn.calls.getItems
  const location = await post(server, '/admin/products/import', new URLSearchParams({ asins: asins.join('\n') }))
  const importId = Number(/^\/admin\/products\/jobs\/(\d+)$/.exec(location)?.[1])
  const deadline = Date.now() + 30_000
  while (standIn.calls.getItems === calls && Date.now() < deadline) await sleep(20)
  return async () =>
    (
      await query<{ status: string; done: number; imported: number; message: string | null }>(
        'SELECT status, done, imported, message FROM import_jobs WHERE id = $1',
        [importId],
      )
    )[0]!
}

/** Uploads a report of REPORT_ROWS rows; answers its run's id once the server has accepted it. */
async function startReportImport(server: BuiltServer): Promise<number> {
  const form = new FormData()
  form.append('report', new Blob([earningsReport(REPORT_ROWS)]), 'earnings.csv')
  const location = await post(server, '/admin/analytics/import', form)
  return Number(/^\/admin\/analytics\/import\/(\d+)$/.exec(location)?.[1])
}

const reportRun = async (id: number) =>
  (
    await query<{ status: string; rows_read: number; message: string | null }>(
      'SELECT status, rows_read, message FROM associates_import_runs WHERE id = $1',
      [id],
    )
  )[0]!

async function stopAndWait(server: BuiltServer) {
  server.kill('SIGTERM')
  return server.exited
}

describe('a stop during an import', () => {
  test('a report import begun before the signal ends, written whole, before the process exits 0', async () => {
    const server = await startBuiltServer({ ...builtServerEnv(database), RATE_LIMIT_FACTOR: '1000' })
    const runId = await startReportImport(server)
    expect((await reportRun(runId)).status).toBe('running')

    expect(await stopAndWait(server)).toBe(0)
    expect(await reportRun(runId), server.output()).toMatchObject({ status: 'succeeded', rows_read: REPORT_ROWS })
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
    const job = await startProductImport(server, 'B0STOP')
    expect((await job()).status).toBe('running')

    expect(await stopAndWait(server)).toBe(0)
    expect(await job(), server.output()).toMatchObject({ status: 'succeeded', done: 100, imported: 100 })
  }, 120_000)

  test('killed mid-import without Redis, the next start ends both runs as failed, saying so; nothing written', async () => {
    const env = { ...builtServerEnv(database), REDIS_URL: '', RATE_LIMIT_FACTOR: '1000', ...standIn.env }
    const server = await startBuiltServer(env)
    await query('DELETE FROM associates_earnings')
    const job = await startProductImport(server, 'B0KILL')
    const runId = await startReportImport(server)
    expect((await reportRun(runId)).status).toBe('running')
    expect((await job()).status).toBe('running')
    server.kill('SIGKILL')
    await server.exited

    const restarted = await startBuiltServer(env)
    try {
      expect(await reportRun(runId)).toMatchObject({ status: 'failed', message: REPORT_CUT_OFF })
      expect(await job()).toMatchObject({ status: 'failed', message: IMPORT_CUT_OFF })
      const [written] = await query<{ rows: string }>('SELECT count(*) AS rows FROM associates_earnings')
      expect(Number(written!.rows)).toBe(0)
    } finally {
      await restarted.stop()
    }
  }, 120_000)
})
