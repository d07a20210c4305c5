import {
  ARCHIVAL_FLAGS,
  eraLabel,
  formatDimensions,
  kindLabel,
  materialLabel,
  type ProductSpecs,
} from '#app/schemas/product-specs.ts'

/** The rows of a product's specs that are known, as label and text: the product page's list, a table's cells. */
export function specRows(specs: ProductSpecs): Array<{ label: string; value: string }> {
  const dimensions = formatDimensions(specs)
  const flags = ARCHIVAL_FLAGS.filter((flag) => specs[flag.id]).map((flag) => flag.label)
  const rows: Array<{ label: string; value: string | null }> = [
    { label: 'Type', value: specs.kind ? kindLabel(specs.kind) : null },
    { label: 'Fits', value: specs.fits.length ? specs.fits.map(eraLabel).join(', ') : null },
    { label: 'Inner size', value: dimensions },
    { label: 'Thickness', value: specs.thickness_mil === null ? null : `${Number(specs.thickness_mil)} mil` },
    { label: 'Material', value: specs.material ? materialLabel(specs.material) : null },
    { label: 'Pack of', value: String(specs.pack_count) },
    { label: 'Holds', value: specs.capacity === null ? null : `${specs.capacity} books` },
    { label: 'Archival', value: flags.length ? flags.join(', ') : null },
  ]
  return rows.filter((row): row is { label: string; value: string } => row.value !== null)
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
