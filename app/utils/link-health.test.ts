import { describe, expect, test } from 'vitest'
import { isUnavailable, priceJump, problemDetail } from './link-health.ts'

describe('isUnavailable', () => {
  test.each([
    'Currently unavailable.',
    'Out of Stock',
    'Temporarily out of stock. Order now and we will deliver when available.',
    'This item is not available.',
    'Discontinued by manufacturer',
    'CURRENTLY UNAVAILABLE',
  ])('%s is unavailable', (text) => {
    expect(isUnavailable(text)).toBe(true)
  })

  test.each(['In Stock', 'In stock.', 'Usually ships within 2 to 3 days.', 'Only 3 left in stock - order soon.', ''])(
    '%s is available',
    (text) => {
      expect(isUnavailable(text)).toBe(false)
    },
  )

  test('no availability at all says nothing', () => {
    expect(isUnavailable(null)).toBe(false)
    expect(isUnavailable(undefined)).toBe(false)
  })
})

describe('priceJump', () => {
  test('exactly 30% up or down is not a jump', () => {
    expect(priceJump('10.00', '13.00')).toBeNull()
    expect(priceJump('10.00', '7.00')).toBeNull()
    expect(priceJump('0.10', '0.13')).toBeNull()
  })

  test('more than 30% up or down is, with both prices and the change', () => {
    expect(priceJump('10.00', '14.50')).toBe('$10.00 → $14.50 (+45%)')
    expect(priceJump('10.00', '13.01')).toBe('$10.00 → $13.01 (+30%)')
    expect(priceJump('10.00', '6.99')).toBe('$10.00 → $6.99 (-30%)')
    expect(priceJump('20.00', '5.00')).toBe('$20.00 → $5.00 (-75%)')
    expect(priceJump('1.00', '100.00')).toBe('$1.00 → $100.00 (+9900%)')
  })

  test('small moves and unknown or zero prices are not', () => {
    expect(priceJump('10.00', '10.00')).toBeNull()
    expect(priceJump('10.00', '12.99')).toBeNull()
    expect(priceJump(null, '10.00')).toBeNull()
    expect(priceJump('10.00', null)).toBeNull()
    expect(priceJump('0.00', '5.00')).toBeNull()
  })
})

test('a detail is cut to the column', () => {
  expect(problemDetail('x'.repeat(600))).toHaveLength(500)
  expect(problemDetail('short')).toBe('short')
})
