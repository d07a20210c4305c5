import type { MetaDescriptor } from '@remix-run/node'

interface MatchWithData {
  id: string
  data: unknown
}

/** The site name, from the root loader's data, for page titles. */
export function siteNameFrom(matches: MatchWithData[]): string {
  const root = matches.find((match) => match.id === 'root')?.data as { siteName?: string } | undefined
  return root?.siteName ?? 'Comic Vault Supplies'
}

/** Title, description, canonical link and the Open Graph equivalents, in one list. */
export function pageMeta({
  title,
  description,
  canonical,
  image,
  type = 'website',
}: {
  title: string
  description: string
  canonical?: string
  image?: string | null
  type?: string
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
  ]
}
