import { devices, type APIRequestContext } from '@playwright/test'
import { parse, type HTMLElement } from 'node-html-parser'

// Fetching and crawling the site over plain HTTP, for the checks of what the server sends
// (tests/e2e/site-checks): broken links, the Nu HTML checker, structured data, meta tags.

export const BROWSER_USER_AGENT = devices['Desktop Chrome'].userAgent
export const BOT_USER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/**
 * A cookie that is nobody's (not a session, not a toast): it keeps the request out of the rendered-page cache
 * (docs/decisions/009), so every request is rendered for its own user agent, without making the page private.
 */
export const UNCACHED = { cookie: 'site-check=1' }

export interface FetchedPage {
  /** Path and query, as requested. */
  path: string
  status: number
  contentType: string
  html: string
  document: HTMLElement
}

export function origin(): string {
  const base = process.env.E2E_BASE_URL
  if (!base) throw new Error('E2E_BASE_URL is not set (playwright.config.ts sets it)')
  return new URL(base).origin
}

/** One GET, redirects not followed (a link to a redirect is a link to the wrong address). */
export async function fetchPage(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<FetchedPage> {
  const response = await request.get(path, { headers, maxRedirects: 0 })
  const contentType = response.headers()['content-type'] ?? ''
  const html = contentType.startsWith('text/html') ? await response.text() : ''
  return { path, status: response.status(), contentType, html, document: parse(html) }
}

/** A public page of each kind, as a visitor finds them, by name (the seeded catalogue, db/seed-data). */
export const publicPageTypes: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/mylar-sleeves' },
  { name: 'category, filtered to nothing', path: '/category/mylar-sleeves?max=5' },
  { name: 'category not found', path: '/category/nope' },
  { name: 'product with reviews', path: '/product/B073TEQUFH' },
  { name: 'product with reviews, review form open', path: '/product/B073TEQUFH?review' },
  { name: 'product without reviews', path: '/product/B075BA6GYF' },
  { name: 'product not found', path: '/product/B000000000' },
  { name: 'reviews page', path: '/reviews/B073TEQUFH' },
  { name: 'reviews page without reviews', path: '/reviews/B075BA6GYF' },
  { name: 'search with results', path: '/search?q=mylar' },
  { name: 'search without results', path: '/search?q=zzzznotfound' },
  { name: 'search without a query', path: '/search' },
  { name: 'about', path: '/about' },
  { name: 'disclosure', path: '/disclosure' },
  { name: 'contact', path: '/contact' },
  { name: 'contact, sent', path: '/contact?sent=1' },
  { name: 'compare sleeves', path: '/compare-sleeves' },
  { name: 'compare sleeves, sorted', path: '/compare-sleeves?mylar-sort=price&mylar-dir=desc' },
  { name: 'compare products', path: '/compare?asins=B073TEQUFH,B075BA6GYF,ZZZZ000000' },
  { name: 'compare, nothing asked', path: '/compare' },
  { name: 'comparison not found', path: '/compare/nope' },
  { name: 'starter kits', path: '/starter-kits' },
  { name: 'sizes guide', path: '/sizes-guide' },
  { name: 'fit finder', path: '/fit' },
  { name: 'fit finder, answered', path: '/fit?era=silver&era=golden&silver=120&golden=40' },
  { name: 'FAQ', path: '/faq' },
  { name: 'guides', path: '/guides' },
  { name: 'guide', path: '/guides/bag-and-board-a-golden-age-run' },
  {
    name: 'guide, its table sorted',
    path: '/guides/bag-and-board-a-golden-age-run?compare-1-sort=price&compare-1-dir=desc',
  },
  { name: 'guide with Markdown tables', path: '/guides/mylar-vs-polypropylene-vs-polyethylene' },
  { name: 'guide not found', path: '/guides/nope' },
  { name: 'subscribe', path: '/subscribe' },
  { name: 'subscription confirmation, bad link', path: '/subscribe/confirm?token=nope' },
  { name: 'unsubscribe, bad link', path: '/unsubscribe?id=1&sig=nope' },
  { name: 'review sign-in link, bad link', path: '/auth/review-link?token=nope' },
  { name: '404 page', path: '/no-such-page/at-all' },
]

/** Where a link points, relative to the page it is on: same-origin ones as path + query (+ fragment). */
export function linkTargets(page: FetchedPage): Array<{ href: string; path: string; fragment: string } | null> {
  const base = new URL(page.path, origin())
  return page.document.querySelectorAll('a[href]').map((anchor) => {
    const href = anchor.getAttribute('href') ?? ''
    if (!URL.canParse(href, base)) return { href, path: href, fragment: '' }
    const url = new URL(href, base)
    if (url.origin !== base.origin) return null
    return { href, path: url.pathname + url.search, fragment: decodeURIComponent(url.hash.slice(1)) }
  })
}

export interface CrawlResult {
  /** Every page reached, by path + query. */
  pages: Map<string, FetchedPage>
  /** Every same-origin link followed: the page it is on, where it points, and the answer. */
  links: Array<{ from: string; href: string; to: string; status: number; fragment: string }>
  /** The /go/{asin} affiliate redirects linked to, with the pages that link to each (not followed). */
  affiliateLinks: Map<string, string[]>
  /** The search results' /search/open links, which count an open on the way (not followed: nobody opened them). */
  openLinks: Map<string, string[]>
}

/**
 * Follows every same-origin `<a href>` from `start`, breadth first, a few requests at a time. Skips the panel
 * (/admin) and does not follow /go/ redirects (they leave for Amazon and count a click) nor a search result's
 * /search/open (it counts an open); lists them instead.
 * Stops with an error past `maxPages`, so a link that makes new addresses forever is noticed, not hidden.
 */
export async function crawl(
  request: APIRequestContext,
  { start = '/', maxPages = 1_500, concurrency = 4 }: { start?: string; maxPages?: number; concurrency?: number } = {},
): Promise<CrawlResult> {
  const result: CrawlResult = { pages: new Map(), links: [], affiliateLinks: new Map(), openLinks: new Map() }
  const pending: Array<{ from: string | null; href: string; to: string; fragment: string }> = [
    { from: null, href: start, to: start, fragment: '' },
  ]
  const requested = new Map<string, Promise<FetchedPage>>()

  async function visit(link: (typeof pending)[number]) {
    let fetching = requested.get(link.to)
    if (!fetching) {
      if (requested.size >= maxPages)
        throw new Error(`the crawl passed ${maxPages} pages: does a link make new addresses?`)
      fetching = fetchPage(request, link.to)
      requested.set(link.to, fetching)
      const page = await fetching
      result.pages.set(link.to, page)
      if (page.status === 200 && page.html) {
        for (const target of linkTargets(page)) {
          if (!target) continue
          const listed = target.path.startsWith('/go/')
            ? result.affiliateLinks
            : target.path.startsWith('/search/open?')
              ? result.openLinks
              : null
          if (listed) {
            listed.set(target.path, [...(listed.get(target.path) ?? []), link.to])
          } else if (!/^\/admin(\/|$|\?)/.test(target.path)) {
            pending.push({ from: link.to, ...target, to: target.path })
          }
        }
      }
    }
    const page = await fetching
    if (link.from !== null) {
      result.links.push({ from: link.from, href: link.href, to: link.to, status: page.status, fragment: link.fragment })
    }
  }

  const running = new Set<Promise<void>>()
  while (pending.length > 0 || running.size > 0) {
    while (pending.length > 0 && running.size < concurrency) {
      const task: Promise<void> = visit(pending.shift()!).finally(() => running.delete(task))
      running.add(task)
    }
    if (running.size > 0) await Promise.race(running)
  }
  return result
}

/** The ids on a page, for checking a link's #fragment. */
export function idsOf(page: FetchedPage): Set<string> {
  return new Set(page.document.querySelectorAll('[id]').map((element) => element.id))
}
