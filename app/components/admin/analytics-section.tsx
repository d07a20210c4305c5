import { TABLES, type AnalyticsTable, type Cell } from '#app/utils/analytics.ts'
import { AdminTable } from './admin-table.tsx'
import { BarChart } from './bar-chart.tsx'
import { cellClass } from './settings-table.tsx'

/**
 * One section of /admin/analytics: its chart (SVG, hidden from assistive technology) beside a visible table of
 * the same numbers, and a link to that table as CSV. Numbers are right-aligned; a rate without views is "—".
 */
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
  const bars = rows.map((row) => ({ label: String(row[shape.chart.label]), value: Number(row[shape.chart.value]) }))
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
        <div className="mt-4 grid items-start gap-6 lg:grid-cols-2">
          <BarChart bars={bars} layout={shape.chart.layout} />
          <AdminTable caption={shape.title} headings={shape.headings}>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row" className={`${cellClass} text-left font-medium`}>
                      {cell}
                    </th>
                  ) : (
                    <td key={column} className={`${cellClass} ${typeof cell === 'string' ? '' : 'text-right'}`}>
                      {typeof cell === 'number' ? cell.toLocaleString('en-US') : (cell ?? '—')}
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
