import { expect, test } from 'vitest'
import { formatDateTime } from './format.ts'

test('formatDateTime shows the instant in the given zone, with the zone named', () => {
  const instant = new Date('2026-11-22T08:15:00Z')
  expect(formatDateTime(instant, 'America/New_York')).toBe('Nov 22, 2026, 3:15 AM EST')
  expect(formatDateTime(instant, 'UTC')).toBe('Nov 22, 2026, 8:15 AM UTC')
})
