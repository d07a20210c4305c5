import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { ReportError } from './report-cells.server.ts'

// A report file's bytes as text and then as rows, a chunk at a time: nothing here holds the whole file.

/** How far the title line and header row may reach before the file is not a report. */
const HEAD_CHARS = 64 * 1024
/** A cell or row past this is not Amazon's. */
const MAX_RECORD_CHARS = 64 * 1024

const UNREADABLE = 'The file is not text in UTF-8 or UTF-16: save the report as CSV (UTF-8) or download it again.'

function encodingOf(head: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le'
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be'
  return 'utf-8'
}

/**
 * The text of a UTF-8 (with or without BOM) or UTF-16 (with BOM, as spreadsheet programs write it) byte stream,
 * decoded as it comes; the BOM itself is dropped.
 */
export async function* decodeReport(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined
  let pending: Uint8Array = new Uint8Array(0)
  try {
    for await (const chunk of bytes) {
      let piece = chunk
      if (!decoder) {
        // Two bytes tell the BOM; a first chunk of one byte waits for the next.
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
        if (pending.length < 2) continue
        decoder = new TextDecoder(encodingOf(pending), { fatal: true })
        piece = pending
      }
      const text = decoder.decode(piece, { stream: true })
      if (text) yield text
    }
    const rest = decoder ? decoder.decode() : new TextDecoder('utf-8', { fatal: true }).decode(pending)
    if (rest) yield rest
  } catch (error) {
    if (error instanceof TypeError) throw new ReportError(UNREADABLE)
    throw error
  }
}

export interface ReportHead {
  title: string
  delimiter: ',' | '\t' | ';'
}

/** A header row's delimiter: whichever of tab, comma and semicolon it has most of. */
export function detectDelimiter(headerLine: string): ReportHead['delimiter'] {
  const count = (char: string) => headerLine.split(char).length - 1
  const candidates = (['\t', ',', ';'] as const).map((d) => [d, count(d)] as const)
  return candidates.reduce((best, next) => (next[1] > best[1] ? next : best))[0]
}

/** One data row, with its line in the file (the title is line 1, the header row line 2). */
export interface ReportRecord {
  cells: string[]
  line: number
}

/**
 * Reads a report: its title line, then (through csv-parse's stream) its header row and data rows. `head` is known
 * once the first two lines have come; the rows are then read as the caller asks for them.
 */
export async function openReport(bytes: AsyncIterable<Uint8Array>) {
  const text = decodeReport(bytes)
  let head = ''
  let breaks: RegExpExecArray | null = null
  while (!breaks) {
    const next = await text.next()
    if (next.done) break
    head += next.value
    breaks = /^([^\r\n]*)\r?\n([^\r\n]*)\r?\n/.exec(head)
    if (!breaks && head.length > HEAD_CHARS) break
  }
  // A file of one line and a header with no row after it still reads: the header row need not end in a newline.
  const lines = breaks ?? /^([^\r\n]*)\r?\n([^\r\n]*)$/.exec(head)
  if (!lines) {
    await text.return(undefined)
    throw new ReportError('The file has no title line and header row: it is not an Associates Central report.')
  }
  const title = lines[1]!.replace(/^\uFEFF/, '')
  const delimiter = detectDelimiter(lines[2]!)
  const rest = head.slice(lines[1]!.length + (head[lines[1]!.length] === '\r' ? 2 : 1))

  async function* body() {
    yield rest
    yield* text
  }
  const parser = parse({
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
    info: true,
  })
  const source = Readable.from(body(), { objectMode: false })
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)

  async function* records(): AsyncGenerator<ReportRecord> {
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        yield { cells: record, line: info.lines + 1 }
      }
    } catch (error) {
      if (error instanceof ReportError) throw error
      const at = (error as { lines?: number }).lines
      throw new ReportError(
        `${at ? `Line ${(at + 1).toLocaleString('en-US')}: ` : ''}the file cannot be read as CSV or TSV ` +
          `(${(error as Error).message.replace(/^.*?: /, '').replace(/ at line \d+/, '')}).`,
      )
    } finally {
      source.destroy()
    }
  }
  return { head: { title, delimiter } satisfies ReportHead, records: records() }
}
