/** Formats an instant for people, in the shop's time zone, e.g. "Nov 22, 2026, 3:15 AM EST". */
export function formatDateTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date)
}

/** A calendar date for people, e.g. "Nov 22, 2026". */
export function formatDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(date)
}

/** A calendar date as ISO 8601 ("2026-11-22") in the shop's time zone: the day people see, for machines. */
export function isoDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date)
}
