import { createCookie } from '@remix-run/node'
import { chooseStore, parseAffiliateTags, STORES, visitorCountry } from '#app/utils/stores.ts'
import { getEnv } from './env.server.ts'

/** The visitor's own choice of store (the footer's chooser): a store code, or absent for "automatic". */
export const storeCookie = createCookie('store', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
})

let enrolled: Map<string, string> | undefined

/** The stores the owner is enrolled in, with their tags (AFFILIATE_TAGS over AFFILIATE_TAG). */
export function enrolledStores(): ReadonlyMap<string, string> {
  const env = getEnv()
  enrolled ??= parseAffiliateTags(env.AFFILIATE_TAGS, env.AFFILIATE_TAG)
  return enrolled
}

/**
 * The store this request's click should open, and its tag (decision 044); and the visitor's country as the same
 * sources give it, for the click's record (docs/decisions/046), null when unknown.
 */
export async function visitorStore(request: Request): Promise<{ store: string; tag: string; country: string | null }> {
  const env = getEnv()
  const stores = enrolledStores()
  // A cookie that is not one of ours (forged, or from an older scheme) reads as a choice of no store: the default.
  const chosen: unknown = await storeCookie.parse(request.headers.get('Cookie'))
  const sources = {
    proxyCountry: env.GEO_COUNTRY_HEADER ? request.headers.get(env.GEO_COUNTRY_HEADER) : null,
    acceptLanguage: request.headers.get('Accept-Language'),
  }
  const store = chooseStore(stores, {
    chosen: chosen === null ? null : typeof chosen === 'string' ? chosen : '',
    ...sources,
  })
  return { store, tag: stores.get(store)!, country: visitorCountry(stores, sources) }
}

/** The enrolled stores, for the footer's chooser, in the store table's order. */
export function storeChoices(): Array<{ code: string; name: string }> {
  const stores = enrolledStores()
  return STORES.filter((store) => stores.has(store.code)).map(({ code, name }) => ({ code, name }))
}
