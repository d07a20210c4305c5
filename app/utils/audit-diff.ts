/**
 * An audit entry's diff as lines for people: `field: from → to` for a changed field ({ from, to }), and
 * `field: value` for anything else. Strings are shown bare, other values as compact JSON.
 */
export function describeDiff(diff: unknown): string[] {
  if (!diff || typeof diff !== 'object' || Array.isArray(diff)) return diff == null ? [] : [show(diff)]
  return Object.entries(diff).map(([field, value]) =>
    isChange(value) ? `${field}: ${show(value.from)} → ${show(value.to)}` : `${field}: ${show(value)}`,
  )
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return (
    typeof value === 'object' && value !== null && Object.keys(value).length === 2 && 'from' in value && 'to' in value
  )
}

const show = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'))
