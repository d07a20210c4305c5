import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useNavigation } from '@remix-run/react'
import { CompareForm } from '#app/components/compare-form.tsx'
import { Link } from '#app/components/link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { ProductGrid } from '#app/components/product-grid.tsx'
import { SearchForm } from '#app/components/search-form.tsx'
import { SearchNoResults } from '#app/components/search-no-results.tsx'
import { FilterForm, SpecFacetFields } from '#app/components/spec-facets.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { guidesMatching, searchFacets, searchSynonyms, shopCategories } from '#app/lib/kept-reads.server.ts'
import { SEARCH_RESULTS_HEADER } from '#app/lib/search-recording.server.ts'
import { searchesThatFind } from '#app/lib/searches-that-find.server.ts'
import { SEARCH_PAGE_SIZE, searchProducts } from '#app/models/search.server.ts'
import { pageParam } from '#app/schemas/params.ts'
import { NO_SPEC_FILTERS, offersSpecFilters, parseSpecFilters, specFilterCount } from '#app/schemas/spec-filters.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { listingCards } from '#app/utils/product-card.server.ts'
import { redirectToTidyListing, requestUrl } from '#app/utils/request-url.ts'
import { openFromSearchHref } from '#app/utils/search-open.ts'
import { SEARCH_TERM_MAX_LENGTH } from '#app/utils/search.ts'
import { db } from '#db/client.ts'

const searchPage = pageParam(1_000)
/** The search parameter that reads the query as typed, without reading a typo as the nearest catalogue word. */
const AS_TYPED_PARAM = 'exact'

export async function loader({ request }: LoaderFunctionArgs) {
  const url = requestUrl(request)
  const raw = url.searchParams.get('q')
  if (raw !== null && raw.trim() === '') {
    // A blank search does nothing: without JavaScript, send the visitor back where they were (same site only).
    const back = sameSiteReferrer(request)
    if (back) throw redirect(back)
  }
  // The term is trimmed before it is cut, so padding cannot empty it (requestUrl has dropped any NUL); the
  // page echoes the text as typed unless it is too long to be anything but noise.
  const typed = raw ?? ''
  const term = typed.trim().slice(0, SEARCH_TERM_MAX_LENGTH)
  if (!term) {
    const nothing = { q: null, total: 0, over: false, page: 1, pageCount: 1, products: [], correctedTerm: null }
    return { ...nothing, spec: NO_SPEC_FILTERS, facets: null, guides: [], elsewhere: null }
  }
  redirectToTidyListing(url)
  const q = typed.length <= SEARCH_TERM_MAX_LENGTH ? typed : term

  const page = searchPage.parse(url.searchParams.get('page') ?? undefined)
  const spec = parseSpecFilters(url.searchParams)
  // `exact`: the visitor chose their own words over the nearest catalogue word ("Search instead for").
  const correct = url.searchParams.get(AS_TYPED_PARAM) === null
  const synonyms = await searchSynonyms()
  const { products, total, over, matchIds, correctedTerm } = await searchProducts(db, term, page, spec, {
    synonyms,
    correct,
  })
  const facets = await searchFacets(term, matchIds)
  const guides = page === 1 ? await guidesMatching(term) : []
  const { cards, headers } = listingCards(products)
  // No dead ends: where to go instead (issue 51).
  const elsewhere = total === 0 ? { categories: await shopCategories(), searches: await searchesThatFind() } : null
  return data(
    {
      q,
      total,
      over,
      correctedTerm,
      page,
      pageCount: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
      products: cards,
      spec,
      facets,
      guides,
      elsewhere,
    },
    // What was found, for the search's recording in front of the page cache (docs/decisions/085).
    { headers: { ...headers, [SEARCH_RESULTS_HEADER]: String(total) } },
  )
}

/** 'Showing results for "mylar". Search instead for "mylr".': links both ways, no JavaScript needed. */
function CorrectionNotice({ q, correctedTerm }: { q: string; correctedTerm: string }) {
  const search = (params: Record<string, string>) => `/search?${new URLSearchParams(params).toString()}`
  return (
    <p className="mt-1 text-slate-700">
      Showing results for{' '}
      <Link to={search({ q: correctedTerm })} className="font-medium text-brand-700 underline">
        &quot;{correctedTerm}&quot;
      </Link>
      . Search instead for{' '}
      <Link to={search({ q, [AS_TYPED_PARAM]: '1' })} className="font-medium text-brand-700 underline">
        &quot;{q}&quot;
      </Link>
      .
    </p>
  )
}

function sameSiteReferrer(request: Request): string | null {
  const referrer = request.headers.get('referer')
  if (!referrer || !URL.canParse(referrer)) return null
  const from = new URL(referrer)
  const here = requestUrl(request)
  if (from.origin !== new URL(getEnv().SITE_URL).origin && from.origin !== here.origin) return null
  if (from.pathname === here.pathname && from.search === here.search) return null
  // "//host/…" is a path to this site's parser but another site to a browser.
  if (from.pathname.startsWith('//')) return null
  return from.pathname + from.search
}

export const headers: HeadersFunction = (args) => {
  const results = args.loaderHeaders.get(SEARCH_RESULTS_HEADER)
  return { ...publicPageHeaders(args), ...(results ? { [SEARCH_RESULTS_HEADER]: results } : {}) }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const siteName = siteNameFrom(matches)
  return [
    ...pageMeta({
      title: `${data?.q ? `Results for "${data.q}"` : 'Search Products'} | ${siteName}`,
      description: searchDescription(data?.q ?? null, data?.total ?? 0, siteName),
    }),
    { name: 'robots', content: 'noindex, follow' },
  ]
}

/** What the results page holds: the term and how many products matched, or an invitation to search. */
function searchDescription(q: string | null, total: number, siteName: string): string {
  if (!q) {
    return `Search ${siteName} for comic bags, boards, Mylar sleeves, boxes and more, with prices updated daily from Amazon.`
  }
  if (total === 0) {
    return `No products found for "${q}" on ${siteName}. Try a different search term, or browse comic bags, boards, sleeves and boxes by category.`
  }
  return `Found ${total} ${total === 1 ? 'product' : 'products'} for "${q}" on ${siteName}: comic storage supplies with prices updated daily from Amazon.`
}

export default function Search() {
  const { q, total, over, correctedTerm, page, pageCount, products, spec, facets, guides, elsewhere } =
    useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/search'
  // Outside the live region, which "Searching..." replaces: a facet just changed keeps its focus.
  const filters =
    q && facets && offersSpecFilters(facets, spec) ? (
      <div className="mt-6 space-y-2">
        <FilterForm activeFilters={specFilterCount(spec)} className="flex flex-wrap items-start gap-x-10 gap-y-4">
          <input type="hidden" name="q" value={q} />
          <SpecFacetFields facets={facets} spec={spec} />
        </FilterForm>
      </div>
    ) : null
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Search Products</h1>
      <SearchForm
        key={q ?? ''}
        placeholder="Search products..."
        defaultValue={q ?? ''}
        inputId="search-page-q"
        className="mt-6 max-w-xl"
      />
      {filters}
      {/* Only the words about the results are live (the grid would be read out whole), and read as a whole. */}
      <div aria-live="polite" aria-atomic="true">
        {searching ? (
          <p className="mt-8 text-slate-600">Searching...</p>
        ) : q ? (
          <>
            <h2 className="mt-8 text-xl font-semibold">Results for &quot;{q}&quot;</h2>
            {correctedTerm ? <CorrectionNotice q={q} correctedTerm={correctedTerm} /> : null}
            {over ? (
              <p className="mt-1 text-slate-600">Found over 10,000 products</p>
            ) : total > 0 ? (
              <p className="mt-1 text-slate-600">Found {total} product(s)</p>
            ) : (
              <p className="mt-4 text-slate-600">No products found for &quot;{q}&quot;. Try a different search term.</p>
            )}
          </>
        ) : (
          <p className="mt-8 text-slate-600">Enter a search term to find products.</p>
        )}
      </div>
      {!searching && q && elsewhere ? <SearchNoResults {...elsewhere} /> : null}
      {!searching && guides.length > 0 ? (
        <section aria-labelledby="guide-results" className="mt-6 max-w-3xl">
          <h3 id="guide-results" className="text-lg font-semibold">
            Guides
          </h3>
          <ul className="mt-2 space-y-3">
            {guides.map((guide) => (
              <li key={guide.slug}>
                <Link to={`/guides/${guide.slug}`} className="font-medium text-brand-700 underline">
                  {guide.title}
                </Link>
                <p className="text-sm text-slate-600">{guide.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {!searching && q && total > 0 ? (
        <div className="mt-6">
          <CompareForm>
            <ProductGrid products={products} compare openHref={(asin) => openFromSearchHref(q, asin)} />
          </CompareForm>
          <Pagination page={page} pageCount={pageCount} />
        </div>
      ) : null}
    </main>
  )
}
