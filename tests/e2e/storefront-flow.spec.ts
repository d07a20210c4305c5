import { expect, test } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import {
  applyFilters,
  cardPrices,
  cardRatings,
  effectivePrice,
  expectSorted,
  filterForm,
  productCards,
  seedCategories,
  seedProduct,
  visibleSeedProducts,
} from './support/storefront.ts'

// The shopper's path through the storefront (SPEC §2 "Public routes", "Product detail"; AMAZON.md's display
// rules): home → category → filters → product → outbound affiliate link. Runs with and without JavaScript.

const CATEGORY = 'mylar-sleeves'
const PRODUCT = seedProduct('B073TEQUFH') // E. Gerber Mylites 2 775M: $38.99, rated 4.8, 1243 ratings

test('home → category → filters → product → outbound link', async ({ page, request, baseURL }) => {
  const mylar = visibleSeedProducts(CATEGORY)

  await test.step('home page: hero, benefits, featured row, categories', async () => {
    await page.goto('/')
    await waitForHydration(page)
    const main = page.getByRole('main')

    await expect(main.getByRole('heading', { level: 1, name: 'Protect Your Comic Collection' })).toBeVisible()
    await expect(main.getByRole('link', { name: 'Shop BCW Supplies' })).toHaveAttribute('href', '/search?q=BCW')
    await expect(main.getByRole('link', { name: 'Browse Mylar Sleeves' })).toHaveAttribute('href', '/search?q=mylar')

    const benefits = main.getByRole('region', { name: 'Why collectors shop here' })
    await expect(benefits.getByRole('listitem')).toHaveCount(4)
    await expect(benefits.getByRole('heading')).toHaveText([
      /archival quality/i,
      /collector approved/i,
      /fast shipping/i,
      /secure shopping/i,
    ])

    // The seed features 10 visible products; the row shows the 8 most recently updated.
    const featured = main.getByRole('region', { name: 'Updated Daily from Amazon' })
    await expect(featured).toBeVisible()
    await expect(featured.getByText(/^Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\b/)).toBeVisible()
    const featuredList = featured.getByRole('list', { name: 'Featured products' })
    await expect(productCards(featuredList)).toHaveCount(8)
    for (const card of await productCards(featuredList).all()) {
      await expect(card.getByRole('link').first()).toHaveAttribute('href', /^\/product\/[A-Z0-9]{10}$/)
    }

    const shop = main.getByRole('region', { name: 'Shop by Category' })
    // Every seeded category is visible, with its "N items" badge (found by address: other specs add categories of
    // their own for a moment).
    for (const { slug } of seedCategories()) {
      const link = shop.locator(`a[href="/category/${slug}"]`)
      await expect(link).toHaveCount(1)
      await expect(link.getByText(/^\d+ items$/)).toBeVisible()
    }
    const mylarCard = shop.getByRole('link', { name: /^Mylar Sleeves\b/ })
    await expect(mylarCard.getByText(/^\d+ items$/)).toHaveText(`${mylar.length} items`)
    await mylarCard.click()
  })

  await test.step('category page lists its products', async () => {
    await page.waitForURL((url) => url.pathname === `/category/${CATEGORY}` && url.search === '')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Mylar Sleeves' })).toBeVisible()
    await expect(page.getByRole('heading', { name: `${mylar.length} Products` })).toBeVisible()
    await expect(productCards(page.getByRole('main'))).toHaveCount(mylar.length)

    // Without JavaScript the form needs its Apply button; with it every change applies at once.
    const apply = filterForm(page).getByRole('button', { name: 'Apply filters', exact: true })
    if (isJsProject()) await expect(apply).toHaveCount(0)
    else await expect(apply).toBeVisible()
  })

  await test.step('sort by price, low to high', async () => {
    await filterForm(page).getByLabel('Sort by').selectOption({ label: 'Price: Low to High' })
    await applyFilters(page, (params) => params.get('sort') === 'price-low')
    const expected = mylar.map(effectivePrice).sort((a, b) => a - b) // manual prices override API prices
    await expect.poll(() => cardPrices(page.getByRole('main'))).toEqual(expected)
  })

  await test.step('minimum rating 4.5+', async () => {
    await filterForm(page).getByRole('radio', { name: '4.5+ Stars' }).check()
    await applyFilters(page, (params) => params.get('rating') === '4.5' && params.get('sort') === 'price-low')
    const expected = mylar.filter((p) => p.rating >= 4.5)
    await expect(page.getByRole('heading', { name: `${expected.length} Products` })).toBeVisible()
    const main = page.getByRole('main')
    await expect(productCards(main)).toHaveCount(expected.length)
    for (const rating of await cardRatings(main)) expect(rating).toBeGreaterThanOrEqual(4.5)
    expectSorted(await cardPrices(main), 'ascending', 'prices') // the sort is kept
    await expect(filterForm(page).getByLabel('Sort by')).toHaveValue('price-low')
  })

  await test.step('a price range nothing falls in', async () => {
    const cheapest = Math.min(...mylar.map(effectivePrice))
    const maxPrice = Math.floor(cheapest / 5) * 5 - 5 // below every price, on the slider's 5-dollar steps
    expect(maxPrice).toBeGreaterThan(0)
    await filterForm(page).getByLabel('Maximum price').fill(String(maxPrice))
    await applyFilters(page, (params) => params.get('max') === String(maxPrice))
    await expect(
      page.getByText('No products match your filters. Try adjusting your search criteria.', { exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { name: '0 Products' })).toBeVisible()
    await expect(productCards(page.getByRole('main'))).toHaveCount(0)
  })

  await test.step('widening the range again brings the products back', async () => {
    await filterForm(page).getByLabel('Maximum price').fill('100')
    // The slider at its top is no bound: the address drops it.
    await applyFilters(page, (params) => !params.has('max') && params.get('rating') === '4.5')
    const card = productCards(page.getByRole('main')).filter({ hasText: PRODUCT.title })
    await expect(card).toHaveCount(1)
    await card.getByRole('link', { name: PRODUCT.title }).click()
  })

  const outbound = page.getByRole('main').getByRole('link', { name: /^View on Amazon\b/ })
  await test.step('product page: title, rating, dated price, details, outbound link', async () => {
    await page.waitForURL((url) => url.pathname === `/product/${PRODUCT.asin}`)
    await waitForHydration(page)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(PRODUCT.title)
    await expect(main.getByRole('img', { name: `Rated ${PRODUCT.rating.toFixed(1)} out of 5` }).first()).toBeVisible()
    await expect(main.getByText(`(${PRODUCT.review_count})`, { exact: true })).toBeVisible()

    // AMAZON.md: a price carries "as of {date time} - Details", and the disclaimer sits behind "Details".
    await expect(main.getByText(`$${effectivePrice(PRODUCT).toFixed(2)}`, { exact: true })).toBeVisible()
    const details = main.getByText(/^as of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\b.* - Details$/)
    await expect(details).toBeVisible()
    const disclaimer = main.getByText(/accurate as of the date and time indicated and are subject to change/)
    await expect(disclaimer).toBeHidden()
    await details.click()
    await expect(disclaimer).toBeVisible()
    await expect(disclaimer).toContainText(
      'price and availability information displayed on Amazon at the time of purchase',
    )

    await expect(main.getByRole('heading', { name: 'Product Details' })).toBeVisible()

    await expect(outbound).toHaveCount(1)
    await expect(outbound).toBeVisible()
    await expect(outbound).toHaveAttribute('href', `/go/${PRODUCT.asin}?from=product`)
    await expect(outbound).toHaveAttribute('target', '_blank')
    // Never noreferrer: Amazon must see where the click comes from (docs/decisions/075).
    await expect(outbound).toHaveAttribute('rel', 'noopener sponsored')
  })

  await test.step('the outbound link redirects to Amazon with the affiliate tag and utm parameters', async () => {
    // Followed with the request fixture only: the test machine has no internet.
    const href = (await outbound.getAttribute('href')) ?? ''
    const response = await request.get(href, { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    const location = new URL(response.headers()['location'] ?? '')
    expect(location.protocol).toBe('https:')
    expect(location.hostname).toMatch(/(^|\.)amazon\.com$/)
    expect(location.pathname).toContain(PRODUCT.asin)
    expect(location.searchParams.getAll('tag')).toEqual(['comicvault-20'])
    // utm_source is the site's own domain (SPEC §9), taken from SITE_URL.
    const site = new URL(baseURL ?? '')
    expect([site.host, site.hostname]).toContain(location.searchParams.get('utm_source'))
    expect(location.searchParams.get('utm_medium')).toBe('affiliate')
    expect(location.searchParams.get('utm_campaign')).toBe('product_page')
  })
})

test('an unknown product ASIN sent to /go is a 404, not a redirect', async ({ request }) => {
  const response = await request.get('/go/B000000000', { maxRedirects: 0 })
  expect(response.status()).toBe(404)
  expect(response.headers()['location']).toBeUndefined()
})

test('the category filters work from the keyboard, and keep focus where it was', async ({ page }) => {
  await page.goto(`/category/${CATEGORY}`)
  await waitForHydration(page)
  const form = filterForm(page)
  const sort = form.getByLabel('Sort by')
  const apply = form.getByRole('button', { name: 'Apply filters', exact: true })
  if (isJsProject()) await expect(apply).toHaveCount(0) // hydrated: changes apply by themselves

  // Arrow keys change a closed <select> and move through a radio group.
  await sort.focus()
  await page.keyboard.press('ArrowDown') // Newest → Price: Low to High
  await expect(sort).toHaveValue('price-low')
  if (isJsProject()) {
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-low')
    // The list updates around the control; the keyboard user stays on it.
    await expect(sort).toBeFocused()
  }

  await form.getByRole('radio', { name: 'All Ratings' }).focus()
  await page.keyboard.press('ArrowDown') // → 4+ Stars
  const fourPlus = form.getByRole('radio', { name: '4+ Stars' })
  await expect(fourPlus).toBeChecked()
  if (isJsProject()) {
    await page.waitForURL((url) => url.searchParams.get('rating') === '4')
    await expect(fourPlus).toBeFocused()
    await page.keyboard.press('ArrowDown') // → 4.5+ Stars, without having to find the group again
    await page.waitForURL((url) => url.searchParams.get('rating') === '4.5')
    await expect(form.getByRole('radio', { name: '4.5+ Stars' })).toBeFocused()
  } else {
    // Without JavaScript nothing happens until Apply, which Tab reaches after the spec filters (docs/decisions/041).
    expect(new URL(page.url()).search).toBe('')
    // Each spec checkbox and thickness select (every select but Sort by) is one stop.
    const specStops = (await form.getByRole('checkbox').count()) + (await form.getByRole('combobox').count()) - 1
    for (let stop = 0; stop <= specStops; stop++) await page.keyboard.press('Tab')
    await expect(apply).toBeFocused()
    await page.keyboard.press('Enter')
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'price-low' && url.searchParams.get('rating') === '4',
    )
  }

  const main = page.getByRole('main')
  const minimum = isJsProject() ? 4.5 : 4
  for (const rating of await cardRatings(main)) expect(rating).toBeGreaterThanOrEqual(minimum)
  expectSorted(await cardPrices(main), 'ascending', 'prices')
})

test('the home page is no wider than the window: the featured row scrolls inside itself', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const row = page.getByRole('list', { name: 'Featured products' })
  await expect(productCards(row)).toHaveCount(8)
  // The row holds more than one view of cards...
  expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
  // ...but only the row scrolls sideways, never the page.
  const viewportWidth = page.viewportSize()!.width
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth, `page width (scrollWidth) at ${viewportWidth}px`).toBeLessThanOrEqual(viewportWidth)
})
