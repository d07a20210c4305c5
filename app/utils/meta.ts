import type { MetaDescriptor, MetaFunction } from '@remix-run/node'

interface MatchWithData {
  id: string
  data: unknown
}

/** The site name, from the root loader's data, for page titles. */
export function siteNameFrom(matches: MatchWithData[]): string {
  const root = matches.find((match) => match.id === 'root')?.data as { siteName?: string } | undefined
  return root?.siteName ?? 'Comic Vault Supplies'
}

/** The meta of a page that answers "not found" (a 404 inside the shared layout): its title and a description. */
export function notFoundMeta(title: string, siteName: string): MetaDescriptor[] {
  return [
    { title },
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
