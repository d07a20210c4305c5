import type { MetaFunction } from '@remix-run/node'
import { PageHeader } from '#app/components/info-page.tsx'
import { PAGE_NAMES, type PageSlug } from '#app/content/default-pages.ts'
import type { DocumentView } from '#app/utils/document-view.ts'
import { pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { DocumentBody } from './document-body.tsx'

/** What an information page's loader sends (app/lib/content/info-page.server.ts). */
export interface InfoPageData {
  page: { slug: PageSlug; eyebrow: string | null; title: string; summary: string }
  document: DocumentView
}

/** An information page: its label and title over the owners' text (docs/decisions/052). */
export function InfoDocument({ page, document }: InfoPageData) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12">
      <div className="max-w-3xl">
        <PageHeader eyebrow={page.eyebrow} title={page.title} />
      </div>
      <DocumentBody document={document} />
    </main>
  )
}

/** The page's name in the document title, its summary as the description. */
export const infoPageMeta =
  (slug: PageSlug): MetaFunction<() => Promise<unknown>> =>
  ({ data, matches }) =>
    pageMeta({
      title: `${PAGE_NAMES[slug]} | ${siteNameFrom(matches)}`,
      description: (data as InfoPageData | undefined)?.page.summary ?? '',
    })
