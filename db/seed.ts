import '../scripts/load-dotenv.ts'
import { envOrExit } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { closeDatabase, db } from './client.ts'
import { migrateToLatest } from './migrator.ts'
import { seedDatabase } from './seed-data/index.ts'

// A migration or a seed needs only the database: no secret, whatever NODE_ENV says.
envOrExit({ signs: false })

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
