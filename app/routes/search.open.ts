import { invariantResponse } from '@epic-web/invariant'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { isbot } from 'isbot'
import { recordSearchOpen } from '#app/lib/search-recording.server.ts'
import { isAsin } from '#app/utils/asin.ts'
import { requestUrl } from '#app/utils/request-url.ts'

// /search/open?q=…&asin=…: a result opened from the search page (issue 51, docs/decisions/085). Counts the open
// for the query, then sends the visitor to the product's page: only ever /product/{asin} on this site, the ASIN
// checked, so the address can point nowhere else. Never cached (each request is one open), never indexed (the
// result links say rel=nofollow, the answer says noindex); the product page itself stays the canonical address.

const HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = requestUrl(request)
  const asin = url.searchParams.get('asin') ?? ''
  invariantResponse(isAsin(asin), 'Product not found.', { status: 404, headers: HEADERS })
  const query = url.searchParams.get('q') ?? ''
  if (query.trim() && !isbot(request.headers.get('user-agent'))) {
    await recordSearchOpen(String(context.clientIp ?? ''), query)
  }
  return new Response(null, { status: 303, headers: { ...HEADERS, Location: `/product/${asin}` } })
}
