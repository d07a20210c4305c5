/**
 * The ISO 8601 week ("2026-W23") that an instant falls in, on the calendar of `timeZone`: Monday 09:00 in
 * New York and a retry of it minutes later share a week even where UTC has already moved to another day.
 */
export function isoWeek(instant: Date, timeZone: string): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(instant)
    .split('-')
    .map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  // The ISO week belongs to the year of its Thursday.
  const weekday = date.getUTCDay() || 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday)
  const weekYear = date.getUTCFullYear()
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7)
  return `${weekYear}-W${String(week).padStart(2, '0')}`
}
