import { DataTable } from '#app/components/data-table.tsx'

/**
 * The size charts (`::sizes-chart`): the sizes guide's bag and board dimensions by era, and (`{variant="all-eras"}`)
 * the FAQ's, which also names the Platinum and Bronze Ages. Both from one set of figures, so they cannot disagree.
 */

/** Bag and board dimensions of the standard comic sizes, width x height, as SPEC §2's chart gives them. */
const comicSizes = {
  current: { bag: '7 x 10.5 in', board: '6.75 x 10.5 in' },
  standard: { bag: '7.125 x 10.5 in', board: '6.875 x 10.5 in' },
  silverAge: { bag: '7.25 x 10.5 in', board: '7 x 10.5 in' },
  goldenAge: { bag: '7.75 x 10.5 in', board: '7.5 x 10.5 in' },
} as const

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

// The FAQ's chart: the same figures, with the Platinum and Bronze Ages named.
const allEras = [
  {
    era: 'Platinum Age (1897-1938)',
    bag: 'No standard size: measure each book',
    board: 'To match the bag',
    note: 'Sizes vary from publisher to publisher; many fit magazine bags (8.5 x 11 in) or treasury bags.',
  },
  { era: 'Golden Age (1938-1956)', ...comicSizes.goldenAge, note: 'The widest standard comics.' },
  { era: 'Silver Age (1956-1970)', ...comicSizes.silverAge, note: 'Slightly wider than today.' },
  {
    era: 'Bronze Age (1970-1985)',
    bag: `${comicSizes.standard.bag} (Standard)`,
    board: comicSizes.standard.board,
    note: 'The Standard size also fits Copper Age books up to about 1990.',
  },
  {
    era: 'Modern Age (about 1990 on)',
    bag: `${comicSizes.current.bag} (Current)`,
    board: comicSizes.current.board,
    note: 'Most new releases; thick issues need the next size up.',
  },
] as const

export function SizesChart({ variant }: { variant: 'by-era' | 'all-eras' }) {
  if (variant === 'all-eras') {
    return (
      <DataTable
        captionId="faq-sizes-caption"
        caption="Bag and board sizes by era, width x height in inches"
        columns={[
          { label: 'Era' },
          { label: 'Bag', numeric: true },
          { label: 'Board', numeric: true },
          { label: 'Notes' },
        ]}
        rows={allEras.map((row) => ({ key: row.era, header: row.era, cells: [row.bag, row.board, row.note] }))}
        narrow
      />
    )
  }
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
