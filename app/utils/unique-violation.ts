/** Postgres's unique_violation (23505): a row took the value first; on `constraint`, when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false
  const violation = error as { code?: unknown; constraint?: unknown }
  return violation.code === '23505' && (constraint === undefined || violation.constraint === constraint)
}
