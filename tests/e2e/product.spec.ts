import { expect, test, type Page } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import {
  approvedSeedReviews,
  effectivePrice,
  hiddenSeedProducts,
  seedProduct,
  seedProducts,
} from './support/storefront.ts'

// The product page and the reviews page (SPEC §2 "Product detail /product/{asin}", "Reviews page"), with and
// without JavaScript. B073TEQUFH has two pictures and five approved reviews (plus one pending, never shown).

const PRODUCT = seedProduct('B073TEQUFH')
const APPROVED = approvedSeedReviews(PRODUCT.asin)
const IMAGES = [PRODUCT.image_url, ...(PRODUCT.more_images ?? [])]
const AVERAGE = APPROVED.reduce((sum, review) => sum + review.rating, 0) / APPROVED.length

test('the seed gives B073TEQUFH what these tests expect', () => {
  expect(APPROVED).toHaveLength(5)
  expect(IMAGES).toHaveLength(2)
  expect(new Set(IMAGES).size).toBe(2) // two different pictures, so a switch shows in the src
})

function gallery(page: Page) {
  const main = page.getByRole('main')
  return {
    // The main picture's alt is "{title} ({n} of {count})"; the thumbnails' are "View {n} of {count}".
    picture: main.getByRole('img', { name: new RegExp(`^${escapeRegExp(PRODUCT.title)} \\(\\d+ of \\d+\\)$`) }),
    thumbnails: main.getByRole('list', { name: 'Pictures' }).getByRole('link'),
    previous: main.getByRole('link', { name: 'Previous view', exact: true }),
    next: main.getByRole('link', { name: 'Next view', exact: true }),
  }
}

/** The page's structured data, one item per JSON-LD block, by @type. */
async function structuredData(page: Page) {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''))
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON-LD, checked field by field
  return new Map(blocks.map((text): [string, any] => [JSON.parse(text)['@type'], JSON.parse(text)]))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function pictureNumber(n: number) {
  return `${PRODUCT.title} (${n} of ${IMAGES.length})`
}

test.describe(`product page /product/${PRODUCT.asin}`, () => {
  test.beforeEach(async ({ page }) => {
    const response = await page.goto(`/product/${PRODUCT.asin}`)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
  })

  test('gallery: thumbnails and previous/next switch the picture', async ({ page }) => {
    const { picture, thumbnails, previous, next } = gallery(page)
    const productPath = `/product/${PRODUCT.asin}`

    await expect(picture).toHaveAccessibleName(pictureNumber(1))
    await expect(picture).toHaveAttribute('src', IMAGES[0]!)
    await expect(thumbnails).toHaveCount(IMAGES.length)
    await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true')
    await expect(previous).toBeVisible()
    await expect(next).toBeVisible()

    if (isJsProject()) {
      // Switched in place: the address does not change.
      await next.click()
      await expect(picture).toHaveAttribute('src', IMAGES[1]!)
      await expect(picture).toHaveAccessibleName(pictureNumber(2))
      await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true')
      expect(new URL(page.url()).pathname).toBe(productPath)
      expect(new URL(page.url()).search).toBe('')

      await next.click() // loops back to the first
      await expect(picture).toHaveAttribute('src', IMAGES[0]!)
      await previous.click() // and back round the other way
      await expect(picture).toHaveAttribute('src', IMAGES[1]!)
      await thumbnails.first().click()
      await expect(picture).toHaveAttribute('src', IMAGES[0]!)
      await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true')
      expect(new URL(page.url()).search).toBe('')
    } else {
      // Without JavaScript every control is a link to ?image=N, to the gallery (#gallery).
      await expect(next).toHaveAttribute('href', /\?image=1#gallery$/)
      await expect(thumbnails.nth(1)).toHaveAttribute('href', /\?image=1#gallery$/)
      await next.click()
      await page.waitForURL((url) => url.pathname === productPath && url.searchParams.get('image') === '1')
      await expect(picture).toHaveAttribute('src', IMAGES[1]!)
      await expect(picture).toHaveAccessibleName(pictureNumber(2))
      await expect(thumbnails.nth(1)).toHaveAttribute('aria-current', 'true')

      await thumbnails.first().click()
      await page.waitForURL((url) => url.pathname === productPath && !url.searchParams.has('image'))
      await expect(picture).toHaveAttribute('src', IMAGES[0]!)
      await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true')
    }
  })

  test('"What Collectors Like About This", review links and Community Reviews', async ({ page }) => {
    const main = page.getByRole('main')

    const likes = main.getByRole('region', { name: 'What Collectors Like About This' })
    await expect(likes).toBeVisible()
    await expect(likes.getByRole('listitem')).toHaveCount(4)
    await expect(likes).toContainText(/archival/i)
    await expect(likes).toContainText(/fits standard comic books/i)
    await expect(likes).toContainText(/good value/i)
    await expect(likes).toContainText(/trusted by serious collectors/i)

    const reviewsPath = `/reviews/${PRODUCT.asin}`
    await expect(main.getByRole('link', { name: `Read All ${APPROVED.length} Reviews` })).toHaveAttribute(
      'href',
      reviewsPath,
    )

    const community = main.getByRole('region', { name: 'Community Reviews' })
    await expect(community.getByText(AVERAGE.toFixed(1), { exact: true })).toBeVisible()
    await expect(community.getByRole('img', { name: `Rated ${AVERAGE.toFixed(1)} out of 5` })).toBeVisible()
    await expect(community.getByText(`Based on ${APPROVED.length} reviews`, { exact: true })).toBeVisible()
    // The first three, newest first; the pending review never shows.
    const newestFirst = [...APPROVED].sort((a, b) => a.days_ago - b.days_ago)
    const listed = community.getByRole('listitem')
    await expect(listed).toHaveCount(3)
    for (const [index, review] of newestFirst.slice(0, 3).entries()) {
      await expect(listed.nth(index)).toContainText(review.reviewer_name)
    }
    await expect(community).not.toContainText('slabcurious')

    const viewAll = community.getByRole('link', { name: `View All ${APPROVED.length} Reviews` })
    await expect(viewAll).toHaveAttribute('href', reviewsPath)
    await viewAll.click()
    await page.waitForURL((url) => url.pathname === reviewsPath)
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible()
  })

  test('<title> and Product structured data', async ({ page }) => {
    await expect(page).toHaveTitle(`${PRODUCT.title} | Comic Vault Supplies`)

    const items = await structuredData(page)
    expect([...items.keys()].sort()).toEqual(['BreadcrumbList', 'Product'])
    const data = items.get('Product')
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: PRODUCT.title,
      sku: PRODUCT.asin,
      mpn: PRODUCT.asin,
      brand: { name: PRODUCT.brand },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: PRODUCT.price.toFixed(2),
        availability: 'https://schema.org/InStock',
      },
      // Our own approved reviews (the "Community Reviews" shown), never Amazon's rating and count.
      aggregateRating: { ratingValue: Number(AVERAGE.toFixed(1)), reviewCount: APPROVED.length },
    })
    expect(data.review).toHaveLength(3)
    expect(data.offers.url).toMatch(new RegExp(`/product/${PRODUCT.asin}$`))
    // Valid for 24 hours from when the price was taken, so still in the future, and at most a day ahead.
    const validUntil = Date.parse(data.offers.priceValidUntil)
    expect(validUntil).toBeGreaterThan(Date.now())
    expect(validUntil).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000)
    expect(Array.isArray(data.image) && data.image.length).toBeGreaterThan(0)
  })
})

test.describe('missing things are 404s', () => {
  test('an unknown product: "Product not found."', async ({ page }) => {
    const response = await page.goto('/product/B000000000')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found.' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible() // inside the shared layout
  })

  test('a hidden product: "Product not found."', async ({ page }) => {
    const hidden = hiddenSeedProducts()[0]!
    const response = await page.goto(`/product/${hidden.asin}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found.' })).toBeVisible()
  })

  test('an unknown category: "Category not found."', async ({ page }) => {
    const response = await page.goto('/category/nope')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Category not found.' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
  })
})

test(`reviews page /reviews/${PRODUCT.asin}`, async ({ page }) => {
  const response = await page.goto(`/reviews/${PRODUCT.asin}`)
  expect(response?.status()).toBe(200)
  await waitForHydration(page)
  const main = page.getByRole('main')

  await expect(main.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeVisible()
  await expect(main.getByText(PRODUCT.title, { exact: true })).toBeVisible()
  await expect(main.getByText(`Based on ${APPROVED.length} reviews`, { exact: true })).toBeVisible()
  await expect(main.getByText(AVERAGE.toFixed(1), { exact: true })).toBeVisible()

  const all = main.getByRole('region', { name: 'All Reviews' })
  await expect(all.getByRole('heading', { name: 'All Reviews' })).toBeVisible()
  await expect(all.getByRole('listitem')).toHaveCount(APPROVED.length)
  for (const review of APPROVED) await expect(all).toContainText(review.reviewer_name)
  const helpful = APPROVED.find((review) => review.helpful_count > 1)!
  await expect(all).toContainText(`${helpful.helpful_count} people found this helpful`)

  const back = main.getByRole('link', { name: /back to product/i })
  await expect(back).toHaveAttribute('href', `/product/${PRODUCT.asin}`)
  await back.click()
  await page.waitForURL((url) => url.pathname === `/product/${PRODUCT.asin}`)
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.title })).toBeVisible()
})

test('a product with a few reviews shows them all, with no "View All" link', async ({ page }) => {
  const product = seedProducts().find((p) => {
    const count = approvedSeedReviews(p.asin).length
    return !p.soft_hidden && count >= 1 && count <= 3
  })!
  const approved = approvedSeedReviews(product.asin)
  await page.goto(`/product/${product.asin}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('region', { name: 'What Collectors Like About This' })).toBeVisible()
  await expect(main.getByRole('link', { name: `Read All ${approved.length} Reviews` })).toBeVisible()
  const community = main.getByRole('region', { name: 'Community Reviews' })
  await expect(community.getByRole('listitem')).toHaveCount(approved.length)
  await expect(community.getByRole('link', { name: /^View All/ })).toHaveCount(0)
})

test('a product without reviews or rating: no likes card, no review links, no aggregate rating', async ({ page }) => {
  const product = seedProducts().find(
    (p) =>
      !p.soft_hidden &&
      p.rating === 0 &&
      approvedSeedReviews(p.asin).length === 0 &&
      (p.more_images ?? []).length === 0,
  )!
  await page.goto(`/product/${product.asin}`)
  await waitForHydration(page)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(product.title)
  await expect(main.getByRole('heading', { name: 'What Collectors Like About This' })).toHaveCount(0)
  await expect(main.getByRole('link', { name: /^(Read|View) All/ })).toHaveCount(0)
  await expect(
    main
      .getByRole('region', { name: 'Community Reviews' })
      .getByText('No reviews yet. Be the first to review this product!', { exact: true }),
  ).toBeVisible()
  // One picture: no thumbnails, no previous/next.
  await expect(main.getByRole('link', { name: /^(Previous|Next) view$/ })).toHaveCount(0)
  await expect(main.getByRole('list', { name: 'Pictures' })).toHaveCount(0)

  const data = (await structuredData(page)).get('Product')
  expect(data['@type']).toBe('Product')
  expect(data.aggregateRating).toBeUndefined() // only with approved reviews of ours
  expect(data.offers.price).toBe(effectivePrice(product).toFixed(2))
})

test('a manual price overrides the API price on the page and in the structured data', async ({ page }) => {
  const product = seedProducts().find((p) => !p.soft_hidden && p.manual_price !== undefined)!
  expect(product.manual_price).not.toBe(product.price)
  await page.goto(`/product/${product.asin}`)
  const main = page.getByRole('main')
  await expect(main.getByText(`$${product.manual_price!.toFixed(2)}`, { exact: true })).toBeVisible()
  await expect(main.getByText(`$${product.price.toFixed(2)}`, { exact: true })).toHaveCount(0)
  const data = (await structuredData(page)).get('Product')
  expect(data.offers.price).toBe(product.manual_price!.toFixed(2))
})
