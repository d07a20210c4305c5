import { sql } from 'kysely'
import { logger } from '#app/lib/logger.server.ts'
import { db, usesEmbeddedDatabase } from './client.ts'
import { migrateToLatest } from './migrator.ts'
import { seedDatabase } from './seed-data/index.ts'

/**
 * What the app does at boot: apply pending migrations (under Kysely's lock) and, in the embedded mode
 * only, seed the demo catalogue into an empty database so `npm start` shows a whole shop.
 */
export async function prepareDatabase(): Promise<void> {
  const { results = [] } = await migrateToLatest(db)
  for (const migration of results) logger.info({ migration: migration.migrationName }, 'migration applied')
  if (usesEmbeddedDatabase()) {
    const { count } = await db
      .selectFrom('products')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow()
    if (count === 0) await seedDatabase(db)
  }
}

/** At boot the database may still be starting (compose, a restart): try for a minute before giving up. */
export async function prepareDatabaseWithRetry(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await prepareDatabase()
      return
    } catch (error) {
      if (attempt >= 30) {
        logger.fatal({ err: error }, 'database is not reachable; giving up')
        process.exit(1)
      }
      logger.warn({ err: error, attempt }, 'database not ready; retrying in 2 s')
      await new Promise((resolve) => setTimeout(resolve, 2_000))
    }
  }
}
