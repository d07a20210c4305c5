import type { Invalidation } from './page-tags.ts'
import { purgeKeys } from './surrogate-keys.ts'

/**
 * Hard-purges, in every shared cache (HTTP_CACHE_PURGE_URLS: Varnish with xkey, docs/decisions/054), the pages
 * a write touched. All caches at once; each attempt has a short timeout and a failed one is tried again once,
 * so a cache that is down costs a write at most `attempts × timeoutMs`. Never fails: the write has committed,
 * and a page the purge missed still expires within its s-maxage (and never past its deadline).
 */

export interface PurgerOptions {
  urls: readonly string[]
  timeoutMs?: number
  attempts?: number
  /** Told of a cache every attempt failed on. */
  onFailure?: (failure: { url: string; keys: string; error: unknown }) => void
}

export function createPurger({ urls, timeoutMs = 500, attempts = 2, onFailure = () => {} }: PurgerOptions) {
  async function purgeOne(url: string, keys: string): Promise<void> {
    let error: unknown
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'PURGE',
          headers: { 'xkey-purge': keys },
          signal: AbortSignal.timeout(timeoutMs),
        })
        await response.arrayBuffer()
        if (response.ok) return
        error = new Error(`${url} answered ${response.status} ${response.statusText}`)
      } catch (failure) {
        error = failure
      }
    }
    onFailure({ url, keys, error })
  }

  return async function purge(invalidation: Invalidation): Promise<void> {
    if (urls.length === 0) return
    const keys = purgeKeys(invalidation)
    await Promise.all(urls.map((url) => purgeOne(url, keys).catch((error: unknown) => onFailure({ url, keys, error }))))
  }
}
