import type { Kysely } from 'kysely'
import { logger } from '#app/lib/logger.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { EVERY_PAGE } from '#app/lib/page-tags.ts'
import { defaultStoreTag } from '#app/lib/stores.server.ts'
import { upsertImportedProduct } from '#app/models/amazon-product.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import {
  finishImport,
  getImportWork,
  recordImportBatch,
  setImportStatus,
  type ImportFailure,
} from '#app/models/import-job.server.ts'
import { db as defaultDb, type Database } from '#db/client.ts'
import { vacuumAfterBulkWrite } from '#db/vacuum.ts'
import { AmazonClient, AmazonError, configuredAmazonClient, BATCH_SIZE } from './amazon/client.ts'
import { newProductFields } from './amazon/fields.ts'

// Manual and bulk imports: the job's ASINs, 10 per GetItems call; each batch's
// products and progress commit together, so a redelivered job goes on from where it stopped. New products
// are hidden (soft_hidden) until a curator has given them a category and a look.

export const NO_PRODUCTS_FOUND = 'No products found for the provided ASINs.'
const MAX_FAILED_BATCHES_IN_A_ROW = 3

export interface ImportOptions {
  client?: AmazonClient | { missing: string }
}

export async function importProducts(db: Kysely<Database>, importId: number, options: ImportOptions = {}) {
  const job = await getImportWork(db, importId)
  // Already finished (a redelivered job), or gone: nothing to do.
  if (!job || job.status === 'succeeded' || job.status === 'failed') return
  await setImportStatus(db, importId, 'running')

  const client = options.client ?? (await configuredAmazonClient())
  if (!(client instanceof AmazonClient)) return finish(db, job, { status: 'failed', message: client.missing })

  const tag = await defaultStoreTag()
  let { done, imported, created } = job
  let failedInARow = 0
  let stopped: string | null = null
  while (done < job.asins.length) {
    const batch = job.asins.slice(done, done + BATCH_SIZE)
    let result
    try {
      result = await client.getBatch(batch)
    } catch (error) {
      if (!(error instanceof AmazonError)) throw error
      logger.warn({ err: error, importId }, 'import batch failed')
      if (error.fatal || ++failedInARow >= MAX_FAILED_BATCHES_IN_A_ROW) {
        stopped = error.fatal
          ? error.message
          : `Stopped after ${failedInARow} failed batches in a row: ${error.message}`
        break
      }
      const failures = batch.map((asin) => ({ asin, message: error.message }))
      await recordImportBatch(db, importId, { done: batch.length, imported: 0, created: 0, failures })
      done += batch.length
      continue
    }
    failedInARow = 0
    const counts = await db.transaction().execute(async (trx) => {
      let batchCreated = 0
      for (const item of result.items) {
        if ((await upsertImportedProduct(trx, newProductFields(item, tag))) === 'created') batchCreated++
      }
      const failures: ImportFailure[] = result.errors.map(({ asin, message }) => ({ asin, message }))
      await recordImportBatch(trx, importId, {
        done: batch.length,
        imported: result.items.length,
        created: batchCreated,
        failures,
      })
      return { imported: result.items.length, created: batchCreated }
    })
    done += batch.length
    imported += counts.imported
    created += counts.created
  }

  const total = job.asins.length
  const skipped = total - imported
  let message: string
  if (stopped) message = `${stopped} Imported ${imported} of ${total} before stopping.`
  else if (imported === 0) message = NO_PRODUCTS_FOUND
  else {
    const updated = imported - created
    message =
      `Imported ${imported} of ${total} product${total === 1 ? '' : 's'}: ${created} new (hidden until curated), ` +
      `${updated} updated${skipped ? `; ${skipped} skipped` : ''}.`
  }
  await finish(db, job, { status: stopped || imported === 0 ? 'failed' : 'succeeded', message })
  if (imported > 0) {
    // Vacuumed before the pages are dropped, so their new renders find it so (docs/decisions/057).
    await vacuumAfterBulkWrite(db, imported)
    // New products, Amazon's fields of known ones, in any categories: every listing may change.
    await invalidatePages(EVERY_PAGE)
  }
}

async function finish(
  db: Kysely<Database>,
  job: { id: number; created_by: number | null },
  outcome: { status: 'succeeded' | 'failed'; message: string },
) {
  await db.transaction().execute(async (trx) => {
    await finishImport(trx, job.id, outcome)
    await writeAudit(trx, {
      actorId: job.created_by,
      entityType: 'IMPORT',
      entityId: job.id,
      action: outcome.status === 'succeeded' ? 'IMPORT' : 'IMPORT_FAILED',
      diff: { message: outcome.message },
    })
  })
}

/** The queued job. */
export interface ImportProductsData {
  importId: number
}

export async function importProductsJob(data: ImportProductsData): Promise<void> {
  await importProducts(defaultDb, data.importId)
}
