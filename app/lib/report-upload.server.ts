import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import multer, { MulterError, type StorageEngine } from 'multer'
import { MAX_REPORT_MB, NO_REPORT, REPORT_FIELD, REPORT_TOO_LARGE } from '#app/schemas/associates-report.ts'
import { MISNAMED_FIELD } from '#app/utils/form-data.server.ts'
import { uploadName } from '#app/utils/upload-name.ts'
import { ReportError } from './report-cells.server.ts'

// An Associates report's upload (docs/decisions/080): the one file goes, as its parts arrive, to a file of its own
// in the system's temporary directory, never whole in memory; past 20 MB it is refused with 413, and a body that
// says it is larger is refused before a byte of it is read.

const MAX_REPORT_BYTES = MAX_REPORT_MB * 1024 * 1024

/** The multipart framing around the file: the boundaries and part headers of one file. */
const FRAMING_BYTES = 16 * 1024

export interface ReceivedReport {
  /** The file on disk, to be removed once imported. */
  path: string
  /** Its name as sent, without directories or control characters. */
  name: string
  size: number
}

interface OverLimit {
  overLimit: () => void
}

const toTempFile: StorageEngine = {
  _handleFile(req, file, callback) {
    const target = path.join(tmpdir(), `associates-report-${randomUUID()}`)
    const out = createWriteStream(target, { flags: 'wx', mode: 0o600 })
    // multer reads the whole body before it reports the limit (so that a client is not cut off mid-send): the
    // refusal goes out now instead, and what is still coming is read and discarded.
    file.stream.once('limit', () => {
      ;(req as Partial<OverLimit>).overLimit?.()
      out.destroy(new Error('over the limit'))
    })
    pipeline(file.stream, out).then(
      () => callback(null, { path: target, size: out.bytesWritten }),
      (error: unknown) => void rm(target, { force: true }).finally(() => callback(error as Error)),
    )
  },
  _removeFile(_req, file, callback) {
    void rm(file.path, { force: true }).then(() => callback(null), callback)
  },
}

const upload = multer({
  storage: toTempFile,
  limits: { files: 1, fields: 0, parts: 1, fileSize: MAX_REPORT_BYTES },
}).single(REPORT_FIELD)

/** The uploaded report on disk, or a ReportError with the status that refuses it (400, 413). */
export async function receiveReport(request: Request): Promise<ReceivedReport> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!request.body || !contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new ReportError(NO_REPORT, 400)
  }
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_REPORT_BYTES + FRAMING_BYTES) throw new ReportError(REPORT_TOO_LARGE, 413)

  const headers = Object.fromEntries(request.headers)
  // multer (through type-is) looks for a body by these headers; a Fetch Request's stream may carry neither.
  if (!headers['content-length']) headers['transfer-encoding'] ??= 'chunked'
  const req = Object.assign(Readable.fromWeb(request.body as NodeReadableStream), { headers }) as Readable &
    Partial<OverLimit> & {
      headers: Record<string, string>
      file?: { originalname: string; path: string; size: number }
    }
  try {
    await new Promise<void>((resolve, reject) => {
      req.overLimit = () => reject(new MulterError('LIMIT_FILE_SIZE'))
      upload(req as never, {} as never, (error?: unknown) => (error ? reject(error) : resolve()))
    })
  } catch (error) {
    if (!(error instanceof MulterError)) throw new ReportError('The upload could not be read.', 400)
    if (error.code === 'LIMIT_FILE_SIZE') throw new ReportError(REPORT_TOO_LARGE, 413)
    throw new ReportError(MISNAMED_FIELD, 400)
  }
  if (!req.file) throw new ReportError(NO_REPORT, 400)
  if (req.file.size === 0) {
    await rm(req.file.path, { force: true })
    throw new ReportError(NO_REPORT, 400)
  }
  return { path: req.file.path, name: uploadName(req.file.originalname, 'report.csv'), size: req.file.size }
}
