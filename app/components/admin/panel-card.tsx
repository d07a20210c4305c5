import type { ReactNode } from 'react'

/** A card of a panel page: a section named by its heading. `className` (padding, spacing) adds to the card's own. */
export function PanelCard({
  id,
  title,
  className = 'p-5',
  children,
}: {
  /** The heading's id. */
  id: string
  title: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white ${className}`}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
