/**
 * Amazon's local stores (decision 044): which one a visitor's click should open, and where in it. A click earns
 * only in a store where our tag counts, so the visitor's store is one the owner is enrolled in (AFFILIATE_TAGS),
 * found from their country, else the default (US) store.
 */

export interface Store {
  /** The marketplace's code in AFFILIATE_TAGS ("UK", not ISO's "GB"). */
  code: string
  host: string
  /** "Amazon.co.uk": what a button opening it says. */
  name: string
}

export const STORES: readonly Store[] = [
  { code: 'US', host: 'www.amazon.com', name: 'Amazon.com' },
  { code: 'UK', host: 'www.amazon.co.uk', name: 'Amazon.co.uk' },
  { code: 'DE', host: 'www.amazon.de', name: 'Amazon.de' },
  { code: 'FR', host: 'www.amazon.fr', name: 'Amazon.fr' },
  { code: 'IT', host: 'www.amazon.it', name: 'Amazon.it' },
  { code: 'ES', host: 'www.amazon.es', name: 'Amazon.es' },
  { code: 'CA', host: 'www.amazon.ca', name: 'Amazon.ca' },
  { code: 'JP', host: 'www.amazon.co.jp', name: 'Amazon.co.jp' },
  { code: 'AU', host: 'www.amazon.com.au', name: 'Amazon.com.au' },
  { code: 'MX', host: 'www.amazon.com.mx', name: 'Amazon.com.mx' },
  { code: 'NL', host: 'www.amazon.nl', name: 'Amazon.nl' },
  { code: 'IN', host: 'www.amazon.in', name: 'Amazon.in' },
]

export const DEFAULT_STORE = 'US'

/** Countries (ISO 3166-1) whose nearest store has another code, or that have none of their own. */
const COUNTRY_STORE: Record<string, string> = { GB: 'UK', IE: 'UK', AT: 'DE', CH: 'DE', LU: 'DE', BE: 'FR' }

/** The store a country buys from, by its ISO code (any case); null when none is known for it. */
export function storeOfCountry(country: string): string | null {
  const upper = country.trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(upper)) return null
  const code = COUNTRY_STORE[upper] ?? upper
  return STORES.some((store) => store.code === code) ? code : null
}

/**
 * The enrolled stores and their tags from AFFILIATE_TAGS ("US:<tag>-20,UK:<tag>-21"), with the US
 * store's tag from AFFILIATE_TAG unless listed. An entry without a tag, with an unknown code or a malformed tag
 * is left out: that marketplace gets the default store, never an error. The default store is always there, as
 * every click without a store of its own lands in it; its tag is null when none is set (docs/decisions/076).
 */
export function parseAffiliateTags(
  list: string | undefined,
  defaultTag: string | undefined,
): Map<string, string | null> {
  const tags = new Map<string, string | null>([[DEFAULT_STORE, defaultTag ?? null]])
  for (const entry of (list ?? '').split(',')) {
    const [code = '', tag = ''] = entry.split(':').map((part) => part.trim())
    const store = storeOfCountry(code)
    if (store && /^[A-Za-z0-9-]{1,64}$/.test(tag)) tags.set(store, tag)
  }
  return tags
}

/** The regions of an Accept-Language header, most preferred first ("en-GB,en;q=0.8,de-AT;q=0.5" → GB, AT). */
export function languageRegions(header: string | null): string[] {
  if (!header) return []
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';')
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      )
      return { region: /^[a-z]{2,3}-([a-z]{2})$/i.exec(range.trim())?.[1], q: Number.isFinite(q) ? q : 0, index }
    })
    .filter((entry): entry is { region: string; q: number; index: number } => !!entry.region && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.region)
}

/**
 * The visitor's store, among those enrolled: their own choice (the chooser's cookie), else the country a trusted
 * proxy named, else the first region of their languages with an enrolled store, else the default.
 */
export function chooseStore(
  enrolled: ReadonlyMap<string, string | null>,
  sources: { chosen: string | null; proxyCountry: string | null; acceptLanguage: string | null },
): string {
  const enrolledStore = (country: string | null) => {
    const store = country ? storeOfCountry(country) : null
    return store && enrolled.has(store) ? store : null
  }
  if (sources.chosen !== null) return enrolledStore(sources.chosen) ?? DEFAULT_STORE
  const proxied = enrolledStore(sources.proxyCountry)
  if (proxied) return proxied
  for (const region of languageRegions(sources.acceptLanguage)) {
    const store = enrolledStore(region)
    if (store) return store
  }
  return DEFAULT_STORE
}

/**
 * The visitor's country for the click's record (docs/decisions/046), from the same sources as their store, in the
 * same order: the trusted proxy's country, else the region of their languages that chose an enrolled store, else
 * their most preferred region; null when none names a real country (Cloudflare's "XX" is "unknown").
 */
export function visitorCountry(
  enrolled: ReadonlyMap<string, string | null>,
  sources: { proxyCountry: string | null; acceptLanguage: string | null },
): string | null {
  const proxied = isoCountry(sources.proxyCountry)
  if (proxied) return proxied
  const regions = languageRegions(sources.acceptLanguage)
    .map(isoCountry)
    .filter((region) => region !== null)
  const used = regions.find((region) => {
    const store = storeOfCountry(region)
    return store !== null && enrolled.has(store)
  })
  return used ?? regions[0] ?? null
}

/** An ISO 3166-1 alpha-2 code in capitals, or null; the user-assigned codes (AA, QM–QZ, XA–XZ, ZZ) are no country. */
function isoCountry(value: string | null): string | null {
  const upper = value?.trim().toUpperCase() ?? ''
  return /^[A-Z]{2}$/.test(upper) && !/^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(upper) ? upper : null
}

/** A store by its code; the default store for a code not in the table. */
export function storeByCode(code: string): Store {
  return STORES.find((candidate) => candidate.code === code) ?? STORES[0]!
}

/** A store's page for a product the refresh learned it sells (docs/decisions/045). */
export function storeProductUrl(storeCode: string, asin: string): URL {
  return new URL(`https://${storeByCode(storeCode).host}/dp/${encodeURIComponent(asin)}`)
}

/** A store's search for a product it may not sell under this ASIN: its brand and title. */
export function storeSearchUrl(storeCode: string, product: { brand: string | null; title: string }): URL {
  const url = new URL(`https://${storeByCode(storeCode).host}/s`)
  url.searchParams.set('k', [product.brand, product.title].filter(Boolean).join(' ').slice(0, 200))
  return url
}
