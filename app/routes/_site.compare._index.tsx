import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ComparisonTable } from '#app/components/comparison-table.tsx'
import { Link } from '#app/components/link.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { listRowsByAsin } from '#app/models/comparison.server.ts'
import { ALL_COLUMNS, COMPARE_MAX, parseTableSort, readCompareAsins } from '#app/schemas/comparison.ts'
import { isAsin } from '#app/utils/asin.ts'
import { freshUntilHeaders, publicPageHeaders } from '#app/utils/cache.ts'
import { shownRow, sortRows, toComparisonRow } from '#app/utils/comparison.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { oldestPriceTime } from '#app/utils/pricing.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /compare?asins=A,B,C (docs/decisions/042): up to four products a shopper ticked on a listing, side by side with every
// column. What cannot be compared (not an ASIN, no such visible product, past the fourth) is named, not an error.

/** How much of a rejected value the page echoes back: enough to recognise it. */
const ECHO_MAX = 20

export async function loader({ request }: LoaderFunctionArgs) {
  const params = requestUrl(request).searchParams
  const asked = readCompareAsins(params)
  const found = await listRowsByAsin(db, asked.filter(isAsin))
  const byAsin = new Map(found.map((row) => [row.asin, row]))
  const now = new Date()
  const compared: ReturnType<typeof toComparisonRow>[] = []
  const left: string[] = []
  for (const asin of asked) {
    const row = byAsin.get(asin)
    const shown = asin.length > ECHO_MAX ? `${asin.slice(0, ECHO_MAX)}…` : asin
    if (!isAsin(asin)) left.push(`${shown} (not an ASIN)`)
    else if (!row) left.push(`${asin} (not found)`)
    else if (compared.length >= COMPARE_MAX) left.push(`${asin} (more than ${COMPARE_MAX})`)
    else compared.push(toComparisonRow(row, now))
  }
  const sort = parseTableSort(params, ALL_COLUMNS)
  const prices = compared.map((row) => row.price)
  const asOf = oldestPriceTime(prices)
  return data(
    {
      asked: asked.length,
      rows: sortRows(compared, sort).map(shownRow),
      sort,
      left,
      pricesAsOf: asOf ? formatDateTime(asOf, getEnv().REFRESH_TZ) : null,
    },
    { headers: freshUntilHeaders(prices) },
  )
}

export const headers = publicPageHeaders

// Any combination of products has an address: none of them is worth a search engine's index.
export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...pageMeta({
    title: `Compare Products | ${siteNameFrom(matches)}`,
    description: 'Compare up to four comic storage products side by side: specs, price per unit and ratings.',
  }),
  { name: 'robots', content: 'noindex, follow' },
]

export default function ComparePage() {
  const { asked, rows, sort, left, pricesAsOf } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Compare Products</h1>
      {left.length > 0 ? (
        <p role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Not compared: {left.join(', ')}.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ComparisonTable
          id="comparison"
          caption={`${rows.length} ${rows.length === 1 ? 'product' : 'products'} side by side. Select a column heading to sort by it.`}
          columns={ALL_COLUMNS}
          rows={rows}
          sort={sort}
          pricesAsOf={pricesAsOf}
        />
      ) : (
        <p className="mt-6 max-w-2xl text-slate-700">
          {asked > 0 ? 'None of these products can be compared. ' : 'Nothing to compare yet. '}
          Tick &quot;Compare&quot; on up to {COMPARE_MAX} products in a category or in search results, then press
          &quot;Compare selected&quot;.{' '}
          <Link to="/" className="font-medium text-brand-700 underline">
            Browse the categories
          </Link>{' '}
          or see the{' '}
          <Link to="/compare-sleeves" className="font-medium text-brand-700 underline">
            sleeve comparison
          </Link>
          .
        </p>
      )}
    </main>
  )
}
