/**
 * What this process last learned about its database connection. Set by the pool on every connection
 * attempt, so it recovers by itself as soon as the database answers again.
 */
const state = { up: true, since: new Date() }

export function markDatabase(up: boolean): void {
  if (state.up !== up) {
    state.up = up
    state.since = new Date()
  }
}

export function databaseIsUp(): boolean {
  return state.up
}

/** Thrown instead of the driver's error when the database cannot be reached. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
}

// Network failures and the server's "shutting down / starting up" answers: the database is away, not the query wrong.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
])

export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: string }).code
  return (
    (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(error.message)
  )
}
