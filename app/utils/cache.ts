import type { HeadersFunction } from '@remix-run/node'
import type { DisplayPrice } from './pricing.ts'

/**
 * Public catalogue pages may be held briefly by a CDN (and by the page cache in server.ts) and served
 * stale while they revalidate; they read no session. Nothing may be held past the moment a price on
 * the page turns 24 hours old: loaders say when that is with X-Fresh-Until, and the headers shrink to fit.
 * Browsers keep nothing (max-age=0): the same address shows something else once a visitor signs in or a
 * message waits for them, and a browser would otherwise show its anonymous copy.
 */

const MAX_AGE = 60
const STALE_WHILE_REVALIDATE = 600

/** For a loader's `data(…, { headers })`: when the first current price on the page stops being current. */
export function freshUntilHeaders(prices: DisplayPrice[]): Record<string, string> {
  const until = prices.reduce<number>(
    (earliest, price) => (price.current ? Math.min(earliest, price.validUntil.getTime()) : earliest),
    Infinity,
  )
  return Number.isFinite(until) ? { 'X-Fresh-Until': new Date(until).toUTCString() } : {}
}

export function publicCacheControl(freshUntil: number | null, now = Date.now()): string {
  if (freshUntil === null)
    return `public, max-age=0, s-maxage=${MAX_AGE}, stale-while-revalidate=${STALE_WHILE_REVALIDATE}`
  const left = Math.max(0, Math.floor((freshUntil - now) / 1000))
  const maxAge = Math.min(MAX_AGE, left)
  const swr = Math.min(STALE_WHILE_REVALIDATE, left - maxAge)
  return `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${swr}`
}

export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  if (errorHeaders) return { 'Cache-Control': 'no-store' }
  const freshUntil = loaderHeaders.get('X-Fresh-Until')
  const until = freshUntil ? Date.parse(freshUntil) : NaN
  return {
    'Cache-Control': publicCacheControl(Number.isFinite(until) ? until : null),
    ...(freshUntil ? { 'X-Fresh-Until': freshUntil } : {}),
  }
}

// Cookies that make a page someone's own: a signed-in reviewer or panel user, or a message waiting for them.
export const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?cv_(?:session|reviewer|toast)=/

/** Whatever the route says, a response to a request that carries a personal cookie is for that browser only. */
export function keepPersonalResponsesPrivate(request: Request, headers: Headers): void {
  if (PERSONAL_COOKIE.test(request.headers.get('cookie') ?? '')) headers.set('Cache-Control', 'private, no-store')
}

/** For pages that answer one visitor's link (confirm, unsubscribe): never stored by a browser or a CDN. */
export const noStoreHeaders: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })
