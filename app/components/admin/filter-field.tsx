import type { ReactNode } from 'react'

/** One field of a panel GET filter, labelled above: a plain control, since a filter has nothing to refuse. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  )
}
