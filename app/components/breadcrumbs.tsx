import { Link } from '#app/components/link.tsx'

/**
 * The trail from the home page to this page; the last crumb is the page itself. The same list feeds the page's
 * BreadcrumbList structured data (app/utils/json-ld.ts), so the two always agree.
 */
export function Breadcrumbs({ crumbs }: { crumbs: ReadonlyArray<{ name: string; path: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
      <ol className="flex flex-wrap gap-x-1.5">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.path} aria-current="page" className="text-slate-900">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.path}>
              <Link to={crumb.path} className="hover:underline">
                {crumb.name}
              </Link>{' '}
              <span aria-hidden="true">/</span>
            </li>
          ),
        )}
      </ol>
    </nav>
  )
}
