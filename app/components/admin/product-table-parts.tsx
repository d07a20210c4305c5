import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'

// Pieces the Products, Reviews and Link health tabs share (products-tab.tsx, reviews-tab.tsx, link-health-tab.tsx):
// a tab's heading with its count, and with its filters (FilterSelect, filter-field.tsx).

/** The tab's heading and, beside it, how many rows match. */
export function CountHeading({ id, title, count }: { id: string; title: string; count: number }) {
  return (
    <div className="flex items-center gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-sm font-semibold text-white">
        {count.toLocaleString('en-US')}
      </span>
    </div>
  )
}

/** A tab's heading with its count and, beside it, its filters: a GET form that a Filter button sends. */
export function FilteredHeading({
  id,
  title,
  count,
  children,
}: {
  id: string
  title: string
  count: number
  children: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <CountHeading id={id} title={title} count={count} />
      <Form method="get" className="flex items-end gap-2">
        {children}
        <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
          Filter
        </button>
      </Form>
    </div>
  )
}
