import { describe, expect, test } from 'vitest'
import { decodeReport, detectDelimiter, openReport } from './report-reader.server.ts'

const TEXT = 'Fee-Earnings reports from 2026-11-01 to 2026-11-30\nName,ASIN\n"Bags, 100",B01\nBox é,B02\n'

/** The bytes in chunks of `size`, so that a character or BOM may be split between two. */
async function* chunks(bytes: Uint8Array, size = 3) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function textOf(bytes: Uint8Array) {
  let text = ''
  for await (const piece of decodeReport(chunks(bytes))) text += piece
  return text
}

function utf16be(text: string) {
  const le = Buffer.from(text, 'utf16le')
  return Buffer.from(le.map((_, i) => le[i ^ 1]!))
}

describe('encodings', () => {
  test('UTF-8 with and without BOM, UTF-16 LE and BE with BOM', async () => {
    expect(await textOf(Buffer.from(TEXT))).toBe(TEXT)
    expect(await textOf(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]))).toBe(TEXT)
    expect(await textOf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]))).toBe(TEXT)
    expect(await textOf(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)]))).toBe(TEXT)
  })

  test('bytes that are not text are refused', async () => {
    await expect(textOf(Buffer.from([0x41, 0xc3, 0x28, 0x0a]))).rejects.toThrow(/not text in UTF-8 or UTF-16/)
  })
})

describe('rows', () => {
  test('the delimiter is the header row’s', () => {
    expect(detectDelimiter('Name\tASIN\tPrice($)')).toBe('\t')
    expect(detectDelimiter('Name,ASIN,Price($)')).toBe(',')
  })

  test.each([
    ['CSV', TEXT],
    [
      'TSV',
      TEXT.replace('Name,ASIN', 'Name\tASIN')
        .replace('"Bags, 100",B01', 'Bags, 100\tB01')
        .replace('Box é,B02', 'Box é\tB02'),
    ],
    ['CRLF', TEXT.replaceAll('\n', '\r\n')],
  ])('%s: the title, the header row and the rows with their lines', async (_label, text) => {
    const { head, records } = await openReport(chunks(Buffer.from(text), 5))
    expect(head.title).toBe('Fee-Earnings reports from 2026-11-01 to 2026-11-30')
    const read = []
    for await (const record of records) read.push(record)
    expect(read).toEqual([
      { cells: ['Name', 'ASIN'], line: 2 },
      { cells: ['Bags, 100', 'B01'], line: 3 },
      { cells: ['Box é', 'B02'], line: 4 },
    ])
  })

  test('a file without a header row is refused', async () => {
    await expect(openReport(chunks(Buffer.from('just one line')))).rejects.toThrow(/no title line and header row/)
  })
})
