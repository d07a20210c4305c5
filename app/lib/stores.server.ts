import { createCookie } from '@remix-run/node'
import { chooseStore, DEFAULT_STORE, storeByCode, STORES, visitorCountry } from '#app/utils/stores.ts'
import { amazonSettings } from './amazon-settings.server.ts'
import { getEnv } from './env.server.ts'

/** The visitor's own choice of store (the footer's chooser): a store code, or absent for "automatic". */
export const storeCookie = createCookie('store', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
})

/**
 * The stores the owner is enrolled in, with their tags as set in the environment or the panel (docs/decisions/078),
 * and the default store, untagged (null) when no tag is set for it.
 */
export async function enrolledStores(): Promise<ReadonlyMap<string, string | null>> {
  const { tags } = await amazonSettings()
  return new Map([...tags].map(([store, tag]) => [store, tag.value]))
}

/**
 * The store this request's click should open, and its tag (decision 044); and the visitor's country as the same
 * sources give it, for the click's record (docs/decisions/046), null when unknown.
 */
export async function visitorStore(
  request: Request,
): Promise<{ store: string; tag: string | null; country: string | null }> {
  const env = getEnv()
  const stores = await enrolledStores()
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
  return { store, tag: stores.get(store) ?? null, country: visitorCountry(stores, sources) }
}

/**
 * What GET /store tells this visitor's own browser (decision 045): the store their clicks open, and whether they
 * chose it in the footer rather than it being found from their country.
 */
export async function visitorStoreAnswer(request: Request): Promise<{ code: string; name: string; chosen: boolean }> {
  const [{ store }, chosen] = await Promise.all([
    visitorStore(request),
    storeCookie.parse(request.headers.get('Cookie')) as Promise<unknown>,
  ])
  return { code: store, name: storeByCode(store).name, chosen: chosen === store }
}

/** The default store's tag, which stored affiliate URLs carry; null when none is set. */
export async function defaultStoreTag(): Promise<string | null> {
  return (await enrolledStores()).get(DEFAULT_STORE) ?? null
}

/** Whether any store has a tag: without one, no click earns anything (the panel's banner says so). */
export async function hasAffiliateTag(): Promise<boolean> {
  return [...(await enrolledStores()).values()].some((tag) => tag !== null)
}

/** The enrolled stores, for the footer's chooser, in the store table's order. */
export async function storeChoices(): Promise<Array<{ code: string; name: string }>> {
  const stores = await enrolledStores()
  return STORES.filter((store) => stores.has(store.code)).map(({ code, name }) => ({ code, name }))
}
