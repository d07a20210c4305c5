import { type LinkProps } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'

// Building blocks of the static information pages (about, disclosure, contact and the three guides), so they
// share one look: a page header, titled sections with anchors, and underlined text links.

export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mt-4 space-y-4 text-lg leading-8 text-slate-600">{children}</div> : null}
    </header>
  )
}

/** A section with an h2 and an id, so other pages can link straight to it (`/disclosure#pricing`). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-12">
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-slate-700">{children}</div>
    </section>
  )
}

export const textLinkClass =
  'font-medium text-brand-700 underline decoration-brand-500 underline-offset-2 hover:text-slate-900 hover:decoration-slate-900'

export function TextLink({ className = '', ...props }: LinkProps) {
  return <Link {...props} className={`${textLinkClass} ${className}`} />
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

/**
 * Lets a wide table scroll sideways on a phone instead of widening the page. The scrolling box is focusable
 * and named, so keyboard users can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function TableScroller({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: a scrolling region must take focus
    <div role="region" aria-labelledby={labelledBy} tabIndex={0} className="mt-4 overflow-x-auto">
      {children}
    </div>
  )
}
