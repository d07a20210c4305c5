import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'
import type { ImportKind, ImportStatus } from '#db/types.ts'

// Import jobs and their progress, in Postgres so they survive restarts and admin reads them without Redis.

export interface ImportFailure {
  asin: string
  message: string
}

const COLUMNS = [
  'id',
  'kind',
  'status',
  'total',
  'done',
  'imported',
  'created',
  'failed',
  'failures',
  'message',
  'created_at',
  'finished_at',
] as const

function withFailures<T extends { failures: unknown }>(row: T): Omit<T, 'failures'> & { failures: ImportFailure[] } {
  return { ...row, failures: Array.isArray(row.failures) ? (row.failures as ImportFailure[]) : [] }
}

export async function createImportJob(
  db: Executor,
  job: { kind: ImportKind; asins: string[]; createdBy: number | null },
): Promise<number> {
  const row = await db
    .insertInto('import_jobs')
    .values({ kind: job.kind, asins: job.asins, total: job.asins.length, created_by: job.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export type ImportJob = NonNullable<Awaited<ReturnType<typeof getImportJob>>>

export async function getImportJob(db: Executor, id: number) {
  const row = await db.selectFrom('import_jobs').select(COLUMNS).where('id', '=', id).executeTakeFirst()
  return row ? withFailures(row) : undefined
}

/** The job with its ASINs, for the worker. */
export function getImportWork(db: Executor, id: number) {
  return db
    .selectFrom('import_jobs')
    .select(['id', 'status', 'asins', 'total', 'done', 'imported', 'created', 'failed', 'created_by'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function listRecentImports(db: Executor, kind: ImportKind, limit = 5) {
  const rows = await db
    .selectFrom('import_jobs')
    .select(COLUMNS)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(withFailures)
}

export async function setImportStatus(db: Executor, id: number, status: ImportStatus): Promise<void> {
  await db.updateTable('import_jobs').set({ status }).where('id', '=', id).execute()
}

/** One batch's progress, written in the transaction that wrote its products. */
export async function recordImportBatch(
  db: Executor,
  id: number,
  batch: { done: number; imported: number; created: number; failures: ImportFailure[] },
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set((eb) => ({
      done: eb('done', '+', batch.done),
      imported: eb('imported', '+', batch.imported),
      created: eb('created', '+', batch.created),
      failed: eb('failed', '+', batch.failures.length),
      failures: sql`failures || ${JSON.stringify(batch.failures)}::jsonb`,
    }))
    .where('id', '=', id)
    .execute()
}

export async function finishImport(
  db: Executor,
  id: number,
  outcome: { status: 'succeeded' | 'failed'; message: string },
): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: outcome.status, message: outcome.message, finished_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute()
}

/** Ends every import not yet ended as failed with `message`: those a stopped process held. Answers their ids. */
export async function failUnfinishedImports(db: Executor, message: string): Promise<number[]> {
  const rows = await db
    .updateTable('import_jobs')
    .set({ status: 'failed', message, finished_at: sql<Date>`now()` })
    .where('status', 'in', ['queued', 'running'])
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}
