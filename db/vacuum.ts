import { sql, type Kysely } from 'kysely'
import { logger } from '#app/lib/logger.server.ts'
import type { Database } from './client.ts'

/**
 * A job that wrote at least this many products vacuums after itself (docs/decisions/057): the number of inserted
 * rows autovacuum itself waits for (autovacuum_vacuum_insert_threshold), but counted by the job, now, not later.
 */
export const VACUUM_AFTER_PRODUCTS_WRITTEN = 1_000

/**
 * What a bulk write leaves behind, put right before the next visitor pays for it (issue 31): the nightly refresh
 * rewrites every product and an import adds thousands, and until a VACUUM no page they wrote is all-visible (each
 * index-only walk reads the heap again for every entry), the dead versions stay, the GIN indexes keep their
 * pending lists (every search reads them) and the planner's statistics are the old catalogue's. With the products
 * go the tables their triggers keep. SKIP_LOCKED: a vacuum already under way (autovacuum's) does the same work.
 * Runs outside any transaction (VACUUM cannot run in one); answers whether it ran, and never throws.
 */
export async function vacuumAfterBulkWrite(db: Kysely<Database>, productsWritten: number): Promise<boolean> {
  if (productsWritten < VACUUM_AFTER_PRODUCTS_WRITTEN) return false
  const started = performance.now()
  try {
    await sql`VACUUM (ANALYZE, SKIP_LOCKED) products, category_listing_counts, search_vocabulary`.execute(db)
  } catch (error) {
    // The job's writes are done and recorded: a failed vacuum leaves what autovacuum will find, not a failed job.
    logger.warn({ err: error, productsWritten }, 'vacuum after a bulk write failed')
    return false
  }
  logger.info({ productsWritten, ms: Math.round(performance.now() - started) }, 'vacuumed after a bulk write')
  return true
}
