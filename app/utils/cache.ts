import type { HeadersFunction } from '@remix-run/node'

/**
 * Public catalogue pages may be held briefly by a CDN and served stale while it revalidates; they read
 * no session. Pages that show a signed-in person send `private` instead.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, s-maxage=60, stale-while-revalidate=600'

export const publicPageHeaders: HeadersFunction = ({ errorHeaders }) => ({
  'Cache-Control': errorHeaders ? 'no-store' : PUBLIC_PAGE_CACHE,
})
