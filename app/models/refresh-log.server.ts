import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'
import type { RefreshStatus } from '#db/types.ts'

/** The newest refresh run, or undefined before the first one. */
export function getLatestRefresh(db: Executor) {
  return db
    .selectFrom('data_refresh_log')
    .select(['refresh_date', 'status', 'total', 'updated_count', 'failed_count', 'message', 'finished_at'])
    .orderBy('refresh_date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** When product data last changed: the newest run that updated anything (the footer's "last price update"). */
export function getLastDataUpdate(db: Executor) {
  return db
    .selectFrom('data_refresh_log')
    .select((eb) => eb.fn.coalesce('finished_at', 'refresh_date').as('refresh_date'))
    .where('status', 'in', ['succeeded', 'partial'])
    .orderBy('refresh_date', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The newest refresh that finished, however it ended, with how long it took (for metrics). */
export function getLastFinishedRefresh(db: Executor) {
  return db
    .selectFrom('data_refresh_log')
    .select([
      sql<number>`extract(epoch from finished_at - refresh_date)::float8`.as('duration_seconds'),
      sql<number>`extract(epoch from finished_at)::float8`.as('finished_at_seconds'),
    ])
    .where('status', '!=', 'running')
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export type RefreshRun = NonNullable<Awaited<ReturnType<typeof findRunningRefresh>>>

/** The newest run still marked running: one that died part-way, to go on with. */
export function findRunningRefresh(db: Executor) {
  return db
    .selectFrom('data_refresh_log')
    .select(['id', 'refresh_date', 'total', 'updated_count', 'failed_count', 'cursor'])
    .where('status', '=', 'running')
    .orderBy('refresh_date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export function startRefresh(db: Executor, total: number) {
  return db
    .insertInto('data_refresh_log')
    .values({ status: 'running', total })
    .returning(['id', 'refresh_date', 'total', 'updated_count', 'failed_count', 'cursor'])
    .executeTakeFirstOrThrow()
}

/** One batch's counts and the id it reached, written with the batch's product updates. */
export async function recordRefreshBatch(
  db: Executor,
  id: number,
  batch: { cursor: number; updated: number; failed: number },
): Promise<void> {
  await db
    .updateTable('data_refresh_log')
    .set((eb) => ({
      cursor: batch.cursor,
      updated_count: eb('updated_count', '+', batch.updated),
      failed_count: eb('failed_count', '+', batch.failed),
    }))
    .where('id', '=', id)
    .execute()
}

export async function finishRefresh(
  db: Executor,
  id: number,
  outcome: { status: Exclude<RefreshStatus, 'running'>; message: string },
) {
  return db
    .updateTable('data_refresh_log')
    .set({ status: outcome.status, message: outcome.message, finished_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning(['id', 'status', 'total', 'updated_count', 'failed_count', 'message'])
    .executeTakeFirstOrThrow()
}

/** A refresh without any work: missing credentials, for instance, recorded so the admin sees why. */
export async function recordFailedRefresh(db: Executor, message: string) {
  await db
    .insertInto('data_refresh_log')
    .values({ status: 'failed', message, finished_at: sql<Date>`now()` })
    .execute()
}
