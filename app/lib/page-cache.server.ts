import type { NextFunction, Request, Response } from 'express'
import { withoutNul } from '#app/schemas/params.ts'
import { metrics } from './metrics/registry.server.ts'
import { onPageDrops } from './page-drops.server.ts'
import { EVERY_PAGE, pageTags, type Invalidation, type Tags } from './page-tags.ts'
import { routeAddress } from './route-address.server.ts'

/**
 * A rendered-page cache for anonymous GETs, in front of Remix (DESIGN.md §8). A response is kept when
 * its route declared it public (Cache-Control: public), it is a 200 and it sets no cookie; a request
 * that carries any cookie is never served from here (someone signed in, or a flash message waiting).
 * An entry dies when a write touches what it shows (its tags, app/lib/page-tags.ts, docs/decisions/030),
 * after `ttlMs`, or at the moment a price on the page turns 24 hours old (the route's X-Fresh-Until
 * header), whichever comes first.
 *
 * A hit replays the body and its Content-Security-Policy as they were rendered: the policy allows the page's
 * inline scripts by their hashes, so the pair suits any visitor (docs/decisions/053).
 *
 * A page is kept from its second request on (`minUses`, as nginx's `proxy_cache_min_uses`; docs/decisions/033):
 * the addresses asked for once lately are remembered, not their pages, so a crawler or a shopper trying filter
 * combinations, whose addresses mostly come once, does not fill the cache with pages nobody asks for again,
 * which cost every render a fifth more CPU and doubled its p99 (docs/performance-log/2026-11-25.md). A page
 * dropped by a write is kept again at its next request: its address was seen.
 *
 * Single flight (docs/decisions/027): while a miss is being rendered, other requests for the same key
 * wait for that render and are answered from it, so a popular page that was just dropped costs one
 * render, not one per visitor. A render that turns out not cacheable, fails, or takes longer than
 * `waitMs` sends the waiters on to render for themselves; so does a write that touches the page while it
 * renders (the render may have read the data from before the write), and that render is not kept.
 */

interface Entry {
  headers: Record<string, string>
  body: Buffer
  tags: Tags
  expiresAt: number
  /** The tag versions its render read first (shared-cache-headers.server.ts), which its hits are judged by. */
  versions: unknown
}

/**
 * Where a response carries the tag versions its render read (app/lib/shared-cache-headers.server.ts): kept with
 * the entry, and put back on each hit, so a hit is judged by the render it came from.
 */
export const RENDER_VERSIONS = 'renderTagVersions'

// x-search-results: what a search found, which its recording reads on a hit too (search-recording.server.ts).
const REPLAYED_HEADERS = [
  'content-type',
  'cache-control',
  'vary',
  'x-fresh-until',
  'content-security-policy',
  'x-search-results',
]

/** A render in progress for one key: the entry it stored, or null when it stored none. */
interface Flight {
  tags: Tags
  result: Promise<Entry | null>
  /** Set when a write touched the page mid-render: nothing it renders may be kept or answer anyone else. */
  spoiled: boolean
  /** Sends those waiting on to render for themselves. */
  release: () => void
}

export interface PageCacheOptions {
  ttlMs?: number
  maxEntries?: number
  maxEntryBytes?: number
  /** How long a request waits for another's render of the same page before rendering itself. */
  waitMs?: number
  /** The request, counted within the last `maxEntries * 4` addresses asked for, from which a page is kept. */
  minUses?: 1 | 2
}

export function createPageCache({
  ttlMs = 60_000,
  maxEntries = 5_000,
  maxEntryBytes = 1 << 20,
  waitMs = 5_000,
  minUses = 2,
}: PageCacheOptions = {}) {
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>()
  const flights = new Map<string, Flight>()
  const seen = new Set<string>()
  const maxSeen = maxEntries * 4
  const { pageCacheHits, pageCacheMisses, singleFlightSaved, pageCacheInvalidated } = metrics()
  // Called synchronously by the write (or the message) that names the pages: nothing runs in between.
  const stopListening = onPageDrops(drop)

  function store(key: string, entry: Entry) {
    entries.delete(key)
    entries.set(key, entry)
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
  }

  /** Remembers an address as asked for just now; says whether it had been asked for lately. */
  function askedBefore(key: string): boolean {
    const before = seen.delete(key)
    seen.add(key)
    if (seen.size > maxSeen) seen.delete(seen.values().next().value!)
    return before
  }

  function miss(res: Response) {
    pageCacheMisses.inc()
    res.setHeader('X-Page-Cache', 'MISS')
  }

  function drop(invalidation: Invalidation) {
    const touches = touchedBy(invalidation)
    let dropped = 0
    for (const [key, entry] of entries) {
      if (touches(entry.tags)) {
        entries.delete(key)
        askedBefore(key) // so it is kept again at its next request
        dropped++
      }
    }
    pageCacheInvalidated.inc({ scope: invalidation === EVERY_PAGE ? 'all' : 'tagged' }, dropped)
    for (const [key, flight] of flights) {
      if (!touches(flight.tags)) continue
      flights.delete(key)
      flight.spoiled = true
      flight.release()
    }
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.cookie || req.headers.authorization) {
      return next()
    }
    const address = routeAddress(req)
    if (!address) return next()
    const key = cacheKey(address)
    const hit = entries.get(key)
    if (hit && hit.expiresAt > Date.now()) {
      store(key, hit)
      pageCacheHits.inc()
      return serve(req, res, hit)
    }
    if (hit) entries.delete(key)
    if (req.method === 'HEAD') return next()
    if (minUses > 1 && !askedBefore(key) && !hit) {
      miss(res)
      return next()
    }

    // A flight still here was not touched by any write since it started.
    const flight = flights.get(key)
    if (flight) {
      void waitFor(flight.result).then((entry) => {
        if (entry && entry.expiresAt > Date.now()) {
          singleFlightSaved.inc()
          return serve(req, res, entry)
        }
        render(req, res, next, key, address.pathname)
      })
      return
    }
    render(req, res, next, key, address.pathname)
  }

  function waitFor(result: Promise<Entry | null>): Promise<Entry | null> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))
    return Promise.race([result, timeout]).finally(() => clearTimeout(timer))
  }

  /** Lets Remix answer, keeps the response when it may be kept, and tells whoever waits on this key. */
  function render(req: Request, res: Response, next: NextFunction, key: string, pathname: string) {
    let settle!: (entry: Entry | null) => void
    const result = new Promise<Entry | null>((resolve) => (settle = resolve))
    const flight: Flight = { tags: pageTags(pathname), result, spoiled: false, release: () => settle(null) }
    const land = (entry: Entry | null) => {
      if (flights.get(key) === flight) flights.delete(key)
      settle(entry)
    }
    flights.set(key, flight)
    // A response that ends without end() (the client went away, the handler threw) leaves no one waiting.
    res.once('close', () => land(null))

    const now = Date.now()
    miss(res)
    const chunks: Buffer[] = []
    let size = 0
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > maxEntryBytes) return
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array)
      size += buffer.length
      chunks.push(buffer)
    }
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0])
      const entry =
        !flight.spoiled && cacheable(res, size, maxEntryBytes)
          ? toEntry(res, Buffer.concat(chunks), flight.tags, now + ttlMs)
          : null
      if (entry) store(key, entry)
      land(entry)
      return end(chunk, ...rest)
    }) as Response['end']
    next()
  }

  return {
    middleware,
    clear: () => {
      entries.clear()
      seen.clear()
    },
    /** Stops following invalidations (a cache that is thrown away). */
    close: stopListening,
    get size() {
      return entries.size
    },
  }
}

/** Whether a page with some tags shows anything the invalidation names; `*` on either side matches all. */
function touchedBy(invalidation: Invalidation): (tags: Tags) => boolean {
  if (invalidation === EVERY_PAGE) return () => true
  const named = new Set<string>(invalidation)
  return (tags) => tags === EVERY_PAGE || tags.some((tag) => named.has(tag))
}

/**
 * A page's key: its path and its query's names and values exactly as the route reads them (URLSearchParams, NUL
 * dropped as requestUrl drops it: never Express's `req.query`, whose parser reads `q[]` or `q.x` as `q`). Sorted
 * by name only, and stably: `?b=1&a=2` and `?a=2&b=1` share an entry, while a repeated name keeps its values in
 * order, so `?q=a&q=b` (whose `get('q')` is `a`) is not `?q=b&q=a`.
 */
export function cacheKey({ pathname, searchParams }: URL): string {
  const params = new URLSearchParams()
  for (const [name, value] of searchParams) params.append(withoutNul(name), withoutNul(value))
  params.sort()
  const search = params.toString()
  return search ? `${pathname}?${search}` : pathname
}

/** A stored page, with the headers it was rendered with. */
function serve(req: Request, res: Response, entry: Entry) {
  if (entry.versions !== undefined) res.locals[RENDER_VERSIONS] = entry.versions
  res.status(200).set(entry.headers).set('X-Page-Cache', 'HIT')
  if (req.method === 'HEAD') return res.end()
  return res.end(entry.body)
}

function cacheable(res: Response, size: number, maxEntryBytes: number): boolean {
  const cacheControl = String(res.getHeader('cache-control') ?? '')
  return (
    res.statusCode === 200 &&
    size <= maxEntryBytes &&
    /\bpublic\b/.test(cacheControl) &&
    !/\b(no-store|private)\b/.test(cacheControl) &&
    !res.getHeader('set-cookie')
  )
}

function toEntry(res: Response, body: Buffer, tags: Tags, expiresAt: number): Entry | null {
  const headers: Record<string, string> = {}
  for (const name of REPLAYED_HEADERS) {
    const value = res.getHeader(name)
    if (value !== undefined) headers[name] = String(value)
  }
  const freshUntil = Date.parse(headers['x-fresh-until'] ?? '')
  const until = Number.isFinite(freshUntil) ? Math.min(expiresAt, freshUntil) : expiresAt
  if (until <= Date.now()) return null
  return { headers, body, tags, expiresAt: until, versions: res.locals[RENDER_VERSIONS] }
}
