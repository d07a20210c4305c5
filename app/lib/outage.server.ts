import type { ActionFunction, LoaderFunction, ServerBuild } from '@remix-run/node'
import { isDatabaseUnavailable, markDatabase } from '#db/health.ts'

/** For a route that answers an outage its own way, catching the error before the guard below does. */
export { isDatabaseUnavailable }

/** How long clients are asked to wait while the database is away. */
export const RETRY_AFTER_SECONDS = '5'

/** The 503 every loader and action answers while the database is away (the root ErrorBoundary draws the page). */
export function serviceUnavailable(): Response {
  return new Response('Service Unavailable', { status: 503, headers: { 'Retry-After': RETRY_AFTER_SECONDS } })
}

/**
 * Every route's loader and action, with a database outage turned into a 503 response in one place instead of
 * a `.catch` in each route (docs/decisions/004). A route that wants to answer an outage its own way (a form
 * that keeps what was typed) catches the error first.
 */
export function answerOutagesWith503(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module
      const module = { ...route.module, loader: guard(loader), action: guard(action) }
      return [id, { ...route, module }]
    }),
  )
  return { ...build, routes }
}

function guard<T extends LoaderFunction | ActionFunction>(handler: T | undefined): T | undefined {
  if (!handler) return undefined
  return (async (args: Parameters<T>[0]) => {
    try {
      return await handler(args)
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      markDatabase(false) // a query cut off mid-way says so before the next connection attempt does
      throw serviceUnavailable()
    }
  }) as T
}
