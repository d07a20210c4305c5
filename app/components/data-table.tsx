import type { ReactNode } from 'react'

// Tables of the information pages (the sizes charts) and what lets any wide table scroll on a phone.

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

const cellClass = (column: TableColumn) =>
  ['p-3', column.nowrap && 'whitespace-nowrap', 'text-slate-700', column.numeric && 'tabular-nums']
    .filter(Boolean)
    .join(' ')

/**
 * A table with a caption (which also names its scrolling box, see TableScroller), a header row of columns and
 * one row per item, each headed by its first cell. `narrow` lets it shrink further before it scrolls.
 */
export function DataTable({
  captionId,
  caption,
  columns,
  rows,
  narrow = false,
}: {
  captionId: string
  caption: string
  columns: ReadonlyArray<TableColumn>
  rows: ReadonlyArray<TableRow>
  narrow?: boolean
}) {
  return (
    <TableScroller labelledBy={captionId}>
      <table
        className={`w-full ${narrow ? 'min-w-[34rem]' : 'min-w-[36rem]'} border-collapse bg-white text-left text-sm`}
      >
        <caption id={captionId} className="pb-2 text-left text-slate-600">
          {caption}
        </caption>
        <thead>
          <tr className="border-b-2 border-slate-300">
            {columns.map((column) => (
              <th key={column.key ?? column.label} scope="col" className="p-3 font-semibold text-slate-900">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-200 align-top">
              <th scope="row" className="p-3 font-semibold text-slate-900">
                {row.header}
              </th>
              {row.cells.map((cell, index) => {
                const column = columns[index + 1]!
                return (
                  <td key={column.key ?? column.label} className={cellClass(column)}>
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
