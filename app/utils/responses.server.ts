import { DatabaseUnavailableError } from '#db/health.ts'

/** Throws a Response (rendered by the nearest ErrorBoundary) when `condition` is falsy. */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 400 },
): asserts condition {
  if (!condition) throw new Response(message, init)
}

/** For `.catch()`: an unreachable database becomes a 503 page; anything else stays a failure. */
export function rethrowUnavailable(error: unknown): never {
  if (error instanceof DatabaseUnavailableError) {
    throw new Response('Service Unavailable', { status: 503, headers: { 'Retry-After': '30' } })
  }
  throw error
}
