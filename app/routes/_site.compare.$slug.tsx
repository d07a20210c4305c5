import { invariantResponse } from '@epic-web/invariant'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ComparisonTable } from '#app/components/comparison-table.tsx'
import { GeneralErrorBoundary, notFoundHandler } from '#app/components/error-boundary.tsx'
import { JsonLd } from '#app/components/json-ld.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { getComparisonBySlug, listComparisonRows } from '#app/models/comparison.server.ts'
import { ALL_COLUMNS, COMPARISON_NOT_FOUND, parseTableSort } from '#app/schemas/comparison.ts'
import { freshUntilHeaders, publicPageHeaders } from '#app/utils/cache.ts'
import { shownRow, sortRows, toComparisonRow } from '#app/utils/comparison.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { itemListJsonLd, jsonLdScript } from '#app/utils/json-ld.ts'
import { notFoundMeta, pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { oldestPriceTime } from '#app/utils/pricing.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /compare/{slug} (decision 042): an owner's comparison table, its visible products in the curator's order, sortable
// by any of its columns through the headers' links (?sort=price&dir=asc).

// The database's own rule for slugs: anything else cannot exist, so it is not even looked up.
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  const table = SLUG.test(slug) ? await getComparisonBySlug(db, slug) : undefined
  invariantResponse(table, COMPARISON_NOT_FOUND, { status: 404 })
  const env = getEnv()
  const now = new Date()
  // Only the columns this code knows how to show, in their usual order.
  const columns = ALL_COLUMNS.filter((column) => table.columns.includes(column))
  const sort = parseTableSort(requestUrl(request).searchParams, columns)
  const rows = (await listComparisonRows(db, table.id)).map((row) => toComparisonRow(row, now))
  const prices = rows.map((row) => row.price)
  const asOf = oldestPriceTime(prices)
  const canonical = `${env.SITE_URL}/compare/${table.slug}`
  // The curator's order, whatever the visitor sorts by: the list is the table, not one view of it.
  const itemList = itemListJsonLd({
    name: table.name,
    items: rows.map((row) => ({ name: row.title, url: `${env.SITE_URL}/product/${row.asin}` })),
  })
  return data(
    {
      table: { name: table.name, slug: table.slug, description: table.description },
      columns,
      sort,
      rows: sortRows(rows, sort).map(shownRow),
      pricesAsOf: asOf ? formatDateTime(asOf, env.REFRESH_TZ) : null,
      canonical,
      structuredData: [jsonLdScript(itemList)],
    },
    { headers: freshUntilHeaders(prices) },
  )
}

export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data
    ? pageMeta({
        title: `${data.table.name} | ${siteNameFrom(matches)}`,
        description:
          data.table.description ??
          `${data.table.name}: compare specs, prices per unit and ratings side by side, with prices updated daily from Amazon.`,
        canonical: data.canonical,
      })
    : notFoundMeta(COMPARISON_NOT_FOUND, { error, matches })

export default function ComparisonPage() {
  const { table, columns, sort, rows, pricesAsOf, structuredData } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <JsonLd blocks={structuredData} />
      <h1 className="text-3xl font-bold">{table.name}</h1>
      {table.description ? <p className="mt-2 max-w-3xl text-slate-700">{table.description}</p> : null}
      {rows.length > 0 ? (
        <ComparisonTable
          id="comparison"
          caption={`${table.name}: ${rows.length} ${rows.length === 1 ? 'product' : 'products'} compared. Select a column heading to sort by it.`}
          columns={columns}
          rows={rows}
          sort={sort}
          pricesAsOf={pricesAsOf}
        />
      ) : (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No products to compare here yet.
        </p>
      )}
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={notFoundHandler(COMPARISON_NOT_FOUND)} />
}
