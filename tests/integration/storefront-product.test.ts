import { beforeAll, describe, expect, test } from 'vitest'
import { loader, meta } from '#app/routes/_site.product.$asin.tsx'
import { loader as reviewsLoader, meta as reviewsMeta } from '#app/routes/_site.reviews.$asin.tsx'
import { formatDate, formatDateTime, isoDate } from '#app/utils/format.ts'
import { PRICE_MAX_AGE_MS } from '#app/utils/pricing.ts'
import {
  createCategory,
  createProduct,
  createReview,
  hoursAgo,
  type ProductRow,
  type ReviewRow,
} from '#tests/support/catalogue.ts'
import { loaderArgs, loaderData, SITE, statusOf, thrownResponse } from '#tests/support/remix.ts'

// /product/{asin} and /reviews/{asin}: SPEC §2 (product detail, reviews page), §4 (only approved
// reviews are public), §9 (prices with 2 decimals, 24 h freshness and price validity, first 3 reviews).

const TZ = 'America/New_York' // REFRESH_TZ's default
/** The product most tests read: what both its pages say it is. */
const MAIN = { asin: 'B00MAIN001', title: 'BCW Mylar Sleeve 2-Mil' }

function load(asin: string, query = '') {
  return loaderData(loader(loaderArgs(`/product/${encodeURIComponent(asin)}${query ? `?${query}` : ''}`, { asin })))
}

function loadReviews(asin: string) {
  return loaderData(reviewsLoader(loaderArgs(`/reviews/${encodeURIComponent(asin)}`, { asin })))
}

type ProductData = Awaited<ReturnType<typeof load>>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON-LD, checked field by field
const blocks = (data: ProductData): Array<Record<string, any>> => data.structuredData.map((json) => JSON.parse(json))
const types = (data: ProductData) => blocks(data).map((block) => block['@type'])
const productBlock = (data: ProductData) => blocks(data).find((block) => block['@type'] === 'Product')

const root = { id: 'root', data: { siteName: 'Comic Vault Supplies' } }
type MetaArgs = Parameters<typeof meta>[0]

const p: Record<string, ProductRow> = {}
const reviews: Record<string, ReviewRow> = {}

beforeAll(async () => {
  const sleeves = await createCategory({ slug: 'mylar-sleeves', name: 'Mylar Sleeves' })
  const hiddenCategory = await createCategory({ slug: 'retired', name: 'Retired', is_hidden: true })

  p.main = await createProduct({
    asin: 'B00MAIN001',
    title: 'BCW Mylar Sleeve 2-Mil',
    brand: 'BCW',
    category_id: sleeves.id,
    description: 'Archival 2-mil Mylar sleeves for current comics.',
    badges: ['Archival', 'Best Seller'],
    image_url: 'https://m.media-amazon.com/images/I/main.jpg',
    images: ['/uploads/main-front.jpg', 'https://m.media-amazon.com/images/I/main-back.jpg'],
    price: '12.34',
    last_updated: hoursAgo(2),
    rating: '4.6',
    review_count: 12,
    kind: 'sleeve',
    fits: ['modern'],
    inner_width: '6.875',
    inner_height: '10.5',
    thickness_mil: '2',
    material: 'mylar',
    pack_count: 50,
    acid_free: true,
  })
  // Four approved reviews a day apart, plus a newer pending and a newer rejected one that must not show.
  reviews.a1 = await createReview({ product_id: p.main.id, reviewer_name: 'A1', rating: 5, created_at: hoursAgo(24) })
  reviews.a2 = await createReview({
    product_id: p.main.id,
    reviewer_name: 'A2',
    rating: 4,
    comment: 'Crystal clear & stiff.',
    created_at: hoursAgo(48),
  })
  reviews.a3 = await createReview({ product_id: p.main.id, reviewer_name: 'A3', rating: 3, created_at: hoursAgo(72) })
  reviews.a4 = await createReview({ product_id: p.main.id, reviewer_name: 'A4', rating: 2, created_at: hoursAgo(96) })
  await createReview({ product_id: p.main.id, reviewer_name: 'Pending', rating: 1, status: 'PENDING' })
  await createReview({ product_id: p.main.id, reviewer_name: 'Rejected', rating: 1, status: 'REJECTED' })

  p.manual = await createProduct({
    title: 'Manual priced',
    price: '20.00',
    manual_price: '15.5',
    last_updated: hoursAgo(1),
    image_url: '/uploads/manual.jpg',
  })
  // Amazon's rating, but no review of ours: the structured data must not borrow Amazon's numbers.
  p.freshNoReviews = await createProduct({
    title: 'Fresh, unreviewed',
    image_url: '/uploads/fresh.jpg',
    rating: '4.9',
    review_count: 500,
    last_updated: hoursAgo(3),
  })
  p.stale = await createProduct({
    title: 'Stale price',
    price: '9.99',
    last_updated: hoursAgo(25),
    rating: '4.0',
    image_url: '/uploads/stale.jpg',
  })
  await createReview({ product_id: p.stale.id, reviewer_name: 'S1', rating: 4 })
  p.staleNoReviews = await createProduct({
    title: 'Stale and unreviewed',
    price: '9.99',
    last_updated: hoursAgo(25),
    rating: '4.4',
    image_url: '/uploads/stale2.jpg',
  })
  p.hidden = await createProduct({ title: 'Hidden', soft_hidden: true })
  p.xss = await createProduct({
    title: '</script><script>alert(1)</script>',
    image_url: '/uploads/xss.jpg',
    description: 'Fish & <b>chips</b> \u2028 line',
    brand: '<img src=x onerror=alert(1)>',
  })
  p.bare = await createProduct({ title: 'Bare product', rating: '0', image_url: null, images: [] })
  p.singleImage = await createProduct({ title: 'One image', image_url: '/uploads/only.jpg', images: [] })
  p.inHiddenCategory = await createProduct({ title: 'Orphaned', category_id: hiddenCategory.id })
})

describe('product lookup', () => {
  test.each([
    ['an unknown asin', 'B0UNKNOWN0'],
    ['a hidden product', 'hidden'],
    ['a lower-case asin', 'b00main001'],
    ['a short asin', 'B00MAIN'],
    ['an 11-character asin', 'B00MAIN0011'],
    ['a 10 kB asin', 'B'.repeat(10 * 1024)],
    ['SQL', "B00MAIN001' OR '1'='1"],
    ['HTML', '<script>alert(1)</script>'],
  ])('%s is a 404 "Product not found."', async (_label, asin) => {
    const response = await thrownResponse(() => load(asin === 'hidden' ? p.hidden!.asin : asin))
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('Product not found.')
  })

  test('a product in a hidden category is still shown, without its category', async () => {
    const data = await load(p.inHiddenCategory!.asin)
    expect(data.product.title).toBe('Orphaned')
    expect(data.product.category).toBeNull()
  })
})

describe('product data', () => {
  test('the product, its images and its category', async () => {
    const data = await load(MAIN.asin)
    expect(data.product).toEqual({
      ...MAIN,
      brand: 'BCW',
      description: 'Archival 2-mil Mylar sleeves for current comics.',
      badges: ['Archival', 'Best Seller'],
      rating: 4.6,
      review_count: 12,
      category: { name: 'Mylar Sleeves', slug: 'mylar-sleeves' },
    })
    expect(data.images).toEqual(['/uploads/main-front.jpg', 'https://m.media-amazon.com/images/I/main-back.jpg'])
    expect(data.initialImage).toBe(0)
    expect(data.canonical).toBe(`${SITE}/product/B00MAIN001`)
    expect(data.ogImage).toBe(`${SITE}/uploads/main-front.jpg`)
  })

  test('a current API price: "$12.34", with the time it was pulled', async () => {
    const data = await load('B00MAIN001')
    const asOf = p.main!.last_updated!
    expect(data.price).toEqual({
      current: true,
      amount: 12.34,
      formatted: '$12.34',
      decimal: '12.34',
      source: 'api',
      asOf,
      validUntil: new Date(asOf.getTime() + PRICE_MAX_AGE_MS),
    })
    expect(data.priceTimestamp).toBe(formatDateTime(asOf, TZ))
  })

  test('its specs, and the price of one sleeve of the pack', async () => {
    const data = await load('B00MAIN001')
    expect(data.unitPrice).toEqual({ formatted: '$0.25', per: 'sleeve' })
    expect(data.specs).toEqual({
      kind: 'sleeve',
      fits: ['modern'],
      inner_width: '6.875',
      inner_height: '10.500',
      inner_length: null,
      thickness_mil: '2.0',
      material: 'mylar',
      pack_count: 50,
      capacity: null,
      acid_free: true,
      buffered: false,
      resealable: false,
    })
  })

  test('a manual price overrides the API price, to 2 decimals', async () => {
    const data = await load(p.manual!.asin)
    expect(data.price).toMatchObject({
      current: true,
      amount: 15.5,
      formatted: '$15.50',
      decimal: '15.50',
      source: 'manual',
    })
    expect(productBlock(data)?.offers.price).toBe('15.50')
  })

  test('a price 25 hours old is not current and has no timestamp', async () => {
    const data = await load(p.stale!.asin)
    expect(data.price).toEqual({ current: false })
    expect(data.priceTimestamp).toBeNull()
    expect(data.unitPrice).toBeNull()
  })

  test('with no gallery, the single image_url is the gallery', async () => {
    const data = await load(p.singleImage!.asin)
    expect(data.images).toEqual(['/uploads/only.jpg'])
    expect(data.ogImage).toBe(`${SITE}/uploads/only.jpg`)
  })

  test('with no image at all, the gallery is empty and there is no og:image', async () => {
    const data = await load(p.bare!.asin)
    expect(data.images).toEqual([])
    expect(data.ogImage).toBeNull()
  })

  test.each([
    ['image=1', 1],
    ['image=0', 0],
    ['image=2', 0],
    ['image=99', 0],
    ['image=-1', 0],
    ['image=1.5', 0],
    ['image=abc', 0],
    [`image=${'1'.repeat(10 * 1024)}`, 0],
    ['', 0],
  ])('?%s selects image %i', async (query, index) => {
    expect((await load('B00MAIN001', query)).initialImage).toBe(index)
  })
})

describe('reviews on the product page', () => {
  test('only approved reviews, the 3 newest, with their dates', async () => {
    const data = await load('B00MAIN001')
    expect(data.reviews.map((review) => review.reviewer_name)).toEqual(['A1', 'A2', 'A3'])
    expect(data.reviews[0]).toEqual({
      id: reviews.a1!.id,
      reviewer_name: 'A1',
      rating: 5,
      comment: null,
      helpful_count: 0,
      created_at: reviews.a1!.created_at,
      date: formatDate(reviews.a1!.created_at, TZ),
    })
  })

  test('count and average are of the approved reviews only', async () => {
    expect((await load('B00MAIN001')).reviewStats).toEqual({ count: 4, average: 3.5 })
  })

  test('a product without reviews has a count and average of 0', async () => {
    const data = await load(p.bare!.asin)
    expect(data.reviewStats).toEqual({ count: 0, average: 0 })
    expect(data.reviews).toEqual([])
  })
})

describe('structured data (JSON-LD)', () => {
  test('a fresh product with reviews: every field SPEC §2 lists, rated by our approved reviews, not Amazon', async () => {
    const data = await load('B00MAIN001')
    const asOf = p.main!.last_updated!
    expect(productBlock(data)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'BCW Mylar Sleeve 2-Mil',
      image: [`${SITE}/uploads/main-front.jpg`, 'https://m.media-amazon.com/images/I/main-back.jpg'],
      description: 'Archival 2-mil Mylar sleeves for current comics.',
      sku: 'B00MAIN001',
      mpn: 'B00MAIN001',
      brand: { '@type': 'Brand', name: 'BCW' },
      offers: {
        '@type': 'Offer',
        url: `${SITE}/product/B00MAIN001`,
        priceCurrency: 'USD',
        price: '12.34',
        priceValidUntil: new Date(asOf.getTime() + 24 * 60 * 60 * 1000).toISOString(),
        availability: 'https://schema.org/InStock',
      },
      // The "Community Reviews" the page shows: 4 approved (the pending and rejected ones do not count), 3.5 on
      // average; Amazon's 4.6 from 12 reviews is not ours to claim.
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 3.5, reviewCount: 4, bestRating: 5, worstRating: 1 },
      // The three reviews the page lists, newest first; a review without a comment has no reviewBody.
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'A1' },
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          datePublished: isoDate(reviews.a1!.created_at, TZ),
        },
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'A2' },
          reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
          datePublished: isoDate(reviews.a2!.created_at, TZ),
          reviewBody: 'Crystal clear & stiff.',
        },
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'A3' },
          reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
          datePublished: isoDate(reviews.a3!.created_at, TZ),
        },
      ],
    })
  })

  test("a fresh product without reviews: the offer, and no rating at all (Amazon's 4.9 is not used)", async () => {
    const json = productBlock(await load(p.freshNoReviews!.asin))
    expect(json?.offers.price).toBe('10.00')
    expect(json).not.toHaveProperty('aggregateRating')
    expect(json).not.toHaveProperty('review')
  })

  test('a stale price: no Product at all, even with reviews (an offer is required, a stale price never goes in)', async () => {
    for (const product of [p.stale!, p.staleNoReviews!]) {
      const data = await load(product.asin)
      expect(types(data), product.title).toEqual(['BreadcrumbList'])
      expect(data.structuredData.join('')).not.toContain('9.99')
    }
  })

  test('no picture: no Product (Google requires an image); no brand or description when there are none', async () => {
    expect(types(await load(p.bare!.asin))).toEqual(['BreadcrumbList'])
    const json = productBlock(await load(p.freshNoReviews!.asin))
    expect(json).not.toHaveProperty('brand')
    expect(json).not.toHaveProperty('description')
    expect(json?.image).toEqual([`${SITE}/uploads/fresh.jpg`])
  })

  test('breadcrumbs: Home, the category, the product, as the page shows them, with absolute URLs', async () => {
    const data = await load('B00MAIN001')
    expect(data.breadcrumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Mylar Sleeves', path: '/category/mylar-sleeves' },
      { name: 'BCW Mylar Sleeve 2-Mil', path: '/product/B00MAIN001' },
    ])
    expect(blocks(data).find((block) => block['@type'] === 'BreadcrumbList')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'Mylar Sleeves', item: `${SITE}/category/mylar-sleeves` },
        { '@type': 'ListItem', position: 3, name: 'BCW Mylar Sleeve 2-Mil', item: `${SITE}/product/B00MAIN001` },
      ],
    })
  })

  test('a product outside any visible category: Home, then the product', async () => {
    const data = await load(p.inHiddenCategory!.asin)
    expect(data.breadcrumbs.map((crumb) => crumb.name)).toEqual(['Home', 'Orphaned'])
  })

  test('a title of </script><script>… cannot break out of the script block, and still round-trips', async () => {
    const data = await load(p.xss!.asin)
    for (const block of data.structuredData) {
      expect(block).not.toContain('<')
      expect(block).not.toContain('>')
      expect(block).not.toContain('\u2028')
    }
    const json = productBlock(data)
    expect(json?.name).toBe('</script><script>alert(1)</script>')
    expect(json?.description).toBe('Fish & <b>chips</b> \u2028 line')
    expect(json?.brand).toEqual({ '@type': 'Brand', name: '<img src=x onerror=alert(1)>' })
  })
})

describe('meta', () => {
  test('title, description and canonical link', async () => {
    const data = await load('B00MAIN001')
    const tags = meta({ data, matches: [root] } as unknown as MetaArgs)
    expect(tags).toContainEqual({ title: 'BCW Mylar Sleeve 2-Mil | Comic Vault Supplies' })
    expect(tags).toContainEqual({ name: 'description', content: 'Archival 2-mil Mylar sleeves for current comics.' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SITE}/product/B00MAIN001` })
    expect(tags).toContainEqual({ property: 'og:image', content: `${SITE}/uploads/main-front.jpg` })
  })

  test('without a description: "Buy {title} on Amazon"', async () => {
    const data = await load(p.bare!.asin)
    const tags = meta({ data, matches: [root] } as unknown as MetaArgs)
    expect(tags).toContainEqual({ title: 'Bare product | Comic Vault Supplies' })
    expect(tags).toContainEqual({ name: 'description', content: 'Buy Bare product on Amazon' })
  })

  test('the site name comes from the root loader', async () => {
    const data = await load('B00MAIN001')
    const tags = meta({ data, matches: [{ id: 'root', data: { siteName: 'Longbox Land' } }] } as unknown as MetaArgs)
    expect(tags).toContainEqual({ title: 'BCW Mylar Sleeve 2-Mil | Longbox Land' })
  })

  test('no data (404): "Product not found.", with a description', () => {
    const tags = meta({ data: undefined, matches: [root] } as unknown as MetaArgs)
    expect(tags).toContainEqual({ title: 'Product not found | Comic Vault Supplies' })
    expect(tags).toContainEqual({
      name: 'description',
      content: expect.stringMatching(/^This page is not on Comic Vault Supplies\. /),
    })
  })
})

describe('/reviews/{asin}', () => {
  test('every approved review, newest first, and their average', async () => {
    const data = await loadReviews(MAIN.asin)
    expect(data.product).toEqual({ ...MAIN, image_url: 'https://m.media-amazon.com/images/I/main.jpg' })
    expect(data.reviews.map((review) => review.reviewer_name)).toEqual(['A1', 'A2', 'A3', 'A4'])
    expect(data.reviews[3]!.date).toBe(formatDate(reviews.a4!.created_at, TZ))
    expect(data.average).toBe(3.5)
  })

  test('a product without reviews: none, average 0', async () => {
    const data = await loadReviews(p.bare!.asin)
    expect(data.reviews).toEqual([])
    expect(data.average).toBe(0)
  })

  test.each([
    ['an unknown asin', 'B0UNKNOWN0'],
    ['a hidden product', 'hidden'],
    ['a malformed asin', 'not-an-asin'],
    ['a 10 kB asin', 'B'.repeat(10 * 1024)],
  ])('%s is a 404', async (_label, asin) => {
    expect(await statusOf(() => loadReviews(asin === 'hidden' ? p.hidden!.asin : asin))).toBe(404)
  })

  test('meta names the product and the site', async () => {
    const data = await loadReviews('B00MAIN001')
    const tags = reviewsMeta({ data, matches: [root] } as unknown as Parameters<typeof reviewsMeta>[0])
    expect(tags).toContainEqual({ title: 'Reviews of BCW Mylar Sleeve 2-Mil | Comic Vault Supplies' })
    expect(tags).toContainEqual({
      name: 'description',
      content:
        'Collector reviews of BCW Mylar Sleeve 2-Mil: 4 reviews, rated 3.5 out of 5 on average. Read them all or write your own.',
    })
  })

  test('meta of a product without reviews invites the first one', async () => {
    const data = await loadReviews(p.bare!.asin)
    const tags = reviewsMeta({ data, matches: [root] } as unknown as Parameters<typeof reviewsMeta>[0])
    expect(tags).toContainEqual({
      name: 'description',
      content: 'Collector reviews of Bare product. No reviews yet: be the first to review this product.',
    })
  })
})
