import { describe, expect, test } from 'vitest'
import { addDays, parseAnalyticsRange, rangeDays } from './analytics.ts'

const TODAY = '2026-11-25'
const parse = (query: string) => parseAnalyticsRange(new URLSearchParams(query), TODAY)

describe('parseAnalyticsRange', () => {
  test('by default the last 30 days, today included', () => {
    expect(parse('')).toEqual({ from: '2026-10-27', to: TODAY, days: 30, adjusted: false })
  })

  test('reads a valid range as given', () => {
    expect(parse('from=2026-11-01&to=2026-11-10')).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
      days: 10,
      adjusted: false,
    })
    expect(parse('from=2026-11-25&to=2026-11-25')).toMatchObject({ days: 1, adjusted: false })
  })

  test('one end alone: the other is today, or 30 days before it', () => {
    expect(parse('from=2026-11-20')).toMatchObject({ from: '2026-11-20', to: TODAY, days: 6 })
    expect(parse('to=2026-06-30')).toMatchObject({ from: '2026-06-01', to: '2026-06-30', days: 30 })
  })

  test('missing or unreadable days are the defaults, not an error', () => {
    for (const query of [
      'from=&to=',
      'from=yesterday&to=soon',
      'from=2026-02-30&to=2026-13-01',
      'from=26-11-01',
      `from=${'9'.repeat(5000)}`,
      'from=2026-11-01T00:00&to=2026-11-05%00',
      'from=0000-01-01x',
    ]) {
      expect(parse(query), query).toEqual({ from: '2026-10-27', to: TODAY, days: 30, adjusted: false })
    }
  })

  test('a reversed range is swapped', () => {
    expect(parse('from=2026-11-10&to=2026-11-01')).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
      days: 10,
      adjusted: true,
    })
  })

  test('absurd ends are clamped: not before 2000, not after today', () => {
    expect(parse('from=1999-12-31&to=2000-01-10')).toMatchObject({
      from: '2000-01-01',
      to: '2000-01-10',
      adjusted: true,
    })
    expect(parse('from=0001-01-01&to=0001-02-01')).toMatchObject({ from: '2000-01-01', to: '2000-01-01', days: 1 })
    expect(parse('from=2026-11-20&to=9999-12-31')).toMatchObject({ from: '2026-11-20', to: TODAY, adjusted: true })
    expect(parse('from=2030-01-01&to=2031-01-01')).toMatchObject({ from: TODAY, to: TODAY, days: 1 })
  })

  test('a span longer than 366 days keeps its last 366', () => {
    expect(parse('from=2000-01-01&to=2026-11-25')).toEqual({
      from: '2025-11-25',
      to: TODAY,
      days: 366,
      adjusted: true,
    })
    expect(parse('from=2024-01-01&to=2024-12-31')).toMatchObject({ days: 366, adjusted: false })
  })
})

describe('day arithmetic', () => {
  test('across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(rangeDays({ from: '2026-10-30', to: '2026-11-02' })).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ])
  })
})
