import { useLocation } from '@remix-run/react'
import { Link } from '#app/components/link.tsx'

/** Previous / next links that keep every other query parameter. Renders nothing for a single page. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation()
  if (pageCount <= 1) return null
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search)
    if (target === 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `?${query}` : location.pathname
  }
  const linkClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100'
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  )
}
