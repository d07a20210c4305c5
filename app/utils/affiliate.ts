import { DEFAULT_STORE, storeProductUrl, storeSearchUrl } from './stores.ts'

/**
 * The outbound URL for a product: its stored affiliate URL with, on Amazon's hosts, our own tag (any
 * other tag replaced, SPEC §5), or no tag at all when none is set, plus the utm parameters of SPEC §9.
 * Anything unusable falls back to the product's plain Amazon page, so a bad stored value can never send a
 * visitor somewhere unexpected.
 */

const AMAZON_HOST = /(^|\.)amazon\.(com|ca|co\.uk|de|fr|it|es|co\.jp|com\.au|com\.mx|com\.br|in|nl|se|pl|sg|ae|sa)$/i

export function isAmazonHost(hostname: string): boolean {
  return AMAZON_HOST.test(hostname)
}

/**
 * Replaces any `tag` on an Amazon URL with ours, or removes it when we have none (someone else's would earn for
 * them, docs/decisions/076); leaves other URLs alone.
 */
export function normaliseAffiliateUrl(url: string, tag: string | null): string {
  const parsed = new URL(url)
  if (isAmazonHost(parsed.hostname)) {
    parsed.searchParams.delete('tag')
    if (tag) parsed.searchParams.set('tag', tag)
  }
  return parsed.toString()
}

/**
 * Where a click goes: in the default store, the product's stored URL (its own page); in another store, the
 * product's page there when the refresh learned that store sells it (decision 045), else that store's search for
 * it (decision 044) — always with that store's tag, when it has one, and our utm parameters.
 */
export function outboundUrl(
  product: {
    asin: string
    affiliate_url: string | null
    brand: string | null
    title: string
    /** The stores known to sell it (products.marketplaces). */
    marketplaces: readonly string[]
  },
  options: { tag: string | null; siteHost: string; store?: string },
): string {
  const store = options.store ?? DEFAULT_STORE
  const url =
    store === DEFAULT_STORE
      ? storedUrl(product)
      : product.marketplaces.includes(store)
        ? storeProductUrl(store, product.asin)
        : storeSearchUrl(store, product)
  const tagged = new URL(normaliseAffiliateUrl(url.toString(), options.tag))
  tagged.searchParams.set('utm_source', options.siteHost)
  tagged.searchParams.set('utm_medium', 'affiliate')
  tagged.searchParams.set('utm_campaign', 'product_page')
  return tagged.toString()
}

function storedUrl(product: { asin: string; affiliate_url: string | null }): URL {
  try {
    const url = new URL(product.affiliate_url ?? '')
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not a web address')
    return url
  } catch {
    return storeProductUrl(DEFAULT_STORE, product.asin)
  }
}
