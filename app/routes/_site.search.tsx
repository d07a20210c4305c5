import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SearchForm } from '#app/components/search-form.tsx'
import { getEnv } from '#app/lib/env.server.ts'

// The search page. Its results grid arrives with the storefront issue; the shape of the URL is settled here.

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const q = url.searchParams.get('q')
  if (q !== null && q.trim() === '') {
    // A blank search does nothing: without JavaScript, send the visitor back where they were (same site only).
    const back = sameSiteReferrer(request)
    if (back) throw redirect(back)
  }
  return { q: q?.trim() ? q : null }
}

function sameSiteReferrer(request: Request): string | null {
  const referrer = request.headers.get('referer')
  if (!referrer) return null
  try {
    const from = new URL(referrer)
    const site = new URL(getEnv().SITE_URL)
    const here = new URL(request.url)
    if (from.origin !== site.origin && from.origin !== here.origin) return null
    if (from.pathname === '/search' && from.search === here.search) return null
    return from.pathname + from.search
  } catch {
    return null
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.q ? `Results for "${data.q}"` : 'Search Products' },
  { name: 'robots', content: 'noindex' },
]

export default function Search() {
  const { q } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Search Products</h1>
      <SearchForm
        placeholder="Search products..."
        defaultValue={q ?? ''}
        inputId="search-page-q"
        className="mt-6 max-w-xl"
      />
      {q ? (
        <h2 className="mt-8 text-xl font-semibold">Results for &quot;{q}&quot;</h2>
      ) : (
        <p className="mt-8 text-slate-600">Enter a search term to find products.</p>
      )}
    </main>
  )
}
