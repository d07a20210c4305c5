import { describe, expect, test } from 'vitest'
import { NO_SPEC_FILTERS, offersSpecFilters, parseSpecFilters, specFiltersSet } from './spec-filters.ts'

const parse = (query: string) => parseSpecFilters(new URLSearchParams(query))

describe('parseSpecFilters', () => {
  test('no parameters: no spec filter', () => {
    expect(parse('')).toEqual(NO_SPEC_FILTERS)
    expect(specFiltersSet(parse('sort=rating&min=10'))).toBe(false)
  })

  test('reads eras, materials and a thickness range', () => {
    expect(parse('fits=silver&fits=golden&material=mylar&tmin=2&tmax=4')).toEqual({
      fits: ['silver', 'golden'],
      materials: ['mylar'],
      minThickness: 2,
      maxThickness: 4,
    })
    expect(specFiltersSet(parse('fits=modern'))).toBe(true)
    expect(specFiltersSet(parse('material=corrugated'))).toBe(true)
    expect(specFiltersSet(parse('tmax=3'))).toBe(true)
  })

  test('one choice, one order: repeats removed, the vocabulary order kept', () => {
    expect(parse('fits=golden&fits=modern&fits=golden&material=corrugated&material=mylar').fits).toEqual([
      'modern',
      'golden',
    ])
    expect(parse('material=corrugated&material=mylar&material=mylar').materials).toEqual(['mylar', 'corrugated'])
    expect(parse(Array.from({ length: 200 }, () => 'fits=silver').join('&')).fits).toEqual(['silver'])
  })

  test('drops what cannot be a filter instead of failing', () => {
    expect(parse('fits=bogus&fits=Modern&material=steel&tmin=-3&tmax=abc')).toEqual(NO_SPEC_FILTERS)
    expect(parse('tmin=&tmax=%20')).toEqual(NO_SPEC_FILTERS)
    expect(parse('tmin=Infinity&tmax=NaN')).toEqual(NO_SPEC_FILTERS)
    expect(parse(`fits=${'x'.repeat(10_000)}`)).toEqual(NO_SPEC_FILTERS)
  })

  test('snaps thickness to half mils and the column limit, and puts a reversed range right', () => {
    expect(parse('tmin=1.3&tmax=2.8')).toMatchObject({ minThickness: 1.5, maxThickness: 3 })
    expect(parse('tmin=4&tmax=2')).toMatchObject({ minThickness: 2, maxThickness: 4 })
    expect(parse('tmax=1000')).toMatchObject({ maxThickness: null })
    expect(parse('tmin=0&tmax=60')).toEqual(NO_SPEC_FILTERS)
    expect(parse('tmin=0.1')).toMatchObject({ minThickness: null })
  })
})

describe('offersSpecFilters', () => {
  const none = { eras: [], materials: [], thickness: false }
  test('only when the listing has a spec to filter by, or the URL chose one', () => {
    expect(offersSpecFilters(none, NO_SPEC_FILTERS)).toBe(false)
    expect(offersSpecFilters({ ...none, thickness: true }, NO_SPEC_FILTERS)).toBe(true)
    expect(offersSpecFilters({ ...none, eras: ['golden'] }, NO_SPEC_FILTERS)).toBe(true)
    expect(offersSpecFilters(none, parse('material=mylar'))).toBe(true)
  })
})
