import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import {
  DAY_FIELD,
  planColumns,
  readRow,
  readTitle,
  REPORT_COLUMNS,
  ReportError,
  type ReportKind,
} from '#app/lib/report-cells.server.ts'
import { openReport } from '#app/lib/report-reader.server.ts'
import { enrolledStores } from '#app/lib/stores.server.ts'
import {
  clearPeriod,
  createImport,
  insertReportRows,
  listTrackingTags,
  type ReplacedImport,
} from '#app/models/associates-import.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import type { Database } from '#db/client.ts'

// Importing an Associates Central report (issue 50 item 7, docs/decisions/080): read as it streams in, every row
// checked, written in one transaction that first clears the report's period, so a bad row anywhere leaves
// everything as it was and importing a period again replaces it.

/** Rows a statement: few enough to keep memory flat, many enough that 100,000 rows take a few dozen statements. */
const BATCH_ROWS = 2_000

export interface ReportSource {
  bytes: AsyncIterable<Uint8Array>
  fileName: string
  importedBy: number | null
}

export interface ReportHooks {
  /** Once the title and header row are read and fit, before anything is written. */
  accepted?: (report: { kind: ReportKind; from: string; to: string }) => Promise<void> | void
  /** After each batch, with what has been read. */
  progress?: (read: { bytesRead: number; rowsRead: number }) => Promise<void> | void
}

export interface ImportOutcome {
  importId: number
  kind: ReportKind
  from: string
  to: string
  rows: number
  replaced: ReplacedImport[]
}

/**
 * The tracking IDs that are ours, by lower case (Amazon's reports and our settings may differ in case): each
 * enrolled store's tag and every listed tracking ID. The one place the import asks the stores.
 */
async function ourTrackingIds(db: Kysely<Database>): Promise<Map<string, string>> {
  const storeTags = [...(await enrolledStores()).values()].filter((tag): tag is string => tag !== null)
  const tags = [...storeTags, ...(await listTrackingTags(db))]
  return new Map(tags.map((tag) => [tag.toLowerCase(), tag]))
}

/** A summary of what was imported and what it replaced, for the run's message. */
export function describeOutcome(outcome: ImportOutcome): string {
  const rows = `${outcome.rows.toLocaleString('en-US')} row${outcome.rows === 1 ? '' : 's'}`
  const replaced = outcome.replaced.reduce((sum, r) => sum + r.rowsRemoved, 0)
  const instead = replaced ? `, replacing ${replaced.toLocaleString('en-US')} imported before` : ''
  return `Imported ${rows} of the ${outcome.kind} report for ${outcome.from} to ${outcome.to}${instead}.`
}

export async function importReport(
  db: Kysely<Database>,
  source: ReportSource,
  hooks: ReportHooks = {},
): Promise<ImportOutcome> {
  let bytesRead = 0
  async function* counted() {
    for await (const chunk of source.bytes) {
      bytesRead += chunk.length
      yield chunk
    }
  }
  const { head, records } = await openReport(counted())
  try {
    const title = readTitle(head.title)
    const header = await records.next()
    if (header.done) throw new ReportError('The file has no header row after its title line.')
    const plan = planColumns(header.value.cells, title.kind)
    const { kind } = plan
    const ours = await ourTrackingIds(db)
    await hooks.accepted?.({ kind, from: title.from, to: title.to })

    return await db.transaction().execute(async (trx) => {
      const replaced = await clearPeriod(trx, kind, title)
      const importId = await createImport(trx, {
        kind,
        from: title.from,
        to: title.to,
        fileName: source.fileName,
        importedBy: source.importedBy,
      })
      const trackingColumn = REPORT_COLUMNS[kind].find((c) => c.field === 'tracking_id')!.header
      const dayColumn = REPORT_COLUMNS[kind].find((c) => c.field === DAY_FIELD[kind])!.header
      const seen = new Map<string, number>()
      let batch: Array<Record<string, string | number>> = []
      let rows = 0
      const flush = async () => {
        if (batch.length === 0) return
        await insertReportRows(trx, kind, importId, batch)
        rows += batch.length
        batch = []
        await hooks.progress?.({ bytesRead, rowsRead: rows })
      }
      for await (const { cells, line } of records) {
        const row = readRow(plan, cells, line)
        const at = () => `Line ${line.toLocaleString('en-US')}`
        const tag = ours.get(String(row.tracking_id).toLowerCase())
        if (!tag) {
          throw new ReportError(
            `${at()}, column ${trackingColumn}: “${row.tracking_id}” is not one of our tracking IDs (the stores’ ` +
              'tags and the tracking IDs in Settings).',
          )
        }
        row.tracking_id = tag
        const day = String(row[DAY_FIELD[kind]])
        if (day < title.from || day > title.to) {
          throw new ReportError(
            `${at()}, column ${dayColumn}: ${day} is outside the report’s period, ${title.from} to ${title.to}.`,
          )
        }
        const key = createHash('sha1').update(JSON.stringify(row)).digest().toString('latin1')
        const first = seen.get(key)
        if (first !== undefined) {
          throw new ReportError(`${at()} repeats line ${first.toLocaleString('en-US')}: a row is imported once.`)
        }
        seen.set(key, line)
        batch.push(row)
        if (batch.length >= BATCH_ROWS) await flush()
      }
      await flush()
      const outcome = { importId, kind, from: title.from, to: title.to, rows, replaced }
      await writeAudit(trx, {
        actorId: source.importedBy,
        entityType: 'IMPORT',
        entityId: importId,
        action: replaced.length ? 'REPORT_REPLACE' : 'REPORT_IMPORT',
        diff: { report: kind, period: { from: title.from, to: title.to }, file: source.fileName, rows, replaced },
      })
      return outcome
    })
  } finally {
    await records.return(undefined)
  }
}
