import { afterAll, inject } from 'vitest'
import { createDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from './postgres.ts'

// Runs before each integration test file, before it imports the app: its own database and Redis prefix.
const database = uniqueDatabaseName('test')
await createDatabase(database, inject('templateDatabase'))

process.env.DATABASE_URL = databaseUrl(database)
process.env.REDIS_URL ??= process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
process.env.REDIS_PREFIX = `test:${database}`
process.env.SMTP_URL = ''
process.env.RUN_WORKER = 'false'

afterAll(async () => {
  const { closeDatabase } = await import('#db/client.ts')
  const { closeRedis } = await import('#app/lib/redis.server.ts')
  await closeDatabase()
  await closeRedis()
  await dropDatabase(database)
})
