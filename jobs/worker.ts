import '../scripts/load-dotenv.ts'
process.env.SERVICE_NAME ??= 'worker'
const { envOrExit } = await import('#app/lib/env.server.ts')
const { logger } = await import('#app/lib/logger.server.ts')
const { closeDatabase } = await import('#db/client.ts')
const { startWorkers } = await import('./runtime.ts')

// npm run worker: the job workers alone, for deployments that run them apart from the web servers.

const env = envOrExit({ signs: true })
if (!env.REDIS_URL || !env.DATABASE_URL) {
  logger.fatal('npm run worker needs REDIS_URL and DATABASE_URL; without them `npm start` runs jobs in-process')
  process.exit(1)
}

const workers = startWorkers()
let stopping = false

async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'worker shutting down')
  const deadline = setTimeout(() => {
    logger.error('shutdown deadline passed; exiting')
    process.exit(1)
  }, 25_000)
  await workers.close()
  await closeDatabase()
  clearTimeout(deadline)
  process.exit(0)
}

process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
