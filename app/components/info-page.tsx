import { type LinkProps } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'

// Pieces the information pages share (their text is Markdown, docs/decisions/052), so they look as one: the
// page header, the "On this page" list, and underlined text links. Their tables are in data-table.tsx.

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

export const textLinkClass =
  'font-medium text-brand-700 underline decoration-brand-500 underline-offset-2 hover:text-slate-900 hover:decoration-slate-900'

export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link {...props} className={`${textLinkClass} ${className}`} />
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
