import type { Kysely } from 'kysely'
import { logger } from '#app/lib/logger.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { EVERY_PAGE } from '#app/lib/page-tags.ts'
import { defaultStoreTag, enrolledStores } from '#app/lib/stores.server.ts'
import { getApiState, recordApiProbe } from '#app/models/amazon-api-state.server.ts'
import {
  applyAmazonFields,
  countProducts,
  flagAmazonErrors,
  listProductsAfter,
} from '#app/models/amazon-product.server.ts'
import {
  findRunningRefresh,
  finishRefresh,
  recordFailedRefresh,
  recordRefreshBatch,
  startRefresh,
} from '#app/models/refresh-log.server.ts'
import { accessWithdrawn, probeDue, refusedSince } from '#app/services/amazon-api-state.server.ts'
import { recordLinkHealth } from '#app/services/link-health.server.ts'
import { db as defaultDb, type Database } from '#db/client.ts'
import { vacuumAfterBulkWrite } from '#db/vacuum.ts'
import { AmazonClient, AmazonError, configuredAmazonClient } from './amazon/client.ts'
import { amazonFields } from './amazon/fields.ts'
import { marketplaceLearner } from './refresh-marketplaces.ts'
import { runAlone } from './run-alone.ts'

// The nightly refresh: every product, 100 at a time by id, 10 per GetItems call. Each
// batch's product updates and the run's counts and cursor commit together, so a run that dies part-way
// goes on from its last batch when it runs again (BullMQ redelivers it; `npm run refresh` resumes it too).

/** Products read and committed together. */
export const REFRESH_PAGE = 100
/** Batches in a row that may fail for a passing reason (timeouts, 5xx) before the run stops. */
const MAX_FAILED_BATCHES_IN_A_ROW = 3
/** A run still marked running after this long died long ago: the next run starts afresh. */
const RESUME_WITHIN_MS = 12 * 3600 * 1000

export interface RefreshOptions {
  client?: AmazonClient | { missing: string }
  pageSize?: number
  /** Called after each committed page (tests stop a run part-way here). */
  afterPage?: (refreshed: number) => void | Promise<void>
}

export interface RefreshOutcome {
  status: 'succeeded' | 'partial' | 'failed' | 'skipped'
  total: number
  updated: number
  failed: number
  message: string
}

/** One refresh at a time, across every process: a second start while one runs is skipped, not merged into it. */
export async function refreshProducts(db: Kysely<Database>, options: RefreshOptions = {}): Promise<RefreshOutcome> {
  const run = await runAlone('refresh-products', () => refreshOnce(db, options))
  if (!run.alreadyRunning) return run.result
  logger.info('refresh skipped: another is running')
  return { status: 'skipped', total: 0, updated: 0, failed: 0, message: 'A refresh is already running.' }
}

async function refreshOnce(db: Kysely<Database>, options: RefreshOptions): Promise<RefreshOutcome> {
  const client = options.client ?? (await configuredAmazonClient())
  if (!(client instanceof AmazonClient)) {
    await recordFailedRefresh(db, client.missing)
    return { status: 'failed', total: 0, updated: 0, failed: 0, message: client.missing }
  }
  const withdrawn = await probeWithdrawnAccess(db, client)
  if (withdrawn) return withdrawn
  const tag = await defaultStoreTag()
  const pageSize = options.pageSize ?? REFRESH_PAGE

  let run = await findRunningRefresh(db)
  if (run && Date.now() - new Date(run.refresh_date).getTime() > RESUME_WITHIN_MS) {
    await finishRefresh(db, run.id, { status: 'failed', message: 'Interrupted, and not resumed in time.' })
    run = undefined
  }
  if (run) logger.info({ run: run.id, cursor: run.cursor }, 'resuming refresh')
  run ??= await startRefresh(db, await countProducts(db))
  const runId = run.id

  let { cursor, updated_count: updated, failed_count: failed } = run
  // Which other enrolled stores sell each product (docs/decisions/045): asked page by page, never failing the run.
  const marketplaces = marketplaceLearner(client, await enrolledStores())
  let failedInARow = 0
  let stopped: string | null = null
  let lastError: string | null = null
  for (;;) {
    const page = await listProductsAfter(db, cursor, pageSize)
    if (page.length === 0) break
    const next = page[page.length - 1]!.id
    let result
    try {
      result = await client.getItems(page.map((product) => product.asin))
    } catch (error) {
      if (!(error instanceof AmazonError)) throw error
      logger.warn({ err: error, run: runId }, 'refresh batch failed')
      lastError = error.message
      if (error.fatal || ++failedInARow >= MAX_FAILED_BATCHES_IN_A_ROW) {
        stopped = error.fatal
          ? error.message
          : `Stopped after ${failedInARow} failed batches in a row: ${error.message}`
      }
      // Passing failures keep the products' old data and flags: only Amazon's verdict on an ASIN flags it.
      await recordRefreshBatch(db, runId, { cursor: stopped ? cursor : next, updated: 0, failed: page.length })
      failed += page.length
      if (stopped) break
      cursor = next
      continue
    }
    failedInARow = 0
    const [pageUpdated, hidden] = await db.transaction().execute(async (trx) => {
      let count = 0
      for (const item of result.items) if (await applyAmazonFields(trx, item.asin, amazonFields(item, tag))) count++
      await flagAmazonErrors(trx, result.errors)
      const hiddenPages = await recordLinkHealth(trx, page, result)
      await recordRefreshBatch(trx, runId, { cursor: next, updated: count, failed: result.errors.length })
      return [count, hiddenPages] as const
    })
    // Products auto-hidden leave the cached pages at once, not only when the run ends (docs/decisions/047).
    if (hidden.length > 0) await invalidatePages(hidden)
    await marketplaces.learn(db, page)
    updated += pageUpdated
    failed += result.errors.length
    cursor = next
    await options.afterPage?.(updated + failed)
  }

  const status = failed === 0 && !stopped ? 'succeeded' : updated > 0 ? 'partial' : 'failed'
  const summary = `Refreshed ${updated} product${updated === 1 ? '' : 's'}; ${failed} failed.`
  const reason = stopped ?? (lastError ? `Last error: ${lastError}` : null)
  const message = [summary, marketplaces.summary(), reason].filter(Boolean).join(' ')
  const finished = await finishRefresh(db, runId, { status, message })
  // The rewritten table vacuumed before the pages are dropped, so their new renders find it so (decision 057).
  await vacuumAfterBulkWrite(db, updated)
  // Any product's Amazon fields, and the footer's "last price update" on every page.
  await invalidatePages(EVERY_PAGE)
  logger.info({ run: runId, status, updated, failed }, 'refresh finished')
  return { status, total: finished.total, updated, failed, message: finished.message ?? summary }
}

/**
 * While Amazon withdraws API access (403 AssociateNotEligible), a run is one probe: a single GetItems call, at most
 * once a day (AMAZON.md: probe rarely, never hammer). Answers the run's outcome when it ends there, or null when
 * access is open (again), for the full refresh to go on. The state is recorded by the client as the call ends.
 */
async function probeWithdrawnAccess(db: Kysely<Database>, client: AmazonClient): Promise<RefreshOutcome | null> {
  const state = await getApiState(db)
  if (!accessWithdrawn(state)) return null
  if (!probeDue(state)) {
    logger.info('refresh skipped: API access withdrawn, probed within the day')
    const message = `${refusedSince(state)} It is probed once a day; nothing was fetched.`
    return { status: 'skipped', total: 0, updated: 0, failed: 0, message }
  }
  const [first] = await listProductsAfter(db, 0, 1)
  if (!first) return null
  await recordApiProbe(db)
  try {
    await client.getBatch([first.asin])
    logger.info('API access is back: full refresh')
    return null
  } catch (error) {
    if (!(error instanceof AmazonError)) throw error
    const message = `${refusedSince(state)} Probed once: ${error.message}`
    await recordFailedRefresh(db, message)
    return { status: 'failed', total: 0, updated: 0, failed: 0, message }
  }
}

/** The queued job: the scheduled nightly run and "Run refresh now". */
export interface RefreshProductsData {
  trigger?: 'schedule' | 'admin'
}

export async function refreshProductsJob(_data: RefreshProductsData = {}): Promise<RefreshOutcome> {
  return refreshProducts(defaultDb)
}
