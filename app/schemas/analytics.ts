import { z } from 'zod'

/**
 * The analytics page's date range, read from the address (docs/decisions/046). Whatever is typed becomes a range
 * that is cheap to read and means something, never an error: a missing or unreadable day is the default (the
 * last 30 days), a reversed range is put the right way round, a day before 2000 or after today is moved to the
 * nearest day allowed, and a range longer than 366 days keeps its last 366. `adjusted` says a typed day changed.
 * Days are calendar days ("2026-11-25") in the site's time zone; `today` is today there.
 */

export const EARLIEST_DAY = '2000-01-01'
export const MAX_RANGE_DAYS = 366
export const DEFAULT_RANGE_DAYS = 30

export interface AnalyticsRange {
  from: string
  to: string
  /** Days in the range, both ends included. */
  days: number
  /** A day that was given was not used as given (reversed, out of bounds, too long a span). */
  adjusted: boolean
}

/** A real calendar day written YYYY-MM-DD, or undefined ("2026-02-30" is none). */
const day = z
  .string()
  .optional()
  .transform((value) => {
    const trimmed = value?.trim() ?? ''
    return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) && dayNumber(trimmed) !== null ? trimmed : undefined
  })

export function analyticsRangeSchema(today: string) {
  return z.object({ from: day, to: day }).transform(({ from, to }): AnalyticsRange => {
    let end = to ?? today
    let start = from ?? addDays(end, 1 - DEFAULT_RANGE_DAYS)
    if (start > end) [start, end] = [end, start]
    end = clampDay(end, today)
    start = clampDay(start, today)
    const earliestStart = addDays(end, 1 - MAX_RANGE_DAYS)
    if (start < earliestStart) start = earliestStart
    const days = daysBetween(start, end) + 1
    const adjusted = (from !== undefined && from !== start) || (to !== undefined && to !== end)
    return { from: start, to: end, days, adjusted }
  })
}

/** The range an address asks for (`from`, `to`), made sane. */
export function parseAnalyticsRange(params: URLSearchParams, today: string): AnalyticsRange {
  return analyticsRangeSchema(today).parse({ from: params.get('from') ?? undefined, to: params.get('to') ?? undefined })
}

/** The calendar days of a range, first to last. */
export function rangeDays(range: { from: string; to: string }): string[] {
  const days: string[] = []
  for (let current = range.from; current <= range.to; current = addDays(current, 1)) days.push(current)
  return days
}

function clampDay(value: string, today: string): string {
  return value < EARLIEST_DAY ? EARLIEST_DAY : value > today ? today : value
}

/** Days since 1970-01-01 of a valid YYYY-MM-DD, else null. */
function dayNumber(value: string): number | null {
  const [year, month, date] = value.split('-').map(Number) as [number, number, number]
  // setUTCFullYear, not Date.UTC: that reads the years 0–99 as 1900–1999.
  const back = new Date(0)
  back.setUTCFullYear(year, month - 1, date)
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) return null
  return back.getTime() / 86_400_000
}

export function addDays(value: string, days: number): string {
  return new Date((dayNumber(value)! + days) * 86_400_000).toISOString().slice(0, 10)
}

function daysBetween(from: string, to: string): number {
  return dayNumber(to)! - dayNumber(from)!
}
