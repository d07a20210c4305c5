import type { MetaDescriptor } from '@remix-run/node'

const FALLBACK_SITE_NAME = 'Comic Vault Supplies'

/** A page's title ("About | Comic Vault Supplies", with the configured site name) and its description. */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; data: unknown }>,
  title: string,
  description: string,
): MetaDescriptor[] {
  const root = matches.find((match) => match.id === 'root')?.data as { siteName?: string } | undefined
  return [
    { title: `${title} | ${root?.siteName ?? FALLBACK_SITE_NAME}` },
    { name: 'description', content: description },
  ]
}
