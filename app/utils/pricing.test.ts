import { describe, expect, test } from 'vitest'
import { displayPrice, PRICE_MAX_AGE_MS, unitPrice } from './pricing.ts'

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

describe('unitPrice', () => {
  const fresh = displayPrice({ price: '38.99', manual_price: null, last_updated: hoursAgo(2) }, now)

  test('a pack: the price of one item, named by the kind', () => {
    expect(unitPrice(fresh, { kind: 'sleeve', pack_count: 50, capacity: null })).toEqual({
      formatted: '$0.78',
      per: 'sleeve',
    })
    expect(unitPrice(fresh, { kind: null, pack_count: 10, capacity: null })).toEqual({
      formatted: '$3.90',
      per: 'item',
    })
  })

  test('a box: the price of a book of its capacity, packs included', () => {
    const box = displayPrice({ price: '44.99', manual_price: null, last_updated: hoursAgo(2) }, now)
    expect(unitPrice(box, { kind: 'box', pack_count: 5, capacity: 150 })).toEqual({
      formatted: '$0.06',
      per: 'book of capacity',
    })
    expect(unitPrice(box, { kind: 'box', pack_count: 1, capacity: 300 })?.formatted).toBe('$0.15')
  })

  test('below a cent it keeps two significant digits', () => {
    const cheap = displayPrice({ price: '2.10', manual_price: null, last_updated: hoursAgo(2) }, now)
    expect(unitPrice(cheap, { kind: 'sleeve', pack_count: 500, capacity: null })?.formatted).toBe('$0.0042')
  })

  test('follows the price: a manual price counts, a stale price has no unit price, one item needs none', () => {
    const manual = displayPrice({ price: '40.00', manual_price: '20.00', last_updated: hoursAgo(1) }, now)
    expect(unitPrice(manual, { kind: 'bag', pack_count: 100, capacity: null })?.formatted).toBe('$0.20')
    const stale = displayPrice({ price: '38.99', manual_price: null, last_updated: hoursAgo(25) }, now)
    expect(unitPrice(stale, { kind: 'sleeve', pack_count: 50, capacity: null })).toBeNull()
    expect(unitPrice(fresh, { kind: 'toploader', pack_count: 1, capacity: null })).toBeNull()
  })
})
