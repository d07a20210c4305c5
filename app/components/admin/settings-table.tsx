import type { ReactNode } from 'react'

// The parts the settings page's two tables (users, audit log) share.

export const cellClass = 'px-3 py-2 align-top'
export const selectClass = 'rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm'
export const smallButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100'

/** A table that scrolls sideways on a narrow screen: its caption (for screen readers), headers and rows. */
export function SettingsTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string
  columns: readonly string[]
  className: string
  children: ReactNode
}) {
  return (
    <div className={`overflow-x-auto ${className}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={cellClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
