import { comicSizes, DataTable } from '#app/components/info-page.tsx'

/**
 * The sizes guide's chart (`::sizes-chart`): bag and board dimensions by era, from the figures the FAQ and the
 * starter kits also quote (comicSizes), so the pages cannot disagree.
 */

const sizes = [
  {
    era: 'Modern',
    note: 'Also called Current',
    ...comicSizes.current,
    fits: 'Most new releases and comics from about the 1990s on',
  },
  {
    era: 'Standard',
    note: 'Also called Regular',
    ...comicSizes.standard,
    fits: 'Bronze and Copper Age books (about 1970 to 1990) and thicker modern issues',
  },
  {
    era: 'Silver Age (1956-1970)',
    note: null,
    ...comicSizes.silverAge,
    fits: 'Silver Age books, slightly wider than today’s comics',
  },
  {
    era: 'Golden Age (1938-1956)',
    note: null,
    ...comicSizes.goldenAge,
    fits: 'Golden Age books, the widest standard comics, and many early 1950s titles',
  },
] as const

export function SizesChart() {
  return (
    <DataTable
      captionId="chart-caption"
      caption="Comic bag and board dimensions by era, width x height in inches"
      columns={[
        { label: 'Era' },
        { label: 'Bag size', nowrap: true, numeric: true },
        { label: 'Board size', nowrap: true, numeric: true },
        { label: 'Fits' },
      ]}
      rows={sizes.map((row) => ({
        key: row.era,
        header: (
          <>
            {row.era}
            {row.note ? <span className="block font-normal text-slate-600">{row.note}</span> : null}
          </>
        ),
        cells: [row.bag, row.board, row.fits],
      }))}
    />
  )
}
