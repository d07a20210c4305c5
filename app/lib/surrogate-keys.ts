import { EVERY_PAGE, type Invalidation, type Tags } from './page-tags.ts'

/**
 * The page tags (app/lib/page-tags.ts) as a shared cache's surrogate keys (Varnish's xkey, docs/decisions/054):
 * what a page carries in its `xkey` header, and what a write purges. Every page also carries `all`, which the
 * writes that drop everything purge; a page the tag map does not know carries `untagged`, which every write
 * purges, as every write drops it from our own cache.
 */

export const ALL_PAGES_KEY = 'all'
export const UNTAGGED_KEY = 'untagged'

/** The `xkey` header of a page with these tags: space-separated, as xkey reads it. */
export function pageKeys(tags: Tags): string {
  const keys = tags === EVERY_PAGE ? [UNTAGGED_KEY] : tags.map(asKey)
  return [...keys, ALL_PAGES_KEY].join(' ')
}

/** The `xkey-purge` header that drops, in a shared cache, the pages a write touched. */
export function purgeKeys(invalidation: Invalidation): string {
  if (invalidation === EVERY_PAGE) return ALL_PAGES_KEY
  return [...new Set(invalidation.map(asKey)), UNTAGGED_KEY].join(' ')
}

// A tag from an address (`product:{asin}`, decoded) may hold a space or a comma, which xkey splits on: such a
// tag is percent-encoded, the same way on both sides, so it stays one key (and matches no other).
function asKey(tag: string): string {
  return /^[\w:.-]+$/.test(tag) ? tag : encodeURIComponent(tag)
}
