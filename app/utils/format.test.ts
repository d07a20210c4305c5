import { expect, test } from 'vitest'
import { formatDateTime } from './format.ts'

test('formatDateTime shows the instant in the given zone, with the zone named', () => {
  const instant = new Date('2026-11-22T08:15:00Z')
  expect(formatDateTime(instant, 'America/New_York')).toBe('Nov 22, 2026, 3:15 AM EST')
  expect(formatDateTime(instant, 'UTC')).toBe('Nov 22, 2026, 8:15 AM UTC')
})

test('formatDateTime: each minute is formatted once and kept, and the kept text is the same as a fresh one', () => {
  const zone = 'America/New_York'
  // The seconds do not show; 1:59 AM EDT and, a minute later, 1:00 AM EST are different minutes.
  expect(formatDateTime(new Date('2026-11-01T05:59:59Z'), zone)).toBe('Nov 1, 2026, 1:59 AM EDT')
  expect(formatDateTime(new Date('2026-11-01T05:59:00Z'), zone)).toBe('Nov 1, 2026, 1:59 AM EDT')
  expect(formatDateTime(new Date('2026-11-01T06:00:00Z'), zone)).toBe('Nov 1, 2026, 1:00 AM EST')
  // More minutes than are kept: the oldest are formatted again, the same.
  const start = Date.parse('2026-11-22T08:15:00Z')
  for (let minute = 0; minute < 2_500; minute++) formatDateTime(new Date(start + minute * 60_000), zone)
  expect(formatDateTime(new Date(start), zone)).toBe('Nov 22, 2026, 3:15 AM EST')
  expect(formatDateTime(new Date(start + 2_499 * 60_000), zone)).toBe('Nov 23, 2026, 8:54 PM EST')
  expect(() => formatDateTime(new Date(Number.NaN), zone)).toThrow(RangeError)
})
