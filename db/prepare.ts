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
