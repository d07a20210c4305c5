import { describe, expect, test } from 'vitest'
import {
  headerKey,
  isFormula,
  planColumns,
  readCents,
  readCount,
  readDay,
  readRow,
  readTitle,
  ReportError,
} from './report-cells.server.ts'

const EARNINGS_HEADERS = [
  'Category',
  'Name',
  'ASIN',
  'Seller',
  'Tracking ID',
  'Date Shipped',
  'Price($)',
  'Items Shipped',
  'Returns',
  'Revenue($)',
  'Ad Fees($)',
  'Device Type Group',
]

describe('headers', () => {
  test('match case-insensitively and without the currency suffix', () => {
    expect(headerKey('Price($)')).toBe('price')
    expect(headerKey(' AD FEES ( $ ) ')).toBe('ad fees')
    expect(headerKey('Tracking  ID')).toBe('tracking id')
  })

  test('an earnings report is recognised from its columns, unknown columns ignored', () => {
    const plan = planColumns(['Extra', ...EARNINGS_HEADERS.map((h) => h.toUpperCase().replace('($)', ''))], null)
    expect(plan.kind).toBe('earnings')
    expect(plan.columns.find((c) => c.field === 'asin')?.index).toBe(3)
    expect(plan.columns.some((c) => c.header === 'Extra')).toBe(false)
  })

  test('an orders report is recognised from its columns', () => {
    const plan = planColumns(['Category', 'Name', 'ASIN', 'Date', 'Qty', 'Price($)', 'Link Type', 'Tag'], null)
    expect(plan.kind).toBe('orders')
  })

  test('the missing columns are named', () => {
    expect(() => planColumns(['ASIN', 'Date Shipped', 'Price', 'Items Shipped', 'Returns'], 'earnings')).toThrow(
      'The earnings report lacks the columns Tracking ID, Revenue($), Ad Fees($).',
    )
    expect(() => planColumns(['Foo', 'Bar'], null)).toThrow(ReportError)
  })
})

describe('the title line', () => {
  test('gives the period and the kind', () => {
    expect(readTitle('Fee-Earnings reports from 2026-11-01 to 2026-11-30')).toEqual({
      kind: 'earnings',
      from: '2026-11-01',
      to: '2026-11-30',
    })
    expect(readTitle('"Fee-Orders reports from 11/01/2026 to 11/30/2026",,,')).toEqual({
      kind: 'orders',
      from: '2026-11-01',
      to: '2026-11-30',
    })
  })

  test('a file without one is refused', () => {
    expect(() => readTitle('Category,Name,ASIN')).toThrow(/title line/)
    expect(() => readTitle('Fee-Earnings reports from 2026-11-30 to 2026-11-01')).toThrow(/title line/)
  })
})

describe('cells', () => {
  test('dates in the downloads’ formats, and nothing else', () => {
    expect(readDay('2026-11-03')).toBe('2026-11-03')
    expect(readDay('11/03/2026')).toBe('2026-11-03')
    expect(readDay('2026-11-03 14:22:01')).toBe('2026-11-03')
    expect(readDay('2028-02-29')).toBe('2028-02-29')
    for (const bad of ['2026-02-29', '2026-13-01', '03.11.2026', 'Nov 3, 2026', '', '2026-11-3'])
      expect(readDay(bad), bad).toBeNull()
  })

  test('amounts in cents', () => {
    expect(readCents('12.99')).toBe(1299)
    expect(readCents('$1,234.5')).toBe(123450)
    expect(readCents('-3.50')).toBe(-350)
    expect(readCents('7')).toBe(700)
    for (const bad of ['', 'abc', '1.234', '12,34', '1e3', '99999999999']) expect(readCents(bad), bad).toBeNull()
    expect(readCount('1,200')).toBe(1200)
    expect(readCount('2.5')).toBeNull()
  })

  test('formula cells', () => {
    for (const formula of ['=HYPERLINK("http://x")', '+1', '-1+2', '@SUM(A1)', '\tx', '\rx'])
      expect(isFormula(formula), formula).toBe(true)
    expect(isFormula('Mylar sleeves')).toBe(false)
  })

  const plan = planColumns(EARNINGS_HEADERS, 'earnings')
  const good = [
    'Bags',
    'Sleeves',
    'B000000001',
    'Amazon',
    'ours-20',
    '2026-11-03',
    '9.99',
    '2',
    '0',
    '19.98',
    '0.80',
    'DESKTOP',
  ]

  test('a row becomes the database’s columns', () => {
    expect(readRow(plan, good, 3)).toMatchObject({
      asin: 'B000000001',
      tracking_id: 'ours-20',
      shipped_on: '2026-11-03',
      price_cents: 999,
      items_shipped: 2,
      returns: 0,
      revenue_cents: 1998,
      earnings_cents: 80,
    })
  })

  test.each([
    [5, 'nope', 'Line 50,000, column Date Shipped: “nope” is not a date'],
    [10, 'abc', 'Line 50,000, column Ad Fees($): “abc” is not an amount.'],
    [8, '-1', 'Line 50,000, column Returns: -1 is negative.'],
    [1, '=HYPERLINK("http://evil")', 'Line 50,000, column Name: “=HYPERLINK("http://evil")” is a formula'],
    [2, '', 'Line 50,000, column ASIN: the cell is empty.'],
  ])('a bad cell in column %i names its line and column', (index, value, message) => {
    const cells = [...good]
    cells[index] = value
    expect(() => readRow(plan, cells, 50_000)).toThrow(message)
  })
})
