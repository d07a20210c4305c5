import '../scripts/load-dotenv.ts'
import { logger } from '#app/lib/logger.server.ts'
import { closeDatabase, db } from './client.ts'
import { migrateToLatest } from './migrator.ts'
import { seedDatabase } from './seed-data/index.ts'

// npm run db:seed: the demo catalogue; safe to run any number of times.
try {
  await migrateToLatest(db)
  const counts = await seedDatabase(db)
  logger.info(counts, 'seed finished')
} catch (error) {
  logger.error({ err: error }, 'seed failed')
  process.exitCode = 1
} finally {
  await closeDatabase()
}
