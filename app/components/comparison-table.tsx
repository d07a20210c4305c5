import { useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { columnLabel, sortHref, type ComparisonColumn, type TableSort } from '#app/schemas/comparison.ts'
import type { ShownComparisonRow } from '#app/utils/comparison.ts'
import { TableScroller } from './data-table.tsx'
import { Link } from './link.tsx'
import { OutboundLink } from './outbound-link.tsx'
import { Price } from './price.tsx'
import { SPEC_CELLS, specText, type SpecCell } from './product-specs.tsx'

const isSpecCell = (column: ComparisonColumn): column is SpecCell => (SPEC_CELLS as readonly string[]).includes(column)

const NUMERIC: ReadonlySet<ComparisonColumn> = new Set([
  'thickness',
  'pack_count',
  'capacity',
  'price',
  'unit_price',
  'rating',
  'review_count',
])

/** One cell of a row, as the product page words it; unknown is a dash (read as "Not known"). */
function Cell({ column, row }: { column: ComparisonColumn; row: ShownComparisonRow }) {
  const unknown = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not known</span>
    </>
  )
  if (isSpecCell(column)) return specText(column, row.specs) ?? unknown
  switch (column) {
    case 'price':
      return <Price price={row.price} asin={row.asin} />
    case 'unit_price':
      if (row.unitPrice) return `${row.unitPrice.formatted} per ${row.unitPrice.per}`
      // One item: its unit price is its price; a stale price has none (the price cell links to Amazon).
      return row.price.current ? row.price.formatted : unknown
    case 'rating':
      return `${row.rating.toFixed(1)} of 5`
    case 'review_count':
      return String(row.review_count)
  }
}

/**
 * A comparison table: a row per product (its page, and Amazon through /go), a column per chosen spec or figure,
 * Amazon's button under each title, each header a link that sorts by it (no JavaScript needed); `prefix` names this table's sort in the address
 * when a page has several. With `pricesAsOf` (even null), the time its prices were taken follows it (PricesAsOf).
 */
export function ComparisonTable({
  id,
  caption,
  columns,
  rows,
  sort,
  prefix = '',
  pricesAsOf,
}: {
  id: string
  caption: ReactNode
  columns: readonly ComparisonColumn[]
  rows: readonly ShownComparisonRow[]
  sort: TableSort | null
  prefix?: string
  pricesAsOf?: string | null
}) {
  const { pathname, search } = useLocation()
  const captionId = `${id}-caption`
  return (
    <>
      <TableScroller labelledBy={captionId}>
        {/* Relative: the cells' screen-reader text (absolutely placed) scrolls with the table, not past the page. */}
        <table id={id} className="relative w-full min-w-[36rem] border-collapse bg-white text-left text-sm">
          <caption id={captionId} className="pb-2 text-left text-slate-700">
            {caption}
          </caption>
          <thead>
            <tr className="border-b-2 border-slate-300">
              <th scope="col" className="p-3 font-semibold text-slate-900">
                Product
              </th>
              {columns.map((column) => {
                const sorted = sort?.column === column ? sort.dir : null
                const next = sorted === 'asc' ? 'descending' : 'ascending'
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={`p-3 font-semibold text-slate-900 ${NUMERIC.has(column) ? 'text-right' : ''}`}
                  >
                    <Link
                      to={`${pathname}${sortHref(search, column, sort, prefix)}`}
                      preventScrollReset
                      className="inline-flex items-center gap-1 underline decoration-slate-400 underline-offset-2 hover:decoration-slate-900"
                    >
                      {columnLabel(column)}
                      <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      <span className="sr-only">, sort {next}</span>
                    </Link>
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.asin} className="border-b border-slate-200 align-top">
                {/* Amazon's link under the title, not in a last column: a table wider than the page would cut it. */}
                <th scope="row" className="p-3 font-medium text-slate-900">
                  <Link to={`/product/${row.asin}`} className="underline hover:no-underline">
                    {row.title}
                  </Link>
                  <OutboundLink
                    asin={row.asin}
                    className="mt-2 block w-fit whitespace-nowrap rounded-md bg-brand-500 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-brand-600"
                  >
                    View on Amazon<span className="sr-only"> {row.title}</span>
                  </OutboundLink>
                </th>
                {columns.map((column) => (
                  <td key={column} className={`p-3 text-slate-800 ${NUMERIC.has(column) ? 'text-right' : ''}`}>
                    <Cell column={column} row={row} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
      {pricesAsOf === undefined ? null : <PricesAsOf asOf={pricesAsOf} />}
    </>
  )
}

/** The table's price timestamp (Amazon's rule: a price always carries when it was taken), or why there is none. */
export function PricesAsOf({ asOf }: { asOf: string | null }) {
  return (
    <p className="mt-2 text-xs text-slate-600">
      {asOf
        ? `Prices as of ${asOf}. Prices and availability are accurate as of the date and time shown and are subject to change.`
        : 'No current prices: follow a product to see its price on Amazon.'}
    </p>
  )
}
