import { expect, test } from '@playwright/test'
import { openFromSearchHref } from '#app/utils/search-open.ts'
import { waitForHydration } from './support/hydration.ts'
import { hiddenSeedProducts, productCards, seedProduct, seedProducts } from './support/storefront.ts'

// The search page's results (SPEC §2 "Search page"; SPEC §4: a hidden product does not appear in search).
// search.spec.ts covers the header form itself; this covers what the page shows. With and without JavaScript.

test('searching "mylar" from the header lists matching product cards', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const field = page.getByRole('banner').getByPlaceholder('Search products...', { exact: true })
  await field.fill('mylar')
  await field.press('Enter')

  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'mylar')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Search Products' })).toBeVisible()
  await expect(main.getByRole('heading', { name: 'Results for "mylar"' })).toBeVisible()

  const found = main.getByText(/^Found \d+ product\(s\)$/)
  await expect(found).toBeVisible()
  const total = Number(/\d+/.exec((await found.textContent()) ?? '')?.[0])
  expect(total).toBeGreaterThan(0)
  // Case-insensitive substring of the title or description, hidden products left out (SPEC §4, §5).
  const expected = seedProducts().filter(
    (p) => !p.soft_hidden && `${p.title}\n${p.description}`.toLowerCase().includes('mylar'),
  )
  expect(total).toBe(expected.length)

  const cards = productCards(main)
  await expect(cards).toHaveCount(Math.min(total, 24)) // one page of results
  for (const card of await cards.all()) {
    const titleLink = card.getByRole('link').first()
    // Through the redirect that counts the open (docs/decisions/085).
    await expect(titleLink).toHaveAttribute('href', /^\/search\/open\?q=mylar&asin=[A-Z0-9]{10}$/)
    await expect(card.getByRole('img', { name: /^Rated \S+ out of 5$/ })).toBeVisible()
    // Marked as a click from search, the placement that picks its tracking ID (docs/decisions/079).
    await expect(card.getByRole('link', { name: /^View on Amazon\b/ })).toHaveAttribute(
      'href',
      /^\/go\/[A-Z0-9]{10}\?from=search$/,
    )
  }
  // Case-insensitive: "mylar" finds the "Mylar" titles.
  await expect(cards.filter({ hasText: /Mylar/ }).first()).toBeVisible()
})

test('a term nothing matches: "No products found for …"', async ({ page }) => {
  await page.goto('/search?q=zzzznotfound')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Results for "zzzznotfound"' })).toBeVisible()
  await expect(
    main.getByText('No products found for "zzzznotfound". Try a different search term.', { exact: true }),
  ).toBeVisible()
  await expect(main.getByText(/^Found \d+ product/)).toHaveCount(0)
  await expect(productCards(main)).toHaveCount(0)
})

test('/search without a term: "Enter a search term to find products."', async ({ page }) => {
  await page.goto('/search')
  const main = page.getByRole('main')
  await expect(main.getByText('Enter a search term to find products.', { exact: true })).toBeVisible()
  await expect(productCards(main)).toHaveCount(0)
})

test('a visible product is found by its full title', async ({ page }) => {
  const visible = seedProduct('B0BVTQSQGA')
  expect(visible.soft_hidden ?? false).toBe(false)
  await page.goto(`/search?q=${encodeURIComponent(visible.title)}`)
  const main = page.getByRole('main')
  await expect(main.getByText('Found 1 product(s)', { exact: true })).toBeVisible()
  // Through the redirect that counts the open (docs/decisions/085), onto the product's page.
  const result = main.getByRole('link', { name: visible.title, exact: true })
  await expect(result).toHaveAttribute('href', openFromSearchHref(visible.title, visible.asin))
  await result.click()
  await expect(page).toHaveURL(`/product/${visible.asin}`)
})

for (const hidden of hiddenSeedProducts()) {
  test(`a hidden product is not found by its title (${hidden.asin})`, async ({ page }) => {
    await page.goto(`/search?q=${encodeURIComponent(hidden.title)}`)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: `Results for "${hidden.title}"` })).toBeVisible()
    await expect(
      main.getByText(`No products found for "${hidden.title}". Try a different search term.`, { exact: true }),
    ).toBeVisible()
    await expect(main.getByRole('link', { name: hidden.title })).toHaveCount(0)
  })
}
