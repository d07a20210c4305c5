import { ComparisonTable } from '#app/components/comparison-table.tsx'
import type { ComparisonColumn, TableSort } from '#app/schemas/comparison.ts'
import type { ShownComparisonRow } from '#app/utils/comparison.ts'

/**
 * A live table of one material's best-rated sleeves and bags (`::sleeve-table{material="mylar"}`, decision 042),
 * sorted by its own parameters (?mylar-sort=price&mylar-dir=asc), so several on a page sort apart. Its heading
 * and the link to the category are the page's text, around it.
 */

export const SLEEVE_TABLE_COLUMNS: readonly ComparisonColumn[] = [
  'size',
  'fits',
  'thickness',
  'pack_count',
  'price',
  'unit_price',
  'rating',
]

const MATERIALS: Record<string, string> = {
  mylar: 'Mylar',
  polypropylene: 'Polypropylene',
  polyethylene: 'Polyethylene',
}

export function SleeveTable({
  material,
  rows,
  sort,
}: {
  material: string
  rows: readonly ShownComparisonRow[]
  sort: TableSort | null
}) {
  const name = MATERIALS[material]!
  if (rows.length === 0) return <p className="mt-2 text-slate-700">No {name} sleeves in the catalogue right now.</p>
  return (
    <ComparisonTable
      id={`${material}-table`}
      caption={`The best-rated ${name} sleeves and bags in the catalogue`}
      columns={SLEEVE_TABLE_COLUMNS}
      rows={rows}
      sort={sort}
      prefix={material}
    />
  )
}
