import { describe, expect, test } from 'vitest'
import { isoWeek } from './iso-week.ts'

describe('isoWeek', () => {
  test.each([
    ['2026-06-08T13:00:00Z', 'America/New_York', '2026-W24'], // Monday 09:00 EDT
    ['2026-06-08T03:30:00Z', 'America/New_York', '2026-W23'], // still Sunday evening in New York
    ['2026-06-08T03:30:00Z', 'UTC', '2026-W24'],
    ['2021-01-03T12:00:00Z', 'UTC', '2020-W53'], // a Sunday that belongs to the previous ISO year
    ['2024-12-30T12:00:00Z', 'UTC', '2025-W01'], // a Monday that belongs to the next ISO year
    ['2026-01-01T12:00:00Z', 'UTC', '2026-W01'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(isoWeek(new Date(instant), zone)).toBe(expected)
  })
})
