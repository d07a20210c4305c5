// Where the media picker may send the browser back to: a page of the admin panel on this site, never
// another origin (no open redirect).

const BASE = 'http://return-to.invalid'

/** The path (with its query) when `value` is a same-site /admin path; null otherwise. */
export function safeAdminPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/admin') || value.startsWith('//') || value.includes('\\')) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/'))) return null
  return `${url.pathname}${url.search}`
}

/** The path with the chosen images as repeated `images` parameters, replacing any it had. */
export function withImages(path: string, urls: readonly string[]): string {
  const url = new URL(path, BASE)
  url.searchParams.delete('images')
  for (const image of urls) url.searchParams.append('images', image)
  return `${url.pathname}${url.search}`
}
