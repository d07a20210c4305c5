import { describe, expect, test } from 'vitest'
import { parseTableSort, readCompareAsins, sortHref } from '#app/schemas/comparison.ts'
import { sortRows, toComparisonRow } from './comparison.ts'

const now = new Date('2026-11-25T12:00:00Z')
const row = (asin: string, price: string | null, thickness: string | null, hoursOld = 1) =>
  toComparisonRow(
    {
      asin,
      title: asin,
      price,
      manual_price: null,
      last_updated: new Date(now.getTime() - hoursOld * 3_600_000),
      rating: '4.0',
      review_count: 0,
      kind: 'sleeve',
      fits: [],
      inner_width: null,
      inner_height: null,
      inner_length: null,
      thickness_mil: thickness,
      material: null,
      pack_count: 10,
      capacity: null,
      acid_free: false,
      buffered: false,
      resealable: false,
    },
    now,
  )

describe('sortRows', () => {
  const rows = [row('A', '5.00', null), row('B', '2.00', '2.0'), row('C', '9.00', '4.0', 30), row('D', '2.00', '2.0')]
  const order = (sorted: Array<{ asin: string }>) => sorted.map((r) => r.asin).join('')

  test('no sort: the order given', () => expect(order(sortRows(rows, null))).toBe('ABCD'))
  test('unknowns and stale prices last in both directions; ties keep the order given', () => {
    expect(order(sortRows(rows, { column: 'price', dir: 'asc' }))).toBe('BDAC')
    expect(order(sortRows(rows, { column: 'price', dir: 'desc' }))).toBe('ABDC')
    expect(order(sortRows(rows, { column: 'thickness', dir: 'desc' }))).toBe('CBDA')
  })
})

describe('table sort in the address', () => {
  test('only the columns shown; any other dir is ascending', () => {
    const params = (query: string) => new URLSearchParams(query)
    expect(parseTableSort(params('sort=price&dir=desc'), ['price'])).toEqual({ column: 'price', dir: 'desc' })
    expect(parseTableSort(params('sort=rating'), ['price'])).toBeNull()
    expect(parseTableSort(params('mylar-sort=price&mylar-dir=x'), ['price'], 'mylar')).toEqual({
      column: 'price',
      dir: 'asc',
    })
  })

  test('a header link flips a sorted column; a prefixed table keeps no other parameter', () => {
    expect(sortHref('asins=A,B&sort=price&dir=asc', 'price', { column: 'price', dir: 'asc' })).toBe(
      '?asins=A%2CB&sort=price&dir=desc',
    )
    expect(sortHref('mylar-sort=price&mylar-dir=asc', 'rating', null, 'polyethylene')).toBe(
      '?polyethylene-sort=rating&polyethylene-dir=asc',
    )
  })
})

test('readCompareAsins: repeated and comma-separated, each once, upper-cased', () => {
  const params = new URLSearchParams('asins=b073tequfh, B075BA6GYF&asins=B073TEQUFH,,x')
  expect(readCompareAsins(params)).toEqual(['B073TEQUFH', 'B075BA6GYF', 'X'])
})
