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
