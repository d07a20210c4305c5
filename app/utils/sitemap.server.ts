import { PAGE_SLUGS } from '#app/content/default-pages.ts'

// Sitemaps per sitemaps.org: an index at /sitemap.xml and files of at most 50,000 URLs under /sitemaps/.

export const PRODUCTS_PER_SITEMAP = 40_000

/** The pages that are not rows of the catalogue: home, the information pages, the fit finder and the guides' list. */
export const STATIC_PATHS = ['/', ...PAGE_SLUGS.map((slug) => `/${slug}`), '/fit', '/guides']

/** Text as XML 1.0 character data: markup escaped, and the control characters XML cannot hold at all dropped. */
export const escapeXml = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!)

export function urlSet(entries: { loc: string; lastmod?: Date }[]): string {
  const urls = entries
    .map(
      (entry) =>
        `<url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`
}

export function sitemapIndex(locations: string[]): string {
  const maps = locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${maps}</sitemapindex>\n`
}

/** A sitemap (or, with its type, a feed): public, held for an hour. */
export function xmlResponse(body: string, contentType = 'application/xml; charset=utf-8'): Response {
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=3600' } })
}
