import { data } from '@remix-run/node'
import type { InfoPageData } from '#app/components/document/info-document.tsx'
import { defaultPages, type PageSlug } from '#app/content/default-pages.ts'
import { publishedPage } from '#app/lib/kept-reads.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'
import { documentView } from './document-view.server.ts'

/**
 * An information page's loader (docs/decisions/052): the owners' saved text, or the default until they first save
 * one, with its embeds read now and the cache lifetime its prices allow.
 */
export async function loadInfoPage(slug: PageSlug, request: Request) {
  const page = (await publishedPage(slug)) ?? defaultPages[slug]
  const { view, headers } = await documentView(db, page.body, { params: requestUrl(request).searchParams })
  const info: InfoPageData = {
    page: { slug, eyebrow: page.eyebrow, title: page.title, summary: page.summary },
    document: view,
  }
  return data(info, { headers })
}
