import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { fileTypeFromBuffer } from 'file-type'
import { imageSize } from 'image-size'
import multer, { MulterError, type StorageEngine } from 'multer'
import { NO_FILES, tooLarge } from '#app/schemas/media.ts'
import { withoutNul } from '#app/schemas/params.ts'
import { MISNAMED_FIELD, namesReadAsWritten } from '#app/utils/form-data.server.ts'
import { uploadName } from '#app/utils/upload-name.ts'
import { FORM_TOO_LARGE } from './form-reply.server.ts'
import { contentTypeOf, MEDIA_EXTENSIONS, type MediaExtension } from './storage.server.ts'

/**
 * Reads a media upload (SPEC §5, §9): several files at once through multer (DESIGN §3), each checked by its
 * content, not its name or declared type. Runs inside the Remix action, after the permission check, on the
 * Fetch Request's body (docs/decisions/018).
 */

export const MAX_FILE_BYTES = 4 * 1024 * 1024
export const MAX_FILES = 20
/** The form's file input. */
export const FILES_FIELD = 'files'

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface ReceivedFile {
  name: string
  size: number
  /** Undefined for a file over the limit: it was read through, not kept. */
  buffer: Buffer | undefined
}

export interface ParsedUpload {
  /** The form's text fields, for its schema (app/schemas/media.ts). */
  fields: FormData
  files: ReceivedFile[]
}

/** multer's memory storage would keep a 1 GB file whole, and its fileSize limit fails the whole request; the
 * spec skips an oversized file and keeps the others, so each file is kept only up to the limit. */
const boundedMemory: StorageEngine = {
  _handleFile(_req, file, callback) {
    const chunks: Buffer[] = []
    let size = 0
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_FILE_BYTES) chunks.push(chunk)
      else chunks.length = 0
    })
    file.stream.on('error', callback)
    file.stream.on('end', () =>
      callback(null, { size, buffer: size <= MAX_FILE_BYTES ? Buffer.concat(chunks) : undefined }),
    )
  },
  _removeFile(_req, _file, callback) {
    callback(null)
  },
}

const upload = multer({
  storage: boundedMemory,
  limits: { files: MAX_FILES, fields: 20, fieldSize: 10_000, parts: MAX_FILES + 20 },
}).array(FILES_FIELD, MAX_FILES)

export async function parseUpload(request: Request): Promise<ParsedUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!request.body || !contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new UploadError(400, NO_FILES)
  }
  const headers = Object.fromEntries(request.headers)
  // multer (through type-is) looks for a body by these headers; a Fetch Request's stream may carry neither.
  if (!headers['content-length']) headers['transfer-encoding'] ??= 'chunked'
  const req = Object.assign(Readable.fromWeb(request.body as NodeReadableStream), { headers }) as Readable & {
    headers: Record<string, string>
    body?: Record<string, string | string[]>
    files?: Array<{ originalname: string; size: number; buffer?: Buffer }>
  }
  try {
    await new Promise<void>((resolve, reject) =>
      upload(req as never, {} as never, (error?: unknown) => (error ? reject(error) : resolve())),
    )
  } catch (error) {
    if (error instanceof MulterError) {
      const tooMany = error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE'
      throw new UploadError(413, tooMany ? `Upload at most ${MAX_FILES} files at once.` : FORM_TOO_LARGE)
    }
    // busboy refuses a malformed body (no boundary, cut short) with a plain Error.
    throw new UploadError(400, 'The upload could not be read.')
  }
  // Like every form's text (readFormData), the fields come without NUL (docs/decisions/025).
  const fields = new FormData()
  for (const [name, value] of Object.entries(req.body ?? {})) {
    for (const text of [value].flat()) {
      // multer nests `folder[x]` into an object: a name no page of ours sends, like any other not read as written.
      if (typeof text !== 'string') throw new UploadError(400, MISNAMED_FIELD)
      fields.append(withoutNul(name), withoutNul(text))
    }
  }
  if (!namesReadAsWritten(fields)) throw new UploadError(400, MISNAMED_FIELD)
  return {
    fields,
    files: (req.files ?? []).map((file) => ({ name: file.originalname, size: file.size, buffer: file.buffer })),
  }
}

export type CheckedFile =
  | {
      ok: true
      name: string
      buffer: Buffer
      size: number
      extension: MediaExtension
      mimeType: string
      width: number
      height: number
    }
  | { ok: false; name: string; reason: 'too-large' | 'type'; message: string }

/**
 * Accepts a JPEG, PNG or WebP whose bytes say so and whose extension agrees (a renamed HTML or GIF file is
 * refused), within 4 MB, and reads its dimensions.
 */
export async function checkFile(file: ReceivedFile): Promise<CheckedFile> {
  const name = uploadName(file.name, 'image')
  if (file.size > MAX_FILE_BYTES || !file.buffer) {
    return { ok: false, name, reason: 'too-large', message: tooLarge(name) }
  }
  const refused = { ok: false, name, reason: 'type', message: `${name} is not a JPEG, PNG or WebP image` } as const
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase() as MediaExtension
  if (!name.includes('.') || !MEDIA_EXTENSIONS.includes(extension)) return refused
  const detected = await fileTypeFromBuffer(file.buffer)
  if (!detected || detected.mime !== contentTypeOf(`x.${extension}`)) return refused
  try {
    const { width, height } = imageSize(file.buffer)
    if (!width || !height) return refused
    return { ok: true, name, buffer: file.buffer, size: file.size, extension, mimeType: detected.mime, width, height }
  } catch {
    return refused
  }
}
