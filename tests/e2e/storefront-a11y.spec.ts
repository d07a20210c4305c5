import { expect, test } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'

// WCAG 2.1 A/AA (axe-core) on the storefront's pages and its side panel on a phone, with and without
// JavaScript, and keyboard access to the home page's featured row.

for (const { name, path } of [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/mylar-sleeves' },
  { name: 'category, filtered and sorted', path: '/category/mylar-sleeves?rating=4.5&sort=price-high' },
  { name: 'category, nothing matches', path: '/category/mylar-sleeves?max=5' },
  { name: 'product', path: '/product/B073TEQUFH' },
  { name: 'product, second picture', path: '/product/B073TEQUFH?image=1' },
  { name: 'product not found', path: '/product/B000000000' },
  { name: 'category not found', path: '/category/nope' },
  { name: 'reviews', path: '/reviews/B073TEQUFH' },
  { name: 'search results', path: '/search?q=mylar' },
  { name: 'search without results', path: '/search?q=zzzznotfound' },
  { name: 'guides', path: '/guides' },
  { name: 'guide', path: '/guides/mylar-vs-polypropylene-vs-polyethylene' },
  { name: '404 page', path: '/no-such-page/at-all' },
]) {
  test(`${name} (${path}) has no WCAG 2.1 A/AA violations`, async ({ page }) => {
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.getByRole('main')).toBeVisible()
    await expectNoA11yViolations(page)
  })
}

test('the product page with its price disclaimer open has no WCAG 2.1 A/AA violations', async ({ page }) => {
  await page.goto('/product/B073TEQUFH')
  await waitForHydration(page)
  await page
    .getByRole('main')
    .getByText(/ - Details$/)
    .click()
  await expect(page.getByText(/accurate as of the date and time indicated/)).toBeVisible()
  await expectNoA11yViolations(page)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the open side panel has no WCAG 2.1 A/AA violations', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('banner').getByRole('link', { name: 'Menu', exact: true }).click()
    await page.getByRole('dialog', { name: 'Menu' }).waitFor()
    await expectNoA11yViolations(page)
  })
})

test('the featured row on the home page is reachable with Tab and scrolls with the arrow keys', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const row = page.getByRole('list', { name: 'Featured products' })
  await expect(row).toBeVisible()
  await expect(row).toHaveAttribute('tabindex', '0')

  // Tab from the top of the page until the row has focus: it comes after the header and the hero's links.
  const isFocused = () => row.evaluate((element) => element === document.activeElement)
  let presses = 0
  while (!(await isFocused()) && presses < 40) {
    await page.keyboard.press('Tab')
    presses += 1
  }
  expect(await isFocused(), `the featured row took focus within ${presses} presses of Tab`).toBe(true)
  await expect(row).toBeFocused()

  // At desktop width it shows 4 of its 8 cards, so there is more to scroll to.
  const scrollLeft = () => row.evaluate((element) => element.scrollLeft)
  expect(await scrollLeft()).toBe(0)
  await page.keyboard.press('ArrowRight')
  await expect.poll(scrollLeft).toBeGreaterThan(0)
})
