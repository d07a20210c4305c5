import { describe, expect, test } from 'vitest'
import { displayPrice, PRICE_MAX_AGE_MS } from './pricing.ts'

const now = new Date('2026-11-22T12:00:00Z')
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000)

describe('displayPrice', () => {
  test('shows a fresh API price in USD with two decimals', () => {
    expect(displayPrice({ price: '12.5', manual_price: null, last_updated: hoursAgo(2) }, now)).toEqual({
      current: true,
      amount: 12.5,
      formatted: '$12.50',
      decimal: '12.50',
      source: 'api',
      asOf: hoursAgo(2),
      validUntil: new Date(hoursAgo(2).getTime() + PRICE_MAX_AGE_MS),
    })
  })

  test('a manual price overrides the API price', () => {
    const shown = displayPrice({ price: '20.00', manual_price: '17.99', last_updated: hoursAgo(1) }, now)
    expect(shown).toMatchObject({ current: true, formatted: '$17.99', source: 'manual' })
  })

  test('a manual price of 0 is still a price', () => {
    expect(displayPrice({ price: '9.99', manual_price: '0.00', last_updated: hoursAgo(1) }, now)).toMatchObject({
      formatted: '$0.00',
      source: 'manual',
    })
  })

  test('data older than 24 hours is never current, to the millisecond', () => {
    expect(displayPrice({ price: '9.99', manual_price: null, last_updated: hoursAgo(24) }, now)).toEqual({
      current: false,
    })
    const justInside = new Date(now.getTime() - PRICE_MAX_AGE_MS + 1)
    expect(displayPrice({ price: '9.99', manual_price: null, last_updated: justInside }, now).current).toBe(true)
    expect(displayPrice({ price: '9.99', manual_price: '5.00', last_updated: hoursAgo(30) }, now).current).toBe(false)
  })

  test('no price or no timestamp: nothing to show', () => {
    expect(displayPrice({ price: null, manual_price: null, last_updated: hoursAgo(1) }, now).current).toBe(false)
    expect(displayPrice({ price: '5.00', manual_price: null, last_updated: null }, now).current).toBe(false)
    expect(displayPrice({ price: 'abc', manual_price: null, last_updated: hoursAgo(1) }, now).current).toBe(false)
  })

  test('large prices keep their grouping and cents', () => {
    expect(displayPrice({ price: '1234.5', manual_price: null, last_updated: hoursAgo(1) }, now)).toMatchObject({
      formatted: '$1,234.50',
      decimal: '1234.50',
    })
  })
})
