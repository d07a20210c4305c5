import { serviceUnavailable } from '#app/lib/outage.server.ts'
import { isDatabaseUnavailable } from '#db/health.ts'

/** For `.catch()`: an unreachable database becomes a 503 page; anything else stays a failure. */
export function rethrowUnavailable(error: unknown): never {
  if (isDatabaseUnavailable(error)) throw serviceUnavailable()
  throw error
}
