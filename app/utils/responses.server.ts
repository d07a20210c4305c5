import { DatabaseUnavailableError } from '#db/health.ts'

/** For `.catch()`: an unreachable database becomes a 503 page; anything else stays a failure. */
export function rethrowUnavailable(error: unknown): never {
  if (error instanceof DatabaseUnavailableError) {
    throw new Response('Service Unavailable', { status: 503, headers: { 'Retry-After': '30' } })
  }
  throw error
}
