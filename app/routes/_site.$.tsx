import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { logger } from '#app/lib/logger.server.ts'
import { notFoundMeta } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'

// Every path no other route claims: a 404 inside the shared layout, and a log line to find broken links.

export function loader({ request }: LoaderFunctionArgs) {
  const url = requestUrl(request)
  logger.warn({ path: url.pathname, referrer: request.headers.get('referer') }, 'page not found')
  throw new Response('Not Found', { status: 404 })
}

export const meta: MetaFunction = ({ error, matches }) => notFoundMeta('Page not found', { error, matches })

// Never rendered (the loader always throws); a default export keeps this a page, answered in the layout.
export default function NotFoundRoute() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
