import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { logger } from '#app/lib/logger.server.ts'
import { ReportError } from '#app/lib/report-cells.server.ts'
import type { ReceivedReport } from '#app/lib/report-upload.server.ts'
import { holdUntilDone } from '#app/lib/work-in-hand.server.ts'
import { createRun, finishRun, recordRunProgress } from '#app/models/associates-import.server.ts'
import { db } from '#db/client.ts'
import { describeOutcome, importReport } from './associates-import.server.ts'

// A panel import as a run the admin can follow (docs/decisions/080): the uploaded file is read from this host's
// disk, so the import runs in this process, after the answer; its progress and end are written to its run row,
// which any process's progress page reads. A graceful stop waits for it (work-in-hand.server.ts).

const NOT_WRITTEN = 'The import stopped before it ended, so nothing was written. Import the file again.'

/**
 * Starts importing an uploaded report. Resolves with the run's id once its title and header row are read and fit
 * (the import then goes on); rejects with the ReportError of a file refused before that, which writes nothing.
 */
export function startImportRun(file: ReceivedReport, importedBy: number): Promise<number> {
  let runId: number | undefined
  let accept: (id: number) => void = () => {}
  let refuse: (error: unknown) => void = () => {}
  const accepted = new Promise<number>((resolve, reject) => ((accept = resolve), (refuse = reject)))
  const done = importReport(
    db,
    { bytes: createReadStream(file.path, { highWaterMark: 64 * 1024 }), fileName: file.name, importedBy },
    {
      accepted: async () => {
        runId = await createRun(db, { fileName: file.name, bytesTotal: file.size, createdBy: importedBy })
        accept(runId)
      },
      progress: (read) => recordRunProgress(db, runId!, read),
    },
  )
  void holdUntilDone(
    done
      .then(
        async (outcome) => {
          await finishRun(db, runId!, {
            status: 'succeeded',
            message: describeOutcome(outcome),
            importId: outcome.importId,
            rowsRead: outcome.rows,
          })
        },
        async (error: unknown) => {
          if (runId === undefined) return refuse(error)
          if (!(error instanceof ReportError)) logger.error({ err: error, run: runId }, 'report import failed')
          await finishRun(db, runId, {
            status: 'failed',
            message: error instanceof ReportError ? error.message : NOT_WRITTEN,
          })
        },
      )
      .catch((error: unknown) => logger.error({ err: error, run: runId }, 'report import run not recorded'))
      .finally(() => rm(file.path, { force: true })),
  )
  return accepted
}
