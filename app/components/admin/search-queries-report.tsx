import { Link } from '#app/components/link.tsx'
import { AdminTable } from './admin-table.tsx'
import { PanelCard } from './panel-card.tsx'
import { rowButton } from './styles.ts'

/** A query's last 30 days. */
export interface QueryTotals {
  query: string
  searches: number
  without_result: number
  opens: number
}

/** Opens per search, as a whole percent ("–" before the first search: only opens were counted). */
const openRate = ({ searches, opens }: QueryTotals) => (searches > 0 ? `${Math.round((100 * opens) / searches)}%` : '–')

/**
 * What people looked for in the last 30 days (issue 51): the most searched queries, with how often a result was
 * opened from them, and the queries that found nothing, each one step from becoming a synonym (`synonymHref`).
 */
export function SearchQueriesReport({
  days,
  top,
  empty,
  synonymHref,
  mayChange,
}: {
  days: number
  top: QueryTotals[]
  empty: QueryTotals[]
  synonymHref: (query: string) => string
  mayChange: boolean
}) {
  return (
    <PanelCard id="search-queries-title" title={`What people look for (last ${days} days)`} className="space-y-6 p-5">
      <section aria-labelledby="top-queries-title">
        <h3 id="top-queries-title" className="text-lg font-semibold">
          Top searches
        </h3>
        {top.length === 0 ? (
          <p className="mt-2 text-slate-700">No searches yet.</p>
        ) : (
          <AdminTable
            caption="Top searches"
            headings={['Query', 'Searches', 'Without result', 'Results opened', 'Opened per search']}
            className="mt-2"
          >
            {top.map((row) => (
              <tr key={row.query}>
                <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
                  {row.query}
                </th>
                <td className="px-4 py-3">{row.searches}</td>
                <td className="px-4 py-3">{row.without_result}</td>
                <td className="px-4 py-3">{row.opens}</td>
                <td className="px-4 py-3">{openRate(row)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <section aria-labelledby="empty-queries-title">
        <h3 id="empty-queries-title" className="text-lg font-semibold">
          Searches with no result
        </h3>
        {empty.length === 0 ? (
          <p className="mt-2 text-slate-700">Every search found something.</p>
        ) : (
          <AdminTable
            caption="Searches with no result"
            headings={['Query', 'Without result', 'Searches', { hidden: 'Actions' }]}
            className="mt-2"
          >
            {empty.map((row) => (
              <tr key={row.query}>
                <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
                  {row.query}
                </th>
                <td className="px-4 py-3">{row.without_result}</td>
                <td className="px-4 py-3">{row.searches}</td>
                <td className="px-4 py-3">
                  {mayChange ? (
                    <Link to={synonymHref(row.query)} preventScrollReset className={rowButton.secondary}>
                      Make a synonym<span className="sr-only"> of {row.query}</span>
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </PanelCard>
  )
}
