// Building an Intl.DateTimeFormat costs far more than using one (it was 4% of an uncached page's CPU, once
// per page in the footer): one per format and time zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}|${timeZone}`
  let made = formatters.get(key)
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, { ...options, timeZone })))
  return made
}

/** Formats an instant for people, in the shop's time zone, e.g. "Nov 22, 2026, 3:15 AM EST". */
export function formatDateTime(date: Date, timeZone: string): string {
  return formatter(
    'en-US',
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    timeZone,
  ).format(date)
}

/** A calendar date for people, e.g. "Nov 22, 2026". */
export function formatDate(date: Date, timeZone: string): string {
  return formatter('en-US', { year: 'numeric', month: 'short', day: 'numeric' }, timeZone).format(date)
}

/** A calendar date as ISO 8601 ("2026-11-22") in the shop's time zone: the day people see, for machines. */
export function isoDate(date: Date, timeZone: string): string {
  return formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).format(date)
}

/**
 * The instant a wall-clock time ("2026-12-01T09:30", as `datetime-local` sends it) names in a time zone. The
 * zone's offset is read at that moment by formatting it there (a time a DST change skips lands an hour off).
 */
export function fromWallTime(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall.slice(0, 16)}:00Z`)
  const offsetAt = (instant: number) => {
    const parts = formatter(
      'en-CA',
      { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
      timeZone,
    ).formatToParts(new Date(instant))
    const part = (type: string) => parts.find((each) => each.type === type)!.value
    const shown = Date.parse(`${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:00Z`)
    return shown - Math.floor(instant / 60_000) * 60_000
  }
  const guess = asUtc - offsetAt(asUtc)
  return new Date(asUtc - offsetAt(guess))
}

/** An instant as a `datetime-local` value ("2026-12-01T09:30") in a time zone. */
export function toWallTime(date: Date, timeZone: string): string {
  const parts = formatter(
    'en-CA',
    { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    timeZone,
  ).formatToParts(date)
  const part = (type: string) => parts.find((each) => each.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`
}
