/**
 * What this process last learned about its database connection. Set by the pool on every connection
 * attempt, so it recovers by itself as soon as the database answers again.
 *
 * server.ts (run by tsx) and the Remix server bundle each load their own copy of this module, so the state
 * lives on globalThis and errors are recognised by name and code, never with `instanceof`
 * (docs/decisions/004).
 */
const GLOBAL = Symbol.for('comic-vault.database-health')
type Global = typeof globalThis & { [GLOBAL]?: { up: boolean; since: Date } }
const state = ((globalThis as Global)[GLOBAL] ??= { up: true, since: new Date() })

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

/** A driver error that means the database is away: refused, dropped mid-query, shutting down, starting up. */
export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: string }).code
  return (
    (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
    /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(error.message)
  )
}

/** Whether a failure, from any copy of this module or straight from the driver, is the database being away. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause.name === 'DatabaseUnavailableError' || isUnavailableError(cause)) return true
  }
  return false
}
