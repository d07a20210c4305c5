// Associates Central's earnings and orders reports, cell by cell (AMAZON.md "Reports", docs/decisions/080): which
// report a header row is, where its columns are, and what each cell means. Pure, so each rule is unit-tested.

export type ReportKind = 'earnings' | 'orders'

/** A file the import refuses, with the words that say why (a line and a column for a bad row). */
export class ReportError extends Error {
  constructor(
    message: string,
    readonly status = 422,
  ) {
    super(message)
  }
}

type CellType = 'day' | 'cents' | 'count' | 'text'
interface Column {
  /** As the downloads write it. */
  header: string
  field: string
  type: CellType
  required: boolean
  /** The database column's limit, for text. */
  max?: number
  min?: number
}

const column = (header: string, field: string, type: CellType, required: boolean, max?: number): Column => ({
  header,
  field,
  type,
  required,
  max,
})

export const REPORT_COLUMNS: Record<ReportKind, readonly Column[]> = {
  earnings: [
    column('Category', 'category', 'text', false, 200),
    column('Name', 'name', 'text', false, 1000),
    column('ASIN', 'asin', 'text', true, 20),
    column('Seller', 'seller', 'text', false, 200),
    column('Tracking ID', 'tracking_id', 'text', true, 64),
    column('Date Shipped', 'shipped_on', 'day', true),
    column('Price($)', 'price_cents', 'cents', true),
    column('Items Shipped', 'items_shipped', 'count', true),
    { ...column('Returns', 'returns', 'count', true), min: 0 },
    column('Revenue($)', 'revenue_cents', 'cents', true),
    column('Ad Fees($)', 'earnings_cents', 'cents', true),
    column('Device Type Group', 'device', 'text', false, 100),
  ],
  orders: [
    column('Category', 'category', 'text', false, 200),
    column('Name', 'name', 'text', false, 1000),
    column('ASIN', 'asin', 'text', true, 20),
    column('Date', 'ordered_on', 'day', true),
    column('Qty', 'quantity', 'count', true),
    column('Price($)', 'price_cents', 'cents', true),
    column('Link Type', 'link_type', 'text', false, 100),
    column('Tag', 'tracking_id', 'text', true, 64),
    column('Indirect Sales', 'indirect', 'text', false, 100),
    column('Device Type Group', 'device', 'text', false, 100),
  ],
}

/** The column each kind's rows are dated by, and the one naming the tracking ID. */
export const DAY_FIELD: Record<ReportKind, string> = { earnings: 'shipped_on', orders: 'ordered_on' }

/** `Price($)`, ` price ( $ ) `, `PRICE`: one header. */
export function headerKey(header: string): string {
  return header
    .replace(/\(\s*\$\s*\)\s*$/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
}

/** The title line: `Fee-Earnings reports from 2026-11-01 to 2026-11-30`, its kind when it names one. */
export function readTitle(line: string): { kind: ReportKind | null; from: string; to: string } {
  const match = /\bfrom\s+(\S+)\s+to\s+(\S+)\s*$/i.exec(line.replace(/["\t,]+$/g, '').trim())
  const from = match && readDay(match[1]!.replace(/^"|"$/g, ''))
  const to = match && readDay(match[2]!.replace(/^"|"$/g, ''))
  if (!from || !to || to < from) {
    throw new ReportError(
      'The file does not start with the report’s title line (“Fee-Earnings reports from 2026-11-01 to ' +
        '2026-11-30”), so its period is unknown. Upload the report as Associates Central downloads it.',
    )
  }
  const kind = /earnings/i.test(line) ? 'earnings' : /orders/i.test(line) ? 'orders' : null
  return { kind, from, to }
}

export interface ColumnPlan {
  kind: ReportKind
  /** Each known column with its index in a row. */
  columns: Array<Column & { index: number }>
}

/** Which report a header row is (the title's word first, else its columns) and where its columns are. */
export function planColumns(headers: readonly string[], titleKind: ReportKind | null): ColumnPlan {
  const keys = headers.map(headerKey)
  const has = (header: string) => keys.includes(headerKey(header))
  const kind =
    titleKind ?? (has('Date Shipped') || has('Ad Fees') ? 'earnings' : has('Tag') || has('Qty') ? 'orders' : null)
  if (!kind) {
    throw new ReportError(
      'This is neither an earnings report nor an orders report: its header row has no Date Shipped, Ad Fees($), ' +
        'Date or Tag column.',
    )
  }
  const wanted = REPORT_COLUMNS[kind]
  const missing = wanted.filter((c) => c.required && !has(c.header)).map((c) => c.header)
  if (missing.length > 0) {
    throw new ReportError(`The ${kind} report lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`)
  }
  const columns = wanted.flatMap((c) => {
    const index = keys.indexOf(headerKey(c.header))
    return index < 0 ? [] : [{ ...c, index }]
  })
  return { kind, columns }
}

const MONTHS_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** ISO `2026-11-03`, US `11/03/2026`, or a timestamp `2026-11-03 14:22:01` as ISO; null for anything else. */
export function readDay(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text)
  const us = iso ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0]
  if (month < 1 || month > 12 || day < 1 || day > MONTHS_DAYS[month - 1]!) return null
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  if (month === 2 && day === 29 && !leap) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

const INT_MAX = 2_147_483_647

/** `12.99`, `$1,234.5`, `-3.50` in cents; null for anything else, or beyond what the column holds. */
export function readCents(text: string): number | null {
  const match = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  const cents = Number(match[2]!.replaceAll(',', '')) * 100 + Number((match[3] ?? '').padEnd(2, '0'))
  if (cents > INT_MAX) return null
  return match[1] ? -cents : cents
}

/** A whole number (`3`, `-1`, `1,200`); null otherwise. */
export function readCount(text: string): number | null {
  const match = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)$/.exec(text)
  if (!match) return null
  const count = Number(match[2]!.replaceAll(',', ''))
  if (count > INT_MAX) return null
  return match[1] ? -count : count
}

/** A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1`, `@SUM`, a leading tab or CR). */
export function isFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text)
}

const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 60)}…` : text}”`

function cellError(line: number, c: Column, why: string): never {
  throw new ReportError(`Line ${line.toLocaleString('en-US')}, column ${c.header}: ${why}`)
}

/** One data row as the database's columns, or a ReportError naming its line and column. */
export function readRow(plan: ColumnPlan, cells: readonly string[], line: number): Record<string, string | number> {
  const row: Record<string, string | number> = {}
  for (const c of plan.columns) {
    const raw = cells[c.index] ?? ''
    if (c.type === 'text') {
      if (isFormula(raw)) cellError(line, c, `${quoted(raw)} is a formula; the import takes no formulas.`)
      const value = raw.trim()
      if (c.required && !value) cellError(line, c, 'the cell is empty.')
      if (value.length > (c.max ?? Infinity)) cellError(line, c, `longer than ${c.max} characters.`)
      row[c.field] = value
      continue
    }
    const text = raw.trim()
    if (c.type === 'day') {
      row[c.field] = readDay(text) ?? cellError(line, c, `${quoted(text)} is not a date (2026-11-03 or 11/03/2026).`)
    } else if (c.type === 'cents') {
      row[c.field] = readCents(text) ?? cellError(line, c, `${quoted(text)} is not an amount.`)
    } else {
      const count = readCount(text) ?? cellError(line, c, `${quoted(text)} is not a whole number.`)
      if (c.min !== undefined && count < c.min) cellError(line, c, `${count} is negative.`)
      row[c.field] = count
    }
  }
  return row
}
