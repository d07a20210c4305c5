/** Formats an instant for people, in the shop's time zone, with the zone's short name. */
export function formatDateTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
    timeZoneName: 'short',
  }).format(date)
}
