/** The longest source path a click keeps (the clicks.source_path CHECK). */
export const SOURCE_PATH_MAX = 300

/**
 * The same-site page a click came from (docs/decisions/046): the Referer's path, without query or fragment (they
 * may carry what a visitor typed), when its origin is one of the site's own; null for another site, a missing or
 * malformed header: "external or unknown".
 */
export function sourcePath(referrer: string | null, ownOrigins: readonly string[]): string | null {
  if (!referrer) return null
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return null
  }
  if (!ownOrigins.includes(url.origin)) return null
  return url.pathname.slice(0, SOURCE_PATH_MAX)
}
