// Where a form may send the browser back to (a `redirectTo` field, the media picker's `returnTo`): a path on
// this site, never another origin (no open redirect), written as the URL parser writes it, so that no CR, LF
// or other character a Location header cannot carry gets through (a 500 otherwise; docs/decisions/025).

const BASE = 'http://return-to.invalid'

/** The path (with its query) when `value` is a path on this site; null otherwise. */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null
  }
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  // The parser drops tabs and line breaks first, so "/\n/evil.example" is another host by now; and it resolves dot
  // segments after reading the host, so "/.//evil.example" is here the path "//evil.example", a host to a browser.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null
  return `${url.pathname}${url.search}`
}

/** The path (with its query) when `value` is a same-site /admin path; null otherwise. */
export function safeAdminPath(value: string | null | undefined): string | null {
  const path = sameSitePath(value)
  const pathname = path?.replace(/\?.*$/, '')
  return pathname === '/admin' || pathname?.startsWith('/admin/') ? path : null
}

/** The path with the chosen images as repeated `images` parameters, replacing any it had. */
export function withImages(path: string, urls: readonly string[]): string {
  const url = new URL(path, BASE)
  url.searchParams.delete('images')
  for (const image of urls) url.searchParams.append('images', image)
  return `${url.pathname}${url.search}`
}
