/**
 * Where on the site a click out comes from, as tracking IDs are assigned (issue 50, docs/decisions/079): the
 * kinds of page that carry links to /go/. The same list as the CHECK on tracking_ids.placement and
 * clicks.placement.
 */
export const PLACEMENTS = ['home', 'category', 'product', 'search', 'comparison', 'fit-finder', 'guide'] as const
export type Placement = (typeof PLACEMENTS)[number]

/** What the settings call each placement. */
export const PLACEMENT_NAMES: Record<Placement, string> = {
  home: 'Home page',
  category: 'Category pages',
  product: 'Product pages',
  search: 'Search',
  comparison: 'Comparison tables',
  'fit-finder': 'Fit finder',
  guide: 'All guides',
}

/** The query parameter of a /go/ link that names the placement of the page it is on. */
export const PLACEMENT_MARKER = 'from'

export const isPlacement = (value: unknown): value is Placement => PLACEMENTS.includes(value as Placement)

/** A page's placement, and for a guide its slug. */
export interface PagePlacement {
  placement: Placement
  guideSlug: string | null
}

const GUIDE_PATH = /^\/guides\/([^/]+)\/?$/

/**
 * The placement of one of our pages by its path; null for a page that is none (the guides' list, an
 * information page). Whatever is on the page counts as the page: a comparison table or a product grid in a
 * guide is the guide's.
 */
export function placementOfPath(path: string): PagePlacement | null {
  const page = (placement: Placement, guideSlug: string | null = null) => ({ placement, guideSlug })
  if (path === '/') return page('home')
  const guide = GUIDE_PATH.exec(path)
  if (guide) return page('guide', safeDecode(guide[1]!))
  if (/^\/category\/[^/]/.test(path)) return page('category')
  if (/^\/product\/[^/]/.test(path)) return page('product')
  if (/^\/search\/?$/.test(path)) return page('search')
  if (/^\/compare(-[^/]+)?(\/|$)/.test(path)) return page('comparison')
  if (/^\/fit\/?$/.test(path)) return page('fit-finder')
  return null
}

/** A /go/ link from a page at `path`: with the page's placement as its marker, the same for every visitor. */
export function goHref(asin: string, path: string): string {
  const placement = placementOfPath(path)?.placement
  return placement ? `/go/${asin}?${PLACEMENT_MARKER}=${placement}` : `/go/${asin}`
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}
