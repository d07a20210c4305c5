import type { DisplayPrice } from './pricing.ts'

/**
 * JSON for a <script type="application/ld+json"> block. JSON.stringify leaves `<`, `>` and `&` alone, so
 * a product title containing `</script>` would end the block; these escapes keep the JSON identical
 * for parsers and inert for HTML. U+2028/2029 are escaped for old JavaScript parsers.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

// Schema.org data that tells the truth (DESIGN.md §6, docs/decisions/023): it describes only what the page
// shows, its ratings are our own approved reviews (never Amazon's numbers), a price too old to show is never
// in it, and it passes Google's rich-result rules for products (snippets and merchant listings alike).

const CONTEXT = 'https://schema.org'

type JsonLd = Record<string, unknown>

/** Drops undefined fields, so the JSON says nothing rather than `null` about what we do not know. */
function defined(object: JsonLd): JsonLd {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined))
}

export interface ProductJsonLdInput {
  asin: string
  title: string
  brand: string | null
  description: string | null
  /** Absolute URLs. */
  images: string[]
  canonical: string
  price: DisplayPrice
  /** Our approved reviews: their count and average, as the page shows them. */
  reviewStats: { count: number; average: number }
  /** The approved reviews the page shows, with their publication date (YYYY-MM-DD). */
  reviews: ReadonlyArray<{ reviewer_name: string; rating: number; comment: string | null; datePublished: string }>
}

/**
 * A Product, or null when the page has nothing Google may show of it. Google's merchant-listing rules need an
 * offer (so a current price) and an image on every Product, and a price older than 24 hours never goes into
 * structured data: without both there is no Product, even when reviews exist (decision 023). The rating is the
 * page's "Community Reviews" (approved reviews only), with the reviews the page lists.
 */
export function productJsonLd(input: ProductJsonLdInput): JsonLd | null {
  const { price, reviewStats } = input
  if (!price.current || input.images.length === 0) return null
  const rated = reviewStats.count > 0
  return defined({
    '@context': CONTEXT,
    '@type': 'Product',
    name: input.title,
    image: input.images,
    description: input.description ?? undefined,
    sku: input.asin,
    mpn: input.asin,
    brand: input.brand ? { '@type': 'Brand', name: input.brand } : undefined,
    offers: {
      '@type': 'Offer',
      url: input.canonical,
      priceCurrency: 'USD',
      price: price.decimal,
      priceValidUntil: price.validUntil.toISOString(),
      availability: 'https://schema.org/InStock',
    },
    aggregateRating: rated
      ? {
          '@type': 'AggregateRating',
          ratingValue: Number(reviewStats.average.toFixed(1)),
          reviewCount: reviewStats.count,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined,
    review:
      rated && input.reviews.length > 0
        ? input.reviews.map((review) =>
            defined({
              '@type': 'Review',
              author: { '@type': 'Person', name: review.reviewer_name },
              reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
              datePublished: review.datePublished,
              reviewBody: review.comment ?? undefined,
            }),
          )
        : undefined,
  })
}

/** The page's breadcrumbs, as shown, each with its absolute URL. */
export function breadcrumbJsonLd(crumbs: ReadonlyArray<{ name: string; url: string }>): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  }
}

/** The home page's: who publishes the site, and how to search it. */
export function siteJsonLd({ siteName, siteUrl }: { siteName: string; siteUrl: string }): JsonLd[] {
  const home = `${siteUrl}/`
  return [
    { '@context': CONTEXT, '@type': 'Organization', name: siteName, url: home },
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      name: siteName,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${siteUrl}/search?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  ]
}

/** A list of products the page shows in this order (a comparison table), each by its product page. */
export function itemListJsonLd({ name, items }: { name: string; items: ReadonlyArray<{ name: string; url: string }> }) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: item.url,
      name: item.name,
    })),
  }
}

/**
 * A guide, as its page shows it: written and published by the site itself (the Organization), dated by its words
 * (never by the prices it embeds, which move every night), its picture the cover when it has one.
 */
export function articleJsonLd(input: {
  headline: string
  description: string
  url: string
  /** Absolute URL. */
  image: string | null
  datePublished: Date
  dateModified: Date
  siteName: string
  siteUrl: string
}): JsonLd {
  const site = { '@type': 'Organization', name: input.siteName, url: `${input.siteUrl}/` }
  return defined({
    '@context': CONTEXT,
    '@type': 'Article',
    headline: input.headline,
    description: input.description,
    image: input.image ? [input.image] : undefined,
    author: site,
    publisher: site,
    datePublished: input.datePublished.toISOString(),
    dateModified: input.dateModified.toISOString(),
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
  })
}
