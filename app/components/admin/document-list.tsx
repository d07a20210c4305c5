import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'
import { AdminTable } from './admin-table.tsx'

// The lists of /admin/guides and /admin/pages (docs/decisions/052): each row links to its editor.

interface GuideListRow {
  id: number
  title: string
  slug: string
  status: 'draft' | 'scheduled' | 'published'
  /** When it went live or goes live, for people; null for a draft. */
  publishing: string | null
  updatedAt: string
}

interface PageListRow {
  slug: string
  title: string
  /** When an owner last saved it; null while it shows its default text. */
  savedAt: string | null
}

const BADGE = {
  draft: 'border-slate-400 bg-slate-100 text-slate-800',
  scheduled: 'border-amber-600 bg-amber-50 text-amber-900',
  published: 'border-green-700 bg-green-50 text-green-900',
} as const

const STATUS_LABEL = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const

/** A guide's status in words, boxed (the word, not the colour, says it). */
export function StatusBadge({ status }: { status: GuideListRow['status'] }) {
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold ${BADGE[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  )
}

export function GuideList({ guides, filtered }: { guides: GuideListRow[]; filtered: boolean }) {
  if (guides.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
        {filtered ? 'No guides match.' : 'No guides yet.'}
      </p>
    )
  }
  return (
    <AdminTable
      caption={`${guides.length} ${guides.length === 1 ? 'guide' : 'guides'}, last updated first.`}
      headings={['Title', 'Status', 'Goes live', 'Last updated']}
    >
      {guides.map((guide) => (
        <tr key={guide.id}>
          <TitleCell to={`/admin/guides/${guide.id}`} title={guide.title}>
            <span className="block font-mono text-xs font-normal text-slate-600">/guides/{guide.slug}</span>
          </TitleCell>
          <td className="px-4 py-3">
            <StatusBadge status={guide.status} />
          </td>
          <td className="px-4 py-3 text-slate-700">
            {guide.publishing
              ? `${guide.status === 'scheduled' ? 'Scheduled for' : 'Published'} ${guide.publishing}`
              : '—'}
          </td>
          <td className="px-4 py-3 text-slate-700">{guide.updatedAt}</td>
        </tr>
      ))}
    </AdminTable>
  )
}

export function PageList({ pages }: { pages: PageListRow[] }) {
  return (
    <AdminTable caption="The information pages, each at its own address." headings={['Title', 'Address', 'Last saved']}>
      {pages.map((page) => (
        <tr key={page.slug}>
          <TitleCell to={`/admin/pages/${page.slug}`} title={page.title} />
          <td className="px-4 py-3 font-mono text-slate-700">
            <a href={`/${page.slug}`} className="underline">
              /{page.slug}
              <span className="sr-only"> (public page)</span>
            </a>
          </td>
          <td className="px-4 py-3 text-slate-700">{page.savedAt ?? 'Default text'}</td>
        </tr>
      ))}
    </AdminTable>
  )
}

/** A row's heading cell: the document's title, linked to its editor, and what `children` add under it. */
function TitleCell({ to, title, children }: { to: string; title: string; children?: ReactNode }) {
  return (
    <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
      <Link to={to} className="underline">
        {title}
      </Link>
      {children}
    </th>
  )
}
