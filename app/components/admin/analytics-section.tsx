import { cellNumber, isMoney, TABLES, type AnalyticsTable, type Cell, type TableShape } from '#app/utils/analytics.ts'
import { formatDollars } from '#app/utils/earnings.ts'
import { AdminTable } from './admin-table.tsx'
import { BarChart } from './bar-chart.tsx'
import { ClicksEarningsChart } from './clicks-earnings-chart.tsx'
import { cellClass } from './settings-table.tsx'

/**
 * One section of /admin/analytics: its chart (SVG, hidden from assistive technology) beside a visible table of
 * the same numbers, and a link to that table as CSV. Numbers are right-aligned, amounts in dollars; a rate
 * without views or clicks is "—".
 */
/** A table with more columns than this takes the section's width, its chart above it. */
const WIDE = 6

export function AnalyticsSection({
  table,
  rows,
  note,
  csvHref,
}: {
  table: AnalyticsTable
  rows: readonly Cell[][]
  note?: string
  csvHref: string
}) {
  const shape = TABLES[table]
  const id = `analytics-${table}`
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold">
          {shape.title}
        </h2>
        <a href={csvHref} download className="text-sm font-medium text-slate-900 underline">
          Download CSV<span className="sr-only"> of {shape.title.toLowerCase()}</span>
        </a>
      </div>
      {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">Nothing in this range.</p>
      ) : (
        <div className={`mt-4 grid items-start gap-6 ${shape.headings.length > WIDE ? '' : 'lg:grid-cols-2'}`}>
          <Chart chart={shape.chart} rows={rows} />
          <AdminTable caption={shape.title} headings={shape.headings} numbersOnly>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row" className={`${cellClass} text-left font-medium`}>
                      {shownCell(cell)}
                    </th>
                  ) : (
                    <td key={column} className={`${cellClass} ${typeof cell === 'string' ? '' : 'text-right'}`}>
                      {shownCell(cell)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
    </section>
  )
}

function Chart({ chart, rows }: { chart: TableShape['chart']; rows: readonly Cell[][] }) {
  if (chart.layout === 'clicks-and-earnings') {
    const days = rows.map((row) => ({
      day: String(row[chart.label]),
      clicks: cellNumber(row[chart.clicks]!),
      earningsCents: Math.round(cellNumber(row[chart.earnings]!) * 100),
    }))
    return <ClicksEarningsChart days={days} />
  }
  const bars = rows.map((row) => ({ label: String(row[chart.label]), value: cellNumber(row[chart.value]!) }))
  return <BarChart bars={bars} layout={chart.layout} />
}

function shownCell(cell: Cell): string {
  if (typeof cell === 'number') return cell.toLocaleString('en-US')
  if (isMoney(cell)) return formatDollars(cell.cents)
  return cell ?? '—'
}
