import { redirect } from '@remix-run/node'
import { tidyListingQuery } from '#app/schemas/category-filters.ts'
import { withoutNul } from '#app/schemas/params.ts'

/**
 * The request's address with NUL dropped from its query (docs/decisions/025). Every loader and action reads its
 * query from here (eslint forbids `new URL(request.url)` in app/), so no query text carries NUL into SQL.
 */
export function requestUrl(request: Request): URL {
  const url = new URL(request.url)
  // The URL parser percent-encodes a raw NUL, so one in the query is always written %00.
  if (!url.search.includes('%00')) return url
  const params = new URLSearchParams()
  for (const [name, value] of url.searchParams) params.append(withoutNul(name), withoutNul(value))
  url.search = params.toString()
  return url
}

/**
 * A listing's address (category, search) as the filter form sent it without JavaScript, every field included:
 * sent on to the same listing with only the filters set (tidyListingQuery), so addresses that are shared,
 * bookmarked and cached say what they show.
 */
export function redirectToTidyListing(url: URL): void {
  const tidy = tidyListingQuery(url.searchParams).toString()
  if (tidy === url.searchParams.toString()) return
  throw redirect(`${url.pathname}${tidy ? `?${tidy}` : ''}`)
}
