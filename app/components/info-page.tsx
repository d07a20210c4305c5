import { type LinkProps } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'

// Building blocks of the static information pages (about, disclosure, contact and the three guides), so they
// share one look: a page header, titled sections with anchors, tables, and underlined text links.

/**
 * Bag and board dimensions of the standard comic sizes, width x height, as the sizes guide's chart gives them
 * (SPEC §2); the FAQ and the starter kits quote the same figures from here, so the pages cannot disagree. Kept
 * in this module, which those pages load anyway, rather than in a chunk of its own.
 */
export const comicSizes = {
  current: { bag: '7 x 10.5 in', board: '6.75 x 10.5 in' },
  standard: { bag: '7.125 x 10.5 in', board: '6.875 x 10.5 in' },
  silverAge: { bag: '7.25 x 10.5 in', board: '7 x 10.5 in' },
  goldenAge: { bag: '7.75 x 10.5 in', board: '7.5 x 10.5 in' },
} as const

export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string | null
  title: string
  children?: ReactNode
}) {
  return (
    <header>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mt-4 space-y-4 text-lg leading-8 text-slate-600">{children}</div> : null}
    </header>
  )
}

/**
 * The frame of an information page: its <main> and header, with the page's introduction under the title and,
 * for a long page, its `contents` ("On this page"). A `wide` page (tables, cards) uses the full width, keeping
 * the header at reading width.
 */
export function InfoPage({
  eyebrow,
  title,
  intro,
  contents,
  wide = false,
  children,
}: {
  eyebrow: string
  title: string
  intro: ReactNode
  contents?: ReadonlyArray<{ id: string; label: string }>
  wide?: boolean
  children: ReactNode
}) {
  const header = (
    <PageHeader eyebrow={eyebrow} title={title}>
      {intro}
    </PageHeader>
  )
  return (
    <main className={wide ? 'mx-auto max-w-7xl px-4 py-12' : 'mx-auto max-w-3xl px-4 py-12'}>
      {wide ? <div className="max-w-3xl">{header}</div> : header}
      {contents ? <PageContents items={contents} /> : null}
      {children}
    </main>
  )
}

function TitledSection({
  id,
  headingId,
  title,
  children,
}: {
  id?: string
  headingId: string
  title: string
  children: ReactNode
}) {
  return (
    <section id={id} aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A section with an h2 and an id, so other pages can link straight to it (`/disclosure#pricing`). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} headingId={`${id}-heading`} title={title}>
      <div className="mt-4 space-y-4 leading-7 text-slate-700">{children}</div>
    </TitledSection>
  )
}

/** A section of a wide page that spans its full width (a table): named by its heading, not linked to. */
export function WideSection({ headingId, title, children }: { headingId: string; title: string; children: ReactNode }) {
  return (
    <TitledSection headingId={headingId} title={title}>
      {children}
    </TitledSection>
  )
}

/**
 * The labels of a page's sections, shown both in its "On this page" list and as the sections' headings, so the
 * two always agree: `const title = sectionTitles(sections)`, then `<Section id="prices" title={title('prices')}>`.
 */
export function sectionTitles<const Id extends string>(sections: ReadonlyArray<{ id: Id; label: string }>) {
  return (id: Id): string => sections.find((section) => section.id === id)!.label
}

export const textLinkClass =
  'font-medium text-brand-700 underline decoration-brand-500 underline-offset-2 hover:text-slate-900 hover:decoration-slate-900'

export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link {...props} className={`${textLinkClass} ${className}`} />
}

/** Words in running text that carry the point of a sentence or list item (a term, a rule, a name). */
export function Strong({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900">{children}</strong>
}

export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">{children}</ul>
}

/** "On this page" links to the sections of a long page. */
export function PageContents({ items }: { items: ReadonlyArray<{ id: string; label: string }> }) {
  return (
    <nav aria-labelledby="page-contents" className="mt-8 rounded-lg border border-slate-200 bg-white p-4">
      <p id="page-contents" className="text-sm font-semibold text-slate-900">
        On this page
      </p>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className={textLinkClass}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A titled part of a card (a sleeve, a kit): an h3 under the card's h2. */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h3 className="mt-6 font-semibold text-slate-900">{children}</h3>
}

/** A titled paragraph of a card, such as who a kit suits. */
export function CardParagraph({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <CardHeading>{title}</CardHeading>
      <p className="mt-2 leading-7 text-slate-700">{children}</p>
    </>
  )
}

/**
 * Lets a wide table scroll sideways on a phone instead of widening the page. The scrolling box is focusable
 * and named, so keyboard users can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableScroller({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: a scrolling region must take focus
      tabIndex={0}
      // Chromium scrolls a focused link into view only when none of it shows: a link cut by the box's edge (a sort
      // link of a column past a phone's width) would stay half hidden, its ring too.
      onFocus={(event) => {
        if (event.target !== event.currentTarget) event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      }}
      className="mt-4 overflow-x-auto"
    >
      {children}
    </div>
  )
}

/** A column of a DataTable; the first one heads the rows. `numeric` figures line up; `nowrap` keeps a cell on one line. */
export type TableColumn = { label: string; key?: string; numeric?: boolean; nowrap?: boolean }

/** A row of a DataTable: its heading (the first column) and one cell for each further column. */
export type TableRow = { key: string; header: ReactNode; cells: ReadonlyArray<ReactNode> }

// How a table looks: `chart`, figures in a white box under a visible caption; `matrix`, a feature-by-feature
// comparison of short values in a white box, its caption for screen readers (the section's heading shows);
// `inline`, a table set in running text, without a box, its caption a bold title.
const tableLooks = {
  chart: {
    table: 'border-collapse bg-white text-left text-sm',
    caption: 'pb-2 text-left text-slate-600',
    row: 'border-b border-slate-200 align-top',
    rowHeader: 'p-3 font-semibold text-slate-900',
  },
  matrix: {
    table: 'border-collapse bg-white text-left text-sm',
    caption: 'sr-only',
    row: 'border-b border-slate-200',
    rowHeader: 'p-3 font-medium text-slate-900',
  },
  inline: {
    table: 'border-collapse text-left text-sm',
    caption: 'pb-2 text-left text-base font-semibold text-slate-900',
    row: 'border-b border-slate-200 align-top',
    rowHeader: 'py-3 pr-3 font-semibold text-slate-900',
  },
} as const

/** Padding of a header (`py-2`) or body (`py-3`) cell of an inline table: a gutter on its right but the last. */
function inlinePadding(vertical: 'py-2' | 'py-3', last: boolean): string {
  return last ? vertical : `${vertical} pr-3`
}

function bodyCellClass(look: keyof typeof tableLooks, column: TableColumn, last: boolean): string {
  if (look === 'inline') return inlinePadding('py-3', last)
  return ['p-3', column.nowrap && 'whitespace-nowrap', 'text-slate-700', column.numeric && 'tabular-nums']
    .filter(Boolean)
    .join(' ')
}

/**
 * A table with a caption (which also names its scrolling box, see TableScroller), a header row of columns and
 * one row per item, each headed by its first cell. `narrow` lets it shrink further before it scrolls.
 */
export function DataTable({
  captionId,
  caption,
  columns,
  rows,
  look = 'chart',
  narrow = false,
}: {
  captionId: string
  caption: string
  columns: ReadonlyArray<TableColumn>
  rows: ReadonlyArray<TableRow>
  look?: keyof typeof tableLooks
  narrow?: boolean
}) {
  const style = tableLooks[look]
  const last = columns.length - 1
  return (
    <TableScroller labelledBy={captionId}>
      <table className={`w-full ${narrow ? 'min-w-[34rem]' : 'min-w-[36rem]'} ${style.table}`}>
        <caption id={captionId} className={style.caption}>
          {caption}
        </caption>
        <thead>
          <tr className="border-b-2 border-slate-300">
            {columns.map((column, index) => (
              <th
                key={column.key ?? column.label}
                scope="col"
                className={`${look === 'inline' ? inlinePadding('py-2', index === last) : 'p-3'} font-semibold text-slate-900`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={style.row}>
              <th scope="row" className={style.rowHeader}>
                {row.header}
              </th>
              {row.cells.map((cell, index) => {
                const column = columns[index + 1]!
                return (
                  <td key={column.key ?? column.label} className={bodyCellClass(look, column, index + 1 === last)}>
                    {cell}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  )
}
