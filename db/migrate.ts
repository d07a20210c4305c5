import '../scripts/load-dotenv.ts'
import { envOrExit } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { closeDatabase, db } from './client.ts'
import { createMigrator, migrateToLatest } from './migrator.ts'

// A migration or a seed needs only the database: no secret, whatever NODE_ENV says.
envOrExit({ signs: false })

// npm run db:migrate          apply every pending migration
// npm run db:migrate -- down  undo the newest one
const direction = process.argv[2] ?? 'latest'

try {
  if (direction === 'down') {
    const { error, results = [] } = await createMigrator(db).migrateDown()
    if (error) throw error
    for (const r of results) logger.info({ migration: r.migrationName, status: r.status }, 'migration reverted')
  } else {
    const { results = [] } = await migrateToLatest(db)
    if (results.length === 0) logger.info('database is up to date')
    for (const r of results) logger.info({ migration: r.migrationName }, 'migration applied')
  }
} catch (error) {
  logger.error({ err: error }, 'migration failed')
  process.exitCode = 1
} finally {
  await closeDatabase()
}
