import { expect, test } from 'vitest'
import {
  articleJsonLd,
  breadcrumbJsonLd,
  jsonLdScript,
  productJsonLd,
  siteJsonLd,
  type ProductJsonLdInput,
} from './json-ld.ts'
import { displayPrice } from './pricing.ts'

test('jsonLdScript cannot close its script tag and parses back to the same data', () => {
  const data = { name: '</script><script>alert(1)</script> & <!-- \u2028\u2029' }
  const text = jsonLdScript(data)
  expect(text).not.toMatch(/[<>&\u2028\u2029]/)
  expect(JSON.parse(text)).toEqual(data)
})

const now = new Date('2026-11-22T12:00:00Z')
const fresh = displayPrice({ price: '12.3', manual_price: null, last_updated: new Date('2026-11-22T08:00:00Z') }, now)
const stale = displayPrice({ price: '12.3', manual_price: null, last_updated: new Date('2026-11-21T08:00:00Z') }, now)

const base: ProductJsonLdInput = {
  asin: 'B000000001',
  title: 'Sleeves',
  brand: 'BCW',
  description: null,
  images: ['https://shop.example/a.png'],
  canonical: 'https://shop.example/product/B000000001',
  price: fresh,
  reviewStats: { count: 0, average: 0 },
  reviews: [],
}
const reviewed: Partial<ProductJsonLdInput> = {
  reviewStats: { count: 5, average: 4.25 },
  reviews: [
    { reviewer_name: 'Greg', rating: 5, comment: 'Great.', datePublished: '2026-10-01' },
    { reviewer_name: 'Ann', rating: 3, comment: null, datePublished: '2026-09-30' },
  ],
}

test('a current price and our reviews: offer, aggregate rating of our reviews, and the reviews shown', () => {
  const product = productJsonLd({ ...base, ...reviewed })!
  expect(product.offers).toMatchObject({ '@type': 'Offer', price: '12.30', priceCurrency: 'USD' })
  expect(product.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: 4.3,
    reviewCount: 5,
    bestRating: 5,
    worstRating: 1,
  })
  expect(product.review).toEqual([
    {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Greg' },
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      datePublished: '2026-10-01',
      reviewBody: 'Great.',
    },
    {
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Ann' },
      reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
      datePublished: '2026-09-30',
    },
  ])
  expect(product).not.toHaveProperty('description')
})

test('no review of ours: no rating and no reviews, whatever Amazon says', () => {
  const product = productJsonLd(base)!
  expect(product).not.toHaveProperty('aggregateRating')
  expect(product).not.toHaveProperty('review')
  expect(product.offers).toBeDefined()
})

test('a stale price, with or without reviews, or no picture: no Product', () => {
  expect(stale.current).toBe(false)
  expect(productJsonLd({ ...base, price: stale })).toBeNull()
  expect(productJsonLd({ ...base, ...reviewed, price: stale })).toBeNull()
  expect(productJsonLd({ ...base, ...reviewed, images: [] })).toBeNull()
})

test('breadcrumbs are numbered from 1 in the order shown', () => {
  expect(
    breadcrumbJsonLd([
      { name: 'Home', url: 'https://shop.example/' },
      { name: 'Boards', url: 'https://shop.example/category/boards' },
    ]).itemListElement,
  ).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
    { '@type': 'ListItem', position: 2, name: 'Boards', item: 'https://shop.example/category/boards' },
  ])
})

test('the home page: the Organization, and the WebSite with its search', () => {
  const [organization, website] = siteJsonLd({ siteName: 'Longbox Land', siteUrl: 'https://shop.example' })
  expect(organization).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Longbox Land',
    url: 'https://shop.example/',
  })
  expect(website).toMatchObject({
    '@type': 'WebSite',
    url: 'https://shop.example/',
    potentialAction: {
      '@type': 'SearchAction',
      target: 'https://shop.example/search?q={search_term_string}',
      'query-input': 'required name=search_term_string',
    },
  })
})

test('articleJsonLd: the site writes and publishes the guide, dated by its words; no image without a cover', () => {
  const input = {
    headline: 'How to bag and board',
    description: 'Sizes, boards and boxes.',
    url: 'https://shop.example/guides/bag-and-board',
    image: null,
    datePublished: new Date('2026-11-24T15:00:00Z'),
    dateModified: new Date('2026-11-25T09:30:00Z'),
    siteName: 'Comic Vault Supplies',
    siteUrl: 'https://shop.example',
  }
  const site = { '@type': 'Organization', name: 'Comic Vault Supplies', url: 'https://shop.example/' }
  expect(articleJsonLd(input)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: 'How to bag and board',
    description: 'Sizes, boards and boxes.',
    author: site,
    publisher: site,
    datePublished: '2026-11-24T15:00:00.000Z',
    dateModified: '2026-11-25T09:30:00.000Z',
    mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://shop.example/guides/bag-and-board' },
  })
  expect(articleJsonLd({ ...input, image: 'https://shop.example/uploads/cover.jpg' }).image).toEqual([
    'https://shop.example/uploads/cover.jpg',
  ])
})
