import { describe, expect, test } from 'vitest'
import { FIT_COUNT_MAX, parseFitQuery } from './fit-finder.ts'

const parse = (query: string) => parseFitQuery(new URLSearchParams(query))

describe('parseFitQuery', () => {
  test('reads the eras ticked, in the sizes guide order, each once, with their counts', () => {
    expect(parse('era=golden&era=silver&era=silver&silver=120&golden=40')).toEqual({
      eras: ['silver', 'golden'],
      counts: { silver: 120, golden: 40 },
    })
  })

  test('nothing asked: no eras, no counts', () => {
    expect(parse('')).toEqual({ eras: [], counts: {} })
  })

  test('unknown eras are dropped, and 500 era parameters are at most the six eras', () => {
    expect(parse('era=bogus&era=SILVER&era=')).toEqual({ eras: [], counts: {} })
    const many = parse(Array.from({ length: 500 }, (_, i) => `era=${i % 2 ? 'modern' : 'x' + i}`).join('&'))
    expect(many.eras).toEqual(['modern'])
  })

  test('a count for an era not ticked is ignored', () => {
    expect(parse('era=silver&golden=40')).toEqual({ eras: ['silver'], counts: {} })
  })

  test.each([
    ['-5', 0],
    ['0', 0],
    ['12.9', 12],
    [' 7 ', 7],
    ['1e3', 1000],
    ['100001', FIT_COUNT_MAX],
    ['99999999999999999999999', FIT_COUNT_MAX],
  ])('count %j is clamped to %i', (value, count) => {
    expect(parse(`era=silver&silver=${encodeURIComponent(value)}`).counts).toEqual({ silver: count })
  })

  test.each(['abc', '', '  ', '0x10', '1e999', 'NaN', 'Infinity', '12abc'])('count %j is ignored', (value) => {
    expect(parse(`era=silver&silver=${encodeURIComponent(value)}`).counts).toEqual({})
  })
})
