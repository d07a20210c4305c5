import '../scripts/load-dotenv.ts'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import type { Database } from '#db/client.ts'
import { migrateToLatest } from '#db/migrator.ts'
import { startAmazonStandIn } from '#tests/support/amazon-stand-in.ts'
import { createDatabase, databaseUrl, dropDatabase, serverUrl, uniqueDatabaseName } from '#tests/support/postgres.ts'

// npm run bench:refresh: times a refresh of BENCH_REFRESH_PRODUCTS (10,000) products against the local
// stand-in, with the 1 request/second throttle lifted (the stand-in answers at once), and reports products per
// second and the peak resident memory sampled every 50 ms. A fresh database, dropped at the end.

const COUNT = Number(process.env.BENCH_REFRESH_PRODUCTS ?? 10_000)
const name = uniqueDatabaseName('bench_refresh')
await createDatabase(name)
const url = databaseUrl(name)
const standIn = await startAmazonStandIn()
Object.assign(process.env, standIn.env, { DATABASE_URL: url, REDIS_URL: '', LOG_LEVEL: 'warn' })

try {
  const setup = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url }) }) })
  await migrateToLatest(setup)
  await sql`
    INSERT INTO products (asin, title, price, last_updated)
    SELECT 'B0' || lpad(i::text, 8, '0'), 'Bench product ' || i, 1.00, now() - interval '30 hours'
    FROM generate_series(1, ${COUNT}) AS i`.execute(setup)
  await setup.destroy()

  const { configuredAmazonClient } = await import('#jobs/amazon/client.ts')
  const { refreshProducts } = await import('#jobs/refresh-products.ts')
  const { closeDatabase, db } = await import('#db/client.ts')

  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
  const started = performance.now()
  const outcome = await refreshProducts(db, { client: await configuredAmazonClient({ unthrottled: true }) })
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  await closeDatabase()

  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
  console.log(`Postgres: ${new URL(serverUrl).host}; ${standIn.calls.getItems} GetItems calls`)
  console.log(`Refresh ${outcome.status}: ${outcome.message}`)
  console.log(
    `${COUNT} products in ${seconds.toFixed(1)} s: ${(COUNT / seconds).toFixed(0)} products/s; peak RSS ${mb(peak)} MB`,
  )
  if (outcome.status !== 'succeeded' || outcome.updated !== COUNT) process.exitCode = 1
} finally {
  await standIn.close()
  await dropDatabase(name)
}
