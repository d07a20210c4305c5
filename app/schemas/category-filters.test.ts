import { describe, expect, test } from 'vitest'
import { filtersNarrow, parseCategoryFilters, tidyListingQuery } from './category-filters.ts'

const parse = (query: string) => parseCategoryFilters(new URLSearchParams(query))

describe('parseCategoryFilters', () => {
  test('defaults: newest, the whole price range, all ratings, first page', () => {
    expect(parse('')).toEqual({ sort: 'newest', minPrice: 0, maxPrice: null, minRating: 0, page: 1 })
    expect(filtersNarrow(parse(''))).toBe(false)
  })

  test('reads every valid value', () => {
    expect(parse('sort=price-high&min=10&max=45&rating=4.5&page=3')).toEqual({
      sort: 'price-high',
      minPrice: 10,
      maxPrice: 45,
      minRating: 4.5,
      page: 3,
    })
    expect(parse('rating=4').minRating).toBe(4)
    expect(filtersNarrow(parse('rating=4'))).toBe(true)
  })

  test('turns bad input into sane values instead of failing', () => {
    expect(parse('sort=DROP TABLE&min=abc&max=&rating=5&page=-2')).toEqual(parse(''))
    expect(parse('min=80&max=20')).toMatchObject({ minPrice: 20, maxPrice: 80 })
    expect(parse('min=-50&max=1000')).toMatchObject({ minPrice: 0, maxPrice: null })
    expect(parse('min=12&max=48')).toMatchObject({ minPrice: 10, maxPrice: 50 })
    expect(parse(`sort=${'x'.repeat(10_000)}`).sort).toBe('newest')
    expect(parse('page=1.5').page).toBe(1)
  })
})

test('tidyListingQuery keeps only what a visitor set, in its order', () => {
  const tidy = (query: string) => tidyListingQuery(new URLSearchParams(query)).toString()
  expect(tidy('q=mylar&sort=newest&min=0&max=100&rating=0&tmin=&tmax=%20&fits=silver&fits=golden&page=1')).toBe(
    'q=mylar&fits=silver&fits=golden',
  )
  expect(tidy('sort=rating&min=10&max=50&rating=4.5&page=2')).toBe('sort=rating&min=10&max=50&rating=4.5&page=2')
})
