import { getEnv } from '#app/lib/env.server.ts'
import { listGuidesForSitemap } from '#app/models/document.server.ts'
import { atomFeed } from '#app/utils/atom.server.ts'
import { xmlResponse } from '#app/utils/sitemap.server.ts'
import { db } from '#db/client.ts'

// /guides/feed.xml: the 20 newest published guides a search engine may index, as Atom, held as long as a sitemap.

const ENTRIES = 20

export async function loader() {
  const { SITE_NAME: siteName, SITE_URL: site } = getEnv()
  const guides = await listGuidesForSitemap(db, ENTRIES)
  // Tag URIs (RFC 4151) by row id: a guide keeps its entry when its slug changes.
  const host = new URL(site).hostname
  const feed = atomFeed({
    id: `tag:${host},2026:guides`,
    title: `${siteName} Guides`,
    subtitle: 'How to store and protect comics, with the supplies we would choose.',
    self: `${site}/guides/feed.xml`,
    alternate: `${site}/guides`,
    author: { name: siteName, uri: `${site}/` },
    entries: guides.map((guide) => ({
      id: `tag:${host},2026:guide-${guide.id}`,
      title: guide.title,
      url: `${site}/guides/${guide.slug}`,
      summary: guide.summary,
      published: guide.published_at!,
      updated: guide.modified_at,
    })),
  })
  return xmlResponse(feed, 'application/atom+xml; charset=utf-8')
}
