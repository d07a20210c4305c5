import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { idField, idFilter, INT4_MAX, pageParam, parseId, priceField, searchText, withoutNul } from './params.ts'

describe('parseId', () => {
  test.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', INT4_MAX],
  ])('reads %s', (value, id) => {
    expect(parseId(value)).toBe(id)
  })

  test.each([
    undefined,
    null,
    7,
    '',
    '0',
    '-1',
    '007',
    '1.0',
    '1e3',
    '1e308',
    '0x10',
    ' 1',
    'NaN',
    'Infinity',
    '2147483648',
    '99999999999999999999',
  ])('refuses %j: not an id a Postgres integer can hold', (value) => {
    expect(parseId(value)).toBeNull()
  })
})

describe('id filters and page numbers in the address', () => {
  test('an id filter that cannot be one is "all"', () => {
    expect(idFilter.parse('12')).toBe(12)
    expect(idFilter.parse(' 12 ')).toBe(12)
    for (const value of [undefined, '', '99999999999999999999', '1e308', '2147483648', '-1', 'all']) {
      expect(idFilter.parse(value)).toBeUndefined()
    }
  })

  test('a page outside 1..max is the first page', () => {
    const page = pageParam(1_000)
    expect(page.parse('3')).toBe(3)
    expect(page.parse('1000')).toBe(1_000)
    for (const value of [undefined, '', '0', '1001', '1.5', '1e308', 'NaN', '99999999999999999999']) {
      expect(page.parse(value)).toBe(1)
    }
  })
})

test('search text loses NUL, is trimmed and capped, and is never an error', () => {
  const q = searchText(10)
  expect(q.parse('  mylar\u0000 bags  ')).toBe('mylar bags')
  expect(q.parse('x'.repeat(50))).toBe('x'.repeat(10))
  expect(q.parse(undefined)).toBe('')
  expect(withoutNul('\u0000a\u0000')).toBe('a')
})

describe('form fields', () => {
  const schema = z.object({ category_id: idField('Choose a category from the list.').optional() })
  const parse = (value: string) => parseWithZod(new URLSearchParams({ category_id: value }), { schema })

  test('an id field gets its message when the value is not an id, and is optional when empty', () => {
    const valid = parse('5')
    expect(valid.status === 'success' ? valid.value : valid.error).toEqual({ category_id: 5 })
    expect(parse('').status).toBe('success')
    for (const value of ['99999999999999999999', '1e308', '2147483648', '-1', 'NaN']) {
      expect(parse(value).reply().error).toEqual({ category_id: ['Choose a category from the list.'] })
    }
  })

  test('a price is what numeric(10,2) holds', () => {
    const message = (value: string) => priceField.safeParse(value).error?.issues[0]?.message
    expect(priceField.parse('12.99')).toBe(12.99)
    expect(priceField.parse('99999999.99')).toBe(99_999_999.99)
    expect(message('100000000')).toBe('Must be less than 100,000,000')
    expect(message('1e308')).toBe('Must be less than 100,000,000')
    expect(message('-1')).toBe('Must be 0 or more')
    expect(message('NaN')).toBe('Must be a price such as 12.99')
    expect(message('1.234')).toBe('At most two decimals (step 0.01)')
  })
})
