import { ComparisonTable } from '#app/components/comparison-table.tsx'
import { TextLink } from '#app/components/info-page.tsx'
import type { ComparisonColumn, TableSort } from '#app/schemas/comparison.ts'
import type { ComparisonRow } from '#app/utils/comparison.ts'

/**
 * A live table of one material's best-rated sleeves and bags (`::sleeve-table{material="mylar"}`, decision 042),
 * sorted by its own parameters (?mylar-sort=price&mylar-dir=asc), so several on a page sort apart.
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

const MATERIALS: Record<string, { name: string; category: string }> = {
  mylar: { name: 'Mylar', category: 'mylar-sleeves' },
  polypropylene: { name: 'Polypropylene', category: 'polypropylene-sleeves' },
  polyethylene: { name: 'Polyethylene', category: 'poly-sleeves' },
}

export function SleeveTable({
  material,
  rows,
  sort,
}: {
  material: string
  rows: readonly ComparisonRow[]
  sort: TableSort | null
}) {
  const { name, category } = MATERIALS[material]!
  return (
    <section aria-labelledby={`${material}-table-heading`} className="mt-8">
      <h3 id={`${material}-table-heading`} className="text-xl font-semibold">
        {name}
      </h3>
      {rows.length > 0 ? (
        <ComparisonTable
          id={`${material}-table`}
          caption={`The best-rated ${name} sleeves and bags in the catalogue`}
          columns={SLEEVE_TABLE_COLUMNS}
          rows={rows}
          sort={sort}
          prefix={material}
        />
      ) : (
        <p className="mt-2 text-slate-700">No {name} sleeves in the catalogue right now.</p>
      )}
      <p className="mt-2">
        <TextLink to={`/category/${category}`}>See every {name} product</TextLink>
      </p>
    </section>
  )
}
