import type { KeyboardEvent, ReactNode } from 'react'

// The product edit panel's three sections: with JavaScript they are tabs, one shown at a time; without it,
// titled fieldsets one under the other.

const SECTIONS = [
  { id: 'basic', label: 'Basic' },
  { id: 'content', label: 'Content' },
  { id: 'advanced', label: 'Advanced' },
] as const
export type SectionId = (typeof SECTIONS)[number]['id']

/** A section's fieldset: a tab panel with JavaScript (`tabs`), hidden unless it is the `current` one. */
export function Section({
  id,
  current,
  tabs,
  children,
}: {
  id: SectionId
  current: SectionId
  tabs: boolean
  children: ReactNode
}) {
  const tabPanel = tabs ? { role: 'tabpanel', 'aria-labelledby': `tab-${id}` } : {}
  return (
    <fieldset id={`section-${id}`} hidden={tabs && current !== id} {...tabPanel} className="space-y-4">
      <legend className={tabs ? 'sr-only' : 'mb-2 text-lg font-semibold'}>{SECTION_LABEL[id]}</legend>
      {children}
    </fieldset>
  )
}

const SECTION_LABEL = Object.fromEntries(SECTIONS.map((tab) => [tab.id, tab.label])) as Record<SectionId, string>

/** ARIA tabs: the chosen tab is the one Tab stop; the arrow keys, Home and End choose another and focus it. */
export function SectionTabs({ current, onSelect }: { current: SectionId; onSelect: (id: SectionId) => void }) {
  const choose = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = SECTIONS.findIndex((tab) => tab.id === current)
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: SECTIONS.length - 1 }[event.key]
    if (to === undefined) return
    event.preventDefault()
    const tab = SECTIONS[(to + SECTIONS.length) % SECTIONS.length]!
    onSelect(tab.id)
    document.getElementById(`tab-${tab.id}`)?.focus()
  }
  return (
    <div role="tablist" aria-label="Product sections" className="mt-6 flex gap-1 border-b border-slate-300">
      {SECTIONS.map((tab) => (
        <button
          key={tab.id}
          id={`tab-${tab.id}`}
          type="button"
          role="tab"
          aria-selected={current === tab.id}
          aria-controls={`section-${tab.id}`}
          tabIndex={current === tab.id ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={choose}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
            current === tab.id ? 'border-slate-900 text-slate-900' : 'border-transparent text-slate-600'
          }`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
