import { sql } from 'kysely'
import { DAY_FIELD, REPORT_COLUMNS, type ReportKind } from '#app/lib/report-cells.server.ts'
import type { Executor } from '#db/client.ts'

// Imported Associates reports (docs/decisions/080): each import's rows, replaced a period at a time, and the runs
// that bring a file in, with their progress.

const ROW_TABLE = { earnings: 'associates_earnings', orders: 'associates_orders' } as const

const PG_TYPE = { day: 'date', cents: 'integer', count: 'integer', text: 'text' } as const

/** The tracking IDs listed in the panel beside the stores' tags. */
export async function listTrackingTags(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('tracking_ids').select('tag').execute()
  return rows.map((row) => row.tag)
}

export interface ReplacedImport {
  id: number
  period: string
  rowsRemoved: number
  /** Left without a row, so deleted. */
  removed: boolean
}

/**
 * Deletes this kind's rows dated within the period, whichever import brought them, and the imports left without a
 * row; the others keep their rows outside it, their counts brought down. What went, for the audit.
 */
export async function clearPeriod(
  trx: Executor,
  kind: ReportKind,
  period: { from: string; to: string },
): Promise<ReplacedImport[]> {
  const table = sql.table(ROW_TABLE[kind])
  const day = sql.ref(DAY_FIELD[kind])
  const { rows } = await sql<{ import_id: number; removed: string }>`
    WITH gone AS (
      DELETE FROM ${table} WHERE ${day} BETWEEN ${period.from}::date AND ${period.to}::date RETURNING import_id
    )
    SELECT import_id, count(*) AS removed FROM gone GROUP BY import_id ORDER BY import_id`.execute(trx)
  const replaced: ReplacedImport[] = []
  for (const row of rows) {
    const left = await trx
      .updateTable('associates_imports')
      .set((eb) => ({ rows: eb('rows', '-', Number(row.removed)) }))
      .where('id', '=', row.import_id)
      .returning(['rows', sql<string>`period_from::text || ' to ' || period_to::text`.as('period')])
      .executeTakeFirstOrThrow()
    if (left.rows === 0) await trx.deleteFrom('associates_imports').where('id', '=', row.import_id).execute()
    replaced.push({ id: row.import_id, period: left.period, rowsRemoved: Number(row.removed), removed: !left.rows })
  }
  return replaced
}

export async function createImport(
  trx: Executor,
  values: { kind: ReportKind; from: string; to: string; fileName: string; importedBy: number | null },
): Promise<number> {
  const row = await trx
    .insertInto('associates_imports')
    .values({
      report: values.kind,
      period_from: values.from,
      period_to: values.to,
      file_name: values.fileName,
      imported_by: values.importedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A batch of rows in one statement: one array a column, however many rows (no limit on parameters). */
export async function insertReportRows(
  trx: Executor,
  kind: ReportKind,
  importId: number,
  rows: ReadonlyArray<Record<string, string | number>>,
): Promise<void> {
  const columns = REPORT_COLUMNS[kind]
  const arrays = columns.map(
    (c) => sql`${rows.map((row) => row[c.field] ?? (c.type === 'text' ? '' : null))}::${sql.raw(PG_TYPE[c.type])}[]`,
  )
  await sql`
    INSERT INTO ${sql.table(ROW_TABLE[kind])} (import_id, ${sql.join(columns.map((c) => sql.ref(c.field)))})
    SELECT ${importId}, * FROM unnest(${sql.join(arrays)})`.execute(trx)
  await trx
    .updateTable('associates_imports')
    .set((eb) => ({ rows: eb('rows', '+', rows.length) }))
    .where('id', '=', importId)
    .execute()
}

export async function listImports(db: Executor, limit = 50) {
  return db
    .selectFrom('associates_imports')
    .leftJoin('users', 'users.id', 'associates_imports.imported_by')
    .select([
      'associates_imports.id',
      'report',
      sql<string>`period_from::text`.as('from'),
      sql<string>`period_to::text`.as('to'),
      'file_name',
      'rows',
      'users.email as importedBy',
      'imported_at',
    ])
    .orderBy('associates_imports.id', 'desc')
    .limit(limit)
    .execute()
}

/** A run the panel follows: made before its file is read, updated beside the import's transaction. */
export async function createRun(
  db: Executor,
  run: { fileName: string; bytesTotal: number; createdBy: number | null },
): Promise<number> {
  const row = await db
    .insertInto('associates_import_runs')
    .values({ file_name: run.fileName, bytes_total: run.bytesTotal, created_by: run.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function recordRunProgress(
  db: Executor,
  id: number,
  progress: { bytesRead: number; rowsRead: number },
): Promise<void> {
  await db
    .updateTable('associates_import_runs')
    .set({ bytes_read: progress.bytesRead, rows_read: progress.rowsRead, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute()
}

export async function finishRun(
  db: Executor,
  id: number,
  outcome: { status: 'succeeded' | 'failed'; message: string; importId?: number; rowsRead?: number },
): Promise<void> {
  await db
    .updateTable('associates_import_runs')
    .set({
      status: outcome.status,
      message: outcome.message.slice(0, 2000),
      import_id: outcome.importId ?? null,
      ...(outcome.rowsRead === undefined ? {} : { rows_read: outcome.rowsRead }),
      updated_at: sql<Date>`now()`,
      finished_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute()
}

/** Ends every run still running as failed with `message`: those a stopped process held. Answers their ids. */
export async function failUnfinishedRuns(db: Executor, message: string): Promise<number[]> {
  const rows = await db
    .updateTable('associates_import_runs')
    .set({ status: 'failed', message, updated_at: sql<Date>`now()`, finished_at: sql<Date>`now()` })
    .where('status', '=', 'running')
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** A run: `stale` when it says running but has not moved for two minutes (its process ended mid-import). */
export async function getRun(db: Executor, id: number) {
  return db
    .selectFrom('associates_import_runs')
    .select([
      'id',
      'file_name',
      'status',
      'bytes_total',
      'bytes_read',
      'rows_read',
      'message',
      'import_id',
      'created_at',
      'finished_at',
      sql<boolean>`status = 'running' AND updated_at < now() - interval '2 minutes'`.as('stale'),
    ])
    .where('id', '=', id)
    .executeTakeFirst()
}
