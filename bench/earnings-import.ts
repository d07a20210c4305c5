import '../scripts/load-dotenv.ts'
import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from '#db/client.ts'
import { migrateToLatest } from '#db/migrator.ts'
import { createDatabase, databaseUrl, dropDatabase, serverUrl, uniqueDatabaseName } from '#tests/support/postgres.ts'

// The bench's "earnings import" row (npm run bench:earnings-import; bench/run.ts runs it after its own rows):
// writes a 100,000-row earnings report (BENCH_EARNINGS_ROWS) as Associates Central downloads it, then imports it
// as the panel does (startImportRun: the file read from disk, checked, written in one transaction, progress on its
// run row) into a fresh database, dropped at the end. Reports the time from start to the run's end and this
// process's peak resident memory, sampled every 50 ms. Targets (issue 50): under 30 s and under 250 MB.

const ROWS = Number(process.env.BENCH_EARNINGS_ROWS ?? 100_000)
const TAG = 'benchstore-20'
const EARNINGS_IMPORT_TARGETS = { seconds: 30, peakMb: 250 }

/** A report of `rows` distinct rows over November 2026, as a CSV file. */
async function writeEarningsReport(file: string, rows: number, tag: string): Promise<void> {
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  await write('Fee-Earnings reports from 2026-11-01 to 2026-11-30\n')
  await write(
    'Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),' +
      'Device Type Group\n',
  )
  for (let i = 0; i < rows; i++) {
    const day = String((i % 30) + 1).padStart(2, '0')
    const asin = `B0${String(i % 5000).padStart(8, '0')}`
    const cents = 199 + (i % 5000)
    const price = (cents / 100).toFixed(2)
    await write(
      `Collectibles,"Comic sleeves, pack ${i}",${asin},Amazon.com,${tag},2026-11-${day},${price},1,0,${price},` +
        `${(Math.round(cents * 0.04) / 100).toFixed(2)},${i % 2 ? 'DESKTOP' : 'PHONE'}\n`,
    )
  }
  out.end()
  await once(out, 'finish')
}

async function main() {
  const name = uniqueDatabaseName('bench_earnings')
  await createDatabase(name)
  const url = databaseUrl(name)
  Object.assign(process.env, { DATABASE_URL: url, REDIS_URL: '', LOG_LEVEL: 'warn', AFFILIATE_TAG: TAG })
  const file = path.join(tmpdir(), `${name}.csv`)
  try {
    const setup = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }),
    })
    await migrateToLatest(setup)
    const user = await setup
      .insertInto('users')
      .values({ email: 'bench@example.com', password_hash: null, webauthn_user_id: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    await setup.destroy()
    // Written by a process of its own, so that what writing it costs is not this process's memory.
    const writer = spawnSync('npx', ['tsx', fileURLToPath(import.meta.url), '--write', file], { stdio: 'inherit' })
    if (writer.status !== 0) throw new Error('the report file was not written')
    const { size } = await stat(file)

    const { startImportRun } = await import('#app/services/associates-import-run.server.ts')
    const { getRun } = await import('#app/models/associates-import.server.ts')
    const { closeDatabase, db } = await import('#db/client.ts')

    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
    const started = performance.now()
    // startImportRun removes its file once imported, as it does an upload's.
    const runId = await startImportRun({ path: file, name: 'bench-earnings.csv', size }, user.id)
    let run = await getRun(db, runId)
    while (run?.status === 'running') {
      await sleep(50)
      run = await getRun(db, runId)
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    await closeDatabase()

    const mb = peak / 1024 / 1024
    const { seconds: maxSeconds, peakMb } = EARNINGS_IMPORT_TARGETS
    console.log(
      `Postgres: ${new URL(serverUrl).host}; file ${(size / 1024 / 1024).toFixed(1)} MB; ` +
        `RSS before the import ${(before / 1024 / 1024).toFixed(0)} MB`,
    )
    console.log(`Run ${run?.status}: ${run?.message}`)
    console.log(
      `| earnings import, ${ROWS.toLocaleString('en-US')} rows | ${seconds.toFixed(1)} s | peak RSS ${mb.toFixed(0)} MB |` +
        ` ${seconds < maxSeconds && mb < peakMb ? 'met' : 'MISSED'} (< ${maxSeconds} s, < ${peakMb} MB) |`,
    )
    if (run?.status !== 'succeeded' || run.rows_read !== ROWS) process.exitCode = 1
  } finally {
    await rm(file, { force: true })
    await dropDatabase(name)
  }
}

if (process.argv[2] === '--write') await writeEarningsReport(process.argv[3]!, ROWS, TAG)
else await main()
