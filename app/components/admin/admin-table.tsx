import type { ReactNode } from 'react'

/** A column's heading: its words, or words for screen readers only (a column of checkboxes or buttons). */
export type Heading = string | { hidden: string }

/**
 * The panel's table frame (products, reviews, media, users, audit log): scrolls sideways on a narrow screen;
 * `caption` names it for screen readers. A table of numbers alone has nothing to focus, so `numbersOnly` makes
 * the frame itself a stop, named by the caption, for a keyboard to scroll it.
 */
export function AdminTable({
  caption,
  headings,
  className = '',
  numbersOnly = false,
  children,
}: {
  caption: string
  headings: readonly Heading[]
  className?: string
  numbersOnly?: boolean
  children: ReactNode
}) {
  const stop = numbersOnly ? { tabIndex: 0, role: 'group', 'aria-label': caption } : {}
  return (
    <div className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`} {...stop}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left">
          <tr>
            {headings.map((heading) =>
              typeof heading === 'string' ? (
                <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                  {heading}
                </th>
              ) : (
                <th key={heading.hidden} scope="col" className="px-4 py-3">
                  <span className="sr-only">{heading.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  )
}
