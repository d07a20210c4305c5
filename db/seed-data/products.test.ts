import { describe, expect, test } from 'vitest'
import { comparisons } from './comparisons.ts'
import { products } from './products.ts'
import { reviews } from './reviews.ts'

// products.json is data, so the compiler no longer knows its ASINs: the reviews and comparisons that name one are
// checked here instead.
describe('the demo catalogue’s references', () => {
  const asins = new Set(products.map((product) => product.asin))

  test('every product has its own ASIN', () => {
    expect(asins.size).toBe(products.length)
  })

  test('every seeded review is of a seeded product', () => {
    for (const review of reviews) expect(asins.has(review.asin), review.asin).toBe(true)
  })

  test('every comparison row is a seeded product', () => {
    for (const comparison of comparisons) {
      for (const asin of comparison.asins) expect(asins.has(asin), `${comparison.slug}: ${asin}`).toBe(true)
    }
  })
})
