import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrateToLatest } from '#db/migrator.ts'
import { seedDatabase } from '#db/seed-data/index.ts'
import type { Database } from '#db/client.ts'
import { createDatabase, databaseUrl, dropDatabase } from './postgres.ts'

// Playwright's web server: a fresh, migrated and seeded database, then the production server on it.
const name = process.env.E2E_DATABASE
if (!name) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')

await dropDatabase(name)
await createDatabase(name)
const setupDb = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(name), max: 1 }) }),
})
await migrateToLatest(setupDb)
await seedDatabase(setupDb)
await setupDb.destroy()

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl(name),
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `test:${name}`,
  SESSION_SECRET: 'e2e-session-secret-at-least-32-characters',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
})

// Playwright stops the server with SIGTERM (server.ts shuts down gracefully); e2e-teardown.ts drops the database.
await import('../../server.ts')
