import { RecentMap } from './recent-map.ts'

// Building an Intl.DateTimeFormat costs far more than using one (it was 4% of an uncached page's CPU, once
// per page in the footer): one per format and time zone, made on first use. Each format is a constant, so its
// formatters are found by identity.
interface Format {
  locale: string
  options: Intl.DateTimeFormatOptions
}
const formatters = new Map<Format, Map<string, Intl.DateTimeFormat>>()

function formatter(format: Format, timeZone: string): Intl.DateTimeFormat {
  let byZone = formatters.get(format)
  if (!byZone) formatters.set(format, (byZone = new Map()))
  let made = byZone.get(timeZone)
  if (!made) byZone.set(timeZone, (made = new Intl.DateTimeFormat(format.locale, { ...format.options, timeZone })))
  return made
}

const DATE_TIME: Format = {
  locale: 'en-US',
  options: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
}
const DATE: Format = { locale: 'en-US', options: { year: 'numeric', month: 'short', day: 'numeric' } }
const ISO_DATE: Format = { locale: 'en-CA', options: { year: 'numeric', month: '2-digit', day: '2-digit' } }
const WALL_TIME: Format = {
  locale: 'en-CA',
  options: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
}

// A page shows many "as of" times, most from the same minutes of one nightly refresh, and formatting one is
// still ~1% of a guide's CPU: each minute is formatted once, for the latest minutes seen.
const shownMinutes = new RecentMap<string, string>(2_000)

/** Formats an instant for people, in the shop's time zone, e.g. "Nov 22, 2026, 3:15 AM EST". */
export function formatDateTime(date: Date, timeZone: string): string {
  return shownMinutes.remember(`${Math.floor(date.getTime() / 60_000)}|${timeZone}`, () =>
    formatter(DATE_TIME, timeZone).format(date),
  )
}

/** A calendar date for people, e.g. "Nov 22, 2026". */
export function formatDate(date: Date, timeZone: string): string {
  return formatter(DATE, timeZone).format(date)
}

/** A calendar date as ISO 8601 ("2026-11-22") in the shop's time zone: the day people see, for machines. */
export function isoDate(date: Date, timeZone: string): string {
  return formatter(ISO_DATE, timeZone).format(date)
}

/**
 * The instant a wall-clock time ("2026-12-01T09:30", as `datetime-local` sends it) names in a time zone. The
 * zone's offset is read at that moment by formatting it there (a time a DST change skips lands an hour off).
 */
export function fromWallTime(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall.slice(0, 16)}:00Z`)
  const offsetAt = (instant: number) => {
    const parts = formatter(WALL_TIME, timeZone).formatToParts(new Date(instant))
    const part = (type: string) => parts.find((each) => each.type === type)!.value
    const shown = Date.parse(`${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:00Z`)
    return shown - Math.floor(instant / 60_000) * 60_000
  }
  const guess = asUtc - offsetAt(asUtc)
  return new Date(asUtc - offsetAt(guess))
}

/** An instant as a `datetime-local` value ("2026-12-01T09:30") in a time zone. */
export function toWallTime(date: Date, timeZone: string): string {
  const parts = formatter(WALL_TIME, timeZone).formatToParts(date)
  const part = (type: string) => parts.find((each) => each.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
}
