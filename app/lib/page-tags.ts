/**
 * What a cached page shows, and what a write touches, in one vocabulary (docs/decisions/030): a write drops
 * the cached pages that share a tag with it. Both sides of the map live here, so a change to what a page
 * shows and to what the writes say are made in one place.
 *
 * Every public page lists the visible categories' names in its header and footer: a write that changes that list
 * drops every page. Pages, by address (known before rendering, so renders in flight can be matched too):
 * - `/product/{asin}`, `/reviews/{asin}` → `product:{asin}`: that product, its approved reviews, its category's
 *   name in the breadcrumbs (a category rename drops everything);
 * - `/category/{slug}` (any filters) → `category:{slug}`: the category and its visible products' cards;
 * - `/search` → `search`: any visible product's card;
 * - `/fit`, `/compare`, `/compare/{slug}`, `/compare-sleeves` → `catalogue`: tables and kits chosen from every
 *   visible product by its specs, price and rating, and the owners' comparison tables;
 * - `/`, `/sitemap.xml`, `/sitemaps/*` → `site`: the featured products, the categories with their counts of
 *   visible products, every visible product's address and last change;
 * - the information pages (about, FAQ, contact…), `/guides` and its feed, `/guides/{slug}` → `content` and
 *   `catalogue`: owners' text, with embedded products read from the whole catalogue (docs/decisions/052);
 * - robots.txt → `info`: no catalogue data at all, only what a refresh moves (and a refresh drops everything);
 * - anything else → `*`: a page this map does not know is dropped by every write, as before tags.
 * Addresses are matched the way Remix matches routes: literal segments in any case, parameters decoded, any
 * trailing slashes, and single fetch's `.data` form of the same address.
 */

export type PageTag = `product:${string}` | `category:${string}` | 'search' | 'catalogue' | 'site' | 'info' | 'content'

/** Every page: on a page, "dropped by any write"; in a write, "drop them all". */
export const EVERY_PAGE = '*'

/** The tags of a page, or what a write touched: the tags of the pages it changed, or every page. */
export type Tags = readonly PageTag[] | typeof EVERY_PAGE
export type Invalidation = Tags

const CONTENT_PAGES = new Set([
  '/about',
  '/contact',
  '/disclosure',
  '/faq',
  '/sizes-guide',
  '/starter-kits',
  '/compare-sleeves',
  '/guides',
  '/guides/feed.xml',
])
const SITE_PAGES = new Set(['/', '/sitemap.xml'])
const CATALOGUE_PAGES = new Set(['/fit', '/compare'])

const PRODUCT = /^\/(?:product|reviews)\/([^/]+)$/i
const CATEGORY = /^\/category\/([^/]+)$/i
const SITEMAP = /^\/sitemaps\/[^/]+$/i
const COMPARISON = /^\/compare\/[^/]+$/i
const GUIDE = /^\/guides\/[^/]+$/i

/** The tags of the page at `path`: the route's pathname (routeAddress), still percent-encoded. */
export function pageTags(path: string): Tags {
  const route = routePath(path)
  if (route === null) return EVERY_PAGE
  const lower = route.toLowerCase()
  if (SITE_PAGES.has(lower) || SITEMAP.test(route)) return ['site']
  if (lower === '/robots.txt') return ['info']
  if (CONTENT_PAGES.has(lower) || GUIDE.test(route)) return ['content', 'catalogue']
  if (lower === '/search') return ['search']
  if (CATALOGUE_PAGES.has(lower) || COMPARISON.test(route)) return ['catalogue']
  const product = PRODUCT.exec(route)
  if (product) return [`product:${product[1]}`]
  const category = CATEGORY.exec(route)
  if (category) return [`category:${category[1]}`]
  return EVERY_PAGE
}

/** The address as Remix's router sees it: decoded, without trailing slashes or `.data`; null when undecodable. */
function routePath(path: string): string | null {
  let decoded: string
  try {
    decoded = path
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/')
  } catch {
    return null
  }
  // Single fetch asks for `/x.data` (and `/_root.data` for `/`) to load the data of `/x`.
  const page = decoded.endsWith('.data') ? decoded.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : decoded
  return page.length > 1 ? page.replace(/\/+$/, '') || '/' : page
}

/** A guide or page was saved, published or removed: the text pages, the guides in search, the sitemaps. */
export const CONTENT_CHANGED: readonly PageTag[] = ['content', 'search', 'site']

/**
 * A product's content, visibility or category changed: its own pages, the pages of the categories it was
 * and is in, search, the pages chosen from the whole catalogue, and the site-wide lists (home, sitemaps).
 */
export function productChanged(asin: string, categorySlugs: readonly string[]): PageTag[] {
  const categories = [...new Set(categorySlugs)].map((slug) => `category:${slug}` as const)
  return [`product:${asin}`, ...categories, 'search', 'catalogue', 'site']
}
