import { columnLabel, type ComparisonColumn } from '#app/schemas/comparison.ts'
import { ActionLink } from './action-link.tsx'
import { AdminTable } from './admin-table.tsx'
import { rowButton } from './styles.ts'

export interface ComparisonListRow {
  id: number
  name: string
  slug: string
  product_count: number
  columns: ComparisonColumn[]
}

/** The comparison tables with their products and columns, a link to each public page and the row's actions. */
export function ComparisonList({
  comparisons,
  listHref,
  may,
}: {
  comparisons: ComparisonListRow[]
  listHref: (extra?: string) => string
  may: { edit: boolean; delete: boolean }
}) {
  if (comparisons.length === 0) {
    return <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">No comparison tables yet.</p>
  }
  return (
    <AdminTable
      caption={`${comparisons.length} comparison ${comparisons.length === 1 ? 'table' : 'tables'}, each published at /compare/ and its slug.`}
      headings={['Name', 'Slug', 'Products', 'Columns', 'Actions']}
    >
      {comparisons.map((comparison) => (
        <tr key={comparison.id}>
          <th scope="row" className="px-4 py-3 font-medium text-slate-900">
            {comparison.name}
          </th>
          <td className="px-4 py-3 font-mono text-slate-700">
            <a href={`/compare/${comparison.slug}`} className="underline">
              {comparison.slug}
              <span className="sr-only"> (public page)</span>
            </a>
          </td>
          <td className="px-4 py-3 text-slate-700">{comparison.product_count}</td>
          <td className="max-w-sm px-4 py-3 text-slate-700">{comparison.columns.map(columnLabel).join(', ')}</td>
          <td className="px-4 py-3">
            <div className="flex gap-2">
              <ActionLink allowed={may.edit} to={listHref(`edit=${comparison.id}`)} className={rowButton.secondary}>
                Edit<span className="sr-only"> {comparison.name}</span>
              </ActionLink>
              <ActionLink allowed={may.delete} to={listHref(`delete=${comparison.id}`)} className={rowButton.danger}>
                Delete<span className="sr-only"> {comparison.name}</span>
              </ActionLink>
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}
