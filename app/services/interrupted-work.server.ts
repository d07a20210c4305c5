import { logger } from '#app/lib/logger.server.ts'
import { failUnfinishedRuns } from '#app/models/associates-import.server.ts'
import { failUnfinishedImports } from '#app/models/import-job.server.ts'
import { db } from '#db/client.ts'

// What a stop cut off (docs/decisions/056). Without Redis, one process runs every import: the report imports of its
// uploads and the product imports it queued in memory. A graceful stop waits for them; a crash, a kill or a stop past
// its deadline does not, and nothing else would ever end their runs. So at its next start, before it takes work,
// that process ends them as failed, saying so: nothing was half-written (each writes in one transaction, or product
// by product, which a new import redoes), and the owner imports again. With Redis, a product import is BullMQ's,
// which retries a stalled job, and a report import cut off shows as stopped once it has not moved for two minutes.

export const IMPORT_CUT_OFF = 'The server stopped before this import ended. Import the ASINs that are missing again.'
export const REPORT_CUT_OFF =
  'The server stopped before the import ended, so nothing was written. Import the file again.'

/** Ends the imports and report runs a stopped process left running; run at start, without Redis only. */
export async function failWorkCutOffByAStop(): Promise<void> {
  const [imports, runs] = await Promise.all([
    failUnfinishedImports(db, IMPORT_CUT_OFF),
    failUnfinishedRuns(db, REPORT_CUT_OFF),
  ])
  if (imports.length || runs.length) logger.warn({ imports, runs }, 'imports cut off by the last stop marked failed')
}
