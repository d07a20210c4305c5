import type { LoaderFunctionArgs } from '@remix-run/node'
import { suggestSearch } from '#app/models/search-suggest.server.ts'
import { publicCacheControl } from '#app/utils/cache.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { SEARCH_TERM_MAX_LENGTH } from '#app/utils/search.ts'
import { db } from '#db/client.ts'

// /search/suggest?q=…: the header's suggestions as you type (issue 51, item 5): a few products and categories as
// JSON. The same for everyone, so kept by the shared caches as the catalogue's pages are (s-maxage, then stale
// while revalidating); shorter than two characters asks for nothing.

export const SUGGEST_MIN_LENGTH = 2

export async function loader({ request }: LoaderFunctionArgs) {
  const q = (requestUrl(request).searchParams.get('q') ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH)
  const suggestions = q.length >= SUGGEST_MIN_LENGTH ? await suggestSearch(db, q) : { products: [], categories: [] }
  return Response.json(suggestions, { headers: { 'Cache-Control': publicCacheControl(null) } })
}
