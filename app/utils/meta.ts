import type { MetaDescriptor, MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'

interface MatchWithData {
  id: string
  data: unknown
}

/** The site name, from the root loader's data, for page titles. */
export function siteNameFrom(matches: MatchWithData[]): string {
  const root = matches.find((match) => match.id === 'root')?.data as { siteName?: string } | undefined
  return root?.siteName ?? 'Comic Vault Supplies'
}

/** A page's document title: what the page is, then the site (a sentence's full stop dropped). */
export const documentTitle = (page: string, siteName: string) => `${page.replace(/\.$/, '')} | ${siteName}`

const errorTitles: Record<number, string> = { 403: 'Not allowed', 404: 'Page not found', 503: 'We’ll be right back' }

/** What an error page is about, in a few words: its heading, and its document title before the site's name. */
export const errorTitle = (status: number) => errorTitles[status] ?? 'Something went wrong'

/** The status of what a route threw: a response's own, else a 500. */
export const errorStatus = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500)

/**
 * The meta of a page that answers "not found" (a 404 inside the shared layout): its title and a description. When
 * the page failed otherwise (the database away: 503), the error's own title instead of "not found".
 */
export function notFoundMeta(
  title: string,
  { error, matches }: { error?: unknown; matches: MatchWithData[] },
): MetaDescriptor[] {
  const siteName = siteNameFrom(matches)
  const status = error ? errorStatus(error) : 404
  return [
    { title: documentTitle(status === 404 ? title : errorTitle(status), siteName) },
    {
      name: 'description',
      content: `This page is not on ${siteName}. Search for comic bags, boards, sleeves and boxes, or browse them by category from the home page.`,
    },
  ]
}

/** Title, description, canonical link and the Open Graph equivalents, in one list; an article's dates too. */
export function pageMeta({
  title,
  description,
  canonical,
  image,
  type = 'website',
  article,
}: {
  title: string
  description: string
  canonical?: string
  image?: string | null
  type?: string
  /** ISO 8601 times, for `type: 'article'`. */
  article?: { publishedTime: string; modifiedTime: string }
}): MetaDescriptor[] {
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    ...(canonical
      ? [
          { tagName: 'link', rel: 'canonical', href: canonical },
          { property: 'og:url', content: canonical },
        ]
      : []),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    ...(article
      ? [
          { property: 'article:published_time', content: article.publishedTime },
          { property: 'article:modified_time', content: article.modifiedTime },
        ]
      : []),
  ]
}

/** The guides' Atom feed, announced by /guides and every guide (a `links` export). */
export const guidesFeedLink = {
  rel: 'alternate',
  type: 'application/atom+xml',
  title: 'Guides',
  href: '/guides/feed.xml',
} as const

/** The meta of a page whose text is fixed (the information pages): "Title | Site name" and its description. */
export function staticPageMeta(title: string, description: string): MetaFunction {
  return ({ matches }) => pageMeta({ title: `${title} | ${siteNameFrom(matches)}`, description })
}
