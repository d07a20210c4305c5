import { columnLabel } from '#app/schemas/comparison.ts'
import {
  ARCHIVAL_FLAGS,
  eraLabel,
  formatDimensions,
  kindLabel,
  materialLabel,
  type ProductSpecs,
} from '#app/schemas/product-specs.ts'

/** The spec columns a comparison table can show, in the product page's order. */
export const SPEC_CELLS = [
  'kind',
  'fits',
  'size',
  'thickness',
  'material',
  'pack_count',
  'capacity',
  'archival',
] as const
export type SpecCell = (typeof SPEC_CELLS)[number]

/** How one spec reads to a collector ("7 x 10.5 in", "2 mil"); null when it is not known. */
export function specText(cell: SpecCell, specs: ProductSpecs): string | null {
  switch (cell) {
    case 'kind':
      return specs.kind ? kindLabel(specs.kind) : null
    case 'fits':
      return specs.fits.length ? specs.fits.map(eraLabel).join(', ') : null
    case 'size':
      return formatDimensions(specs)
    case 'thickness':
      return specs.thickness_mil === null ? null : `${Number(specs.thickness_mil)} mil`
    case 'material':
      return specs.material ? materialLabel(specs.material) : null
    case 'pack_count':
      return String(specs.pack_count)
    case 'capacity':
      return specs.capacity === null ? null : `${specs.capacity} books`
    case 'archival': {
      const flags = ARCHIVAL_FLAGS.filter((flag) => specs[flag.id]).map((flag) => flag.label)
      return flags.length ? flags.join(', ') : null
    }
  }
}

/** The rows of a product's specs that are known, as label and text: the product page's list. */
export function specRows(specs: ProductSpecs): Array<{ label: string; value: string }> {
  return SPEC_CELLS.flatMap((cell) => {
    const value = specText(cell, specs)
    return value === null ? [] : [{ label: columnLabel(cell), value }]
  })
}

/** The product page's "Specifications": what is known of the product, as a description list. */
export function SpecList({ specs }: { specs: ProductSpecs }) {
  const rows = specRows(specs)
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="specs-heading" className="mt-6">
      <h3 id="specs-heading" className="text-lg font-semibold">
        Specifications
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium text-slate-700">{row.label}</dt>
            <dd className="text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
