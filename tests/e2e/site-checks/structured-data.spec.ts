import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { e2eServiceEnv } from '#tests/support/e2e-env.ts'
import { onServer } from '#tests/support/postgres.ts'
import { fetchPage, publicPageTypes, UNCACHED, type FetchedPage } from '../support/crawl.ts'
import { approvedSeedReviews, seedProduct } from '../support/storefront.ts'
import { jsonLdOf, validateStructuredData } from '../support/structured-data.ts'

// Structured data that tells the truth (DESIGN.md §6, docs/decisions/023), checked with Adobe's validator
// (Google's rich-result rules and schema.org's vocabulary) on every kind of public page. Errors fail; warnings
// (recommended fields we do not have, such as a GTIN) are listed in the report only.

test.describe.configure({ mode: 'default', timeout: 90_000 })

const FRESH_WITH_REVIEWS = seedProduct('B073TEQUFH')
const FRESH_WITHOUT_REVIEWS = seedProduct('B075BA6GYF')

// No seeded price is stale: two products of this file's own, priced 25 hours ago, one with approved reviews.
const stale = { withReviews: '', withoutReviews: '' }
const databaseUrl = () => e2eServiceEnv(process.env.E2E_DATABASE!).DATABASE_URL

test.beforeAll(async () => {
  await onServer(async (client) => {
    for (const kind of ['withReviews', 'withoutReviews'] as const) {
      const asin = `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO products (asin, title, brand, price, rating, review_count, image_url, images, last_updated)
         VALUES ($1, $2, 'Site Check', 19.99, 4.7, 321, '/images/products/short-box.svg',
                 ARRAY['/images/products/short-box.svg'], now() - interval '25 hours') RETURNING id`,
        [asin, `Zqx structured data check ${kind}`],
      )
      if (kind === 'withReviews') {
        await client.query(
          `INSERT INTO reviews (product_id, reviewer_name, rating, comment, status)
           VALUES ($1, 'StaleCheck', 4, 'Sturdy box, fits 150 books.', 'APPROVED'), ($1, 'Pending', 1, null, 'PENDING')`,
          [rows[0]!.id],
        )
      }
      stale[kind] = asin
    }
  }, databaseUrl())
})

test.afterAll(async () => {
  await onServer(async (client) => {
    const asins = Object.values(stale).filter(Boolean)
    await client.query('DELETE FROM reviews WHERE product_id IN (SELECT id FROM products WHERE asin = ANY($1))', [
      asins,
    ])
    await client.query('DELETE FROM products WHERE asin = ANY($1)', [asins])
  }, databaseUrl())
})

async function get(request: APIRequestContext, path: string): Promise<FetchedPage> {
  const page = await fetchPage(request, path, UNCACHED)
  expect(page.status, `${path} answers`).toBeLessThan(500)
  return page
}

/** The page's JSON-LD items by @type. */
function itemsOf(page: FetchedPage) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON-LD, checked field by field
  const byType = new Map<string, any>()
  for (const item of jsonLdOf(page).items) byType.set(String(item['@type']), item)
  return byType
}

test('every kind of public page: JSON-LD the validator finds no error in', async ({ request }) => {
  const pages = [
    ...publicPageTypes,
    { name: 'product, stale price, with reviews', path: `/product/${stale.withReviews}` },
    { name: 'product, stale price, without reviews', path: `/product/${stale.withoutReviews}` },
  ]
  const errors: string[] = []
  const warnings = new Set<string>()
  let blocks = 0
  for (const { name, path } of pages) {
    const page = await get(request, path)
    blocks += jsonLdOf(page).items.length
    for (const issue of await validateStructuredData(page)) {
      const line = `${name} (${path}): ${issue.type}: ${issue.message}`
      if (issue.severity === 'ERROR') errors.push(line)
      else warnings.add(`${issue.type}: ${issue.message}`)
    }
  }
  test.info().annotations.push({ type: 'structured-data warnings', description: [...warnings].join('\n') })
  console.log(`structured data: ${blocks} items on ${pages.length} pages; warnings:\n  ${[...warnings].join('\n  ')}`)
  expect(blocks, 'the pages carry structured data').toBeGreaterThan(5)
  expect(errors, 'structured-data errors (page: item: message)').toEqual([])
})

test('a validator that sees an error fails: a Product with neither offer nor rating is reported', async () => {
  const bare =
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"X"}</script>'
  const { parse } = await import('node-html-parser')
  const issues = await validateStructuredData({
    path: '/x',
    status: 200,
    contentType: 'text/html',
    html: bare,
    document: parse(bare),
  })
  expect(issues.filter((issue) => issue.severity === 'ERROR').map((issue) => issue.message)).toContain(
    'One of the following attributes is required: "aggregateRating", "offers" or "review"',
  )
})

test('product, fresh price, with reviews: the offer, our approved reviews, and the breadcrumbs shown', async ({
  request,
}) => {
  const page = await get(request, `/product/${FRESH_WITH_REVIEWS.asin}`)
  const items = itemsOf(page)
  expect([...items.keys()].sort()).toEqual(['BreadcrumbList', 'Product'])
  const product = items.get('Product')
  expect(product.offers.price).toBe(FRESH_WITH_REVIEWS.price.toFixed(2))

  // "Community Reviews": the approved reviews' count and average, as the page shows them; not Amazon's.
  const approved = approvedSeedReviews(FRESH_WITH_REVIEWS.asin)
  const average = approved.reduce((sum, review) => sum + review.rating, 0) / approved.length
  expect(product.aggregateRating).toMatchObject({
    reviewCount: approved.length,
    ratingValue: Number(average.toFixed(1)),
  })
  expect(product.aggregateRating.reviewCount).not.toBe(FRESH_WITH_REVIEWS.review_count)
  const community = page.document.querySelector('section[aria-labelledby="community-heading"]')!
  expect(community.text).toContain(average.toFixed(1))
  expect(community.text).toContain(`Based on ${approved.length} reviews`)

  // The reviews the page lists, by the names it shows.
  const shown = community.querySelectorAll('li').length
  expect(product.review).toHaveLength(shown)
  for (const review of product.review) {
    expect(review.author).toEqual({ '@type': 'Person', name: expect.any(String) })
    expect(community.text).toContain(review.author.name)
    expect(review.reviewRating).toMatchObject({ '@type': 'Rating', bestRating: 5, worstRating: 1 })
    expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  }

  // The breadcrumbs, as the page shows them.
  const trail = page.document
    .querySelectorAll('nav[aria-label="Breadcrumb"] li')
    .map((li) => li.text.replace(/\s*\/\s*$/, '').trim())
  expect(items.get('BreadcrumbList').itemListElement.map((item: { name: string }) => item.name)).toEqual(trail)
  expect(trail).toEqual(['Home', 'Mylar Sleeves', FRESH_WITH_REVIEWS.title])
})

test('product, fresh price, without reviews: an offer and no rating, although Amazon rates it', async ({ request }) => {
  expect(FRESH_WITHOUT_REVIEWS.rating).toBeGreaterThan(0)
  const product = itemsOf(await get(request, `/product/${FRESH_WITHOUT_REVIEWS.asin}`)).get('Product')
  expect(product.offers.price).toBe(FRESH_WITHOUT_REVIEWS.price.toFixed(2))
  expect(product).not.toHaveProperty('aggregateRating')
  expect(product).not.toHaveProperty('review')
})

test('product, stale price: no Product, with or without reviews; the breadcrumbs stay', async ({ request }) => {
  for (const asin of [stale.withReviews, stale.withoutReviews]) {
    const page = await get(request, `/product/${asin}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain('See price on Amazon') // the page itself shows no price either
    expect([...itemsOf(page).keys()], asin).toEqual(['BreadcrumbList'])
    expect(page.html).not.toContain('19.99')
  }
})

test('category: the breadcrumbs it shows', async ({ request }) => {
  const page = await get(request, '/category/mylar-sleeves')
  const list = itemsOf(page).get('BreadcrumbList')
  expect(list.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${process.env.E2E_BASE_URL}/` },
    {
      '@type': 'ListItem',
      position: 2,
      name: 'Mylar Sleeves',
      item: `${process.env.E2E_BASE_URL}/category/mylar-sleeves`,
    },
  ])
  expect(page.document.querySelector('nav[aria-label="Breadcrumb"]')?.text).toMatch(/Home\s*\/\s*Mylar Sleeves/)
})

test('guide: the Article as the page shows it, by the site, dated by its words, with no price; the breadcrumbs', async ({
  request,
}) => {
  const path = '/guides/bag-and-board-a-golden-age-run'
  const page = await get(request, path)
  const items = itemsOf(page)
  expect([...items.keys()].sort()).toEqual(['Article', 'BreadcrumbList'])
  const site = process.env.E2E_BASE_URL
  const article = items.get('Article')
  const shown = page.document.querySelector('main article header')!
  expect(article).toMatchObject({
    headline: shown.querySelector('h1')!.text,
    description: page.document.querySelector('meta[name="description"]')!.getAttribute('content'),
    author: { '@type': 'Organization', name: 'Comic Vault Supplies', url: `${site}/` },
    publisher: { '@type': 'Organization', name: 'Comic Vault Supplies', url: `${site}/` },
    mainEntityOfPage: { '@type': 'WebPage', '@id': `${site}${path}` },
  })
  // The day it shows as published; modified no earlier (by its words, which the prices never move).
  const published = shown.querySelector('time')!.getAttribute('datetime')!
  expect(article.datePublished.slice(0, 10)).toBe(published)
  expect(Date.parse(article.dateModified)).toBeGreaterThanOrEqual(Date.parse(article.datePublished))
  expect(JSON.stringify(article)).not.toMatch(/price|offers/i)

  const trail = page.document
    .querySelectorAll('nav[aria-label="Breadcrumb"] li')
    .map((li) => li.text.replace(/\s*\/\s*$/, '').trim())
  expect(trail).toEqual(['Home', 'Guides', article.headline])
  expect(items.get('BreadcrumbList').itemListElement).toEqual(
    trail.map((name, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: `${site}${['/', '/guides', path][index]}`,
    })),
  )
})

test('home: the Organization, and the WebSite with its search action', async ({ request }) => {
  const items = itemsOf(await get(request, '/'))
  const site = process.env.E2E_BASE_URL
  expect(items.get('Organization')).toMatchObject({ name: 'Comic Vault Supplies', url: `${site}/` })
  expect(items.get('WebSite')).toMatchObject({
    url: `${site}/`,
    potentialAction: { '@type': 'SearchAction', target: `${site}/search?q={search_term_string}` },
  })
  // The search target really searches.
  const results = await get(request, '/search?q=mylar')
  expect(results.document.querySelector('main h2')?.text).toBe('Results for "mylar"')
})
