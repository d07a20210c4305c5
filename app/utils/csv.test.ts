import { expect, test } from 'vitest'
import { neutraliseFormula } from './csv.ts'

test('cells that start a formula are neutralised; others are kept', () => {
  expect(neutraliseFormula('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`)
  for (const value of ['+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseFormula(value)).toBe(`'${value}`)
  for (const value of ['BCW', '12.99', 'a=b', '']) expect(neutraliseFormula(value)).toBe(value)
})
