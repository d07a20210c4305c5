import '../scripts/load-dotenv.ts'
process.env.SERVICE_NAME ??= 'refresh'
const { envOrExit } = await import('#app/lib/env.server.ts')
const { logger } = await import('#app/lib/logger.server.ts')
const { closeRedis } = await import('#app/lib/redis.server.ts')
const { closeDatabase, db } = await import('#db/client.ts')
const { refreshProducts } = await import('./refresh-products.ts')

// npm run refresh: the nightly product refresh, now, in this process (it goes on with a run that died
// part-way). Its result is written to data_refresh_log like a scheduled run's.

if (!envOrExit({ signs: false }).DATABASE_URL) {
  console.error(
    'npm run refresh needs DATABASE_URL. The embedded database belongs to the running app (npm start), which refreshes on its schedule.',
  )
  process.exit(1)
}

const outcome = await refreshProducts(db).catch((error: unknown) => {
  logger.fatal({ err: error }, 'refresh failed')
  return null
})
if (outcome) console.log(`Refresh ${outcome.status}: ${outcome.message}`)
await closeDatabase()
await closeRedis()
process.exit(outcome && outcome.status !== 'failed' ? 0 : 1)
