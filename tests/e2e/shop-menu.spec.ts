import { expect, test } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { seedCategories } from './support/storefront.ts'

// The categories from every page (issue 51): the header's "Shop" disclosure, the phone's side panel and the
// footer list every visible category; a product page's breadcrumbs lead to its own. With and without JavaScript.
// Other specs may add categories meanwhile: each list holds at least the seeded ones, in order of name.

const seeded: string[] = seedCategories()
  .map((category) => category.name)
  .sort((a, b) => a.localeCompare(b))

test("the header's Shop entry lists every category and leads to one from a product page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/product/B073TEQUFH')
  await waitForHydration(page)
  const header = page.getByRole('navigation', { name: 'Main' })
  const shop = header.getByText('Shop', { exact: true })
  const menu = header.getByRole('list').getByRole('list')
  await expect(menu).toBeHidden()

  await shop.click()
  await expect(menu).toBeVisible()
  const names = await menu.getByRole('link').allTextContents()
  expect(names.filter((name) => seeded.includes(name))).toEqual(seeded)

  if (isJsProject()) {
    // Escape closes it and leaves the focus on "Shop", as the header's other controls do.
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(shop).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(menu).toBeVisible()
  }
  await menu.getByRole('link', { name: 'Backing Boards' }).click()
  await expect(page.getByRole('heading', { name: 'Backing Boards', level: 1 })).toBeVisible()
  // A client-side navigation closes it too.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('list').getByRole('list')).toBeHidden()
})

test('on a phone the side panel lists the categories; the footer does on every screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/guides')
  await waitForHydration(page)
  const footerShop = page.getByRole('navigation', { name: 'Shop' })
  const footerNames = await footerShop.getByRole('list').first().getByRole('link').allTextContents()
  expect(footerNames.filter((name) => seeded.includes(name))).toEqual(seeded)
  // SPEC's three search shortcuts stay, named as searches.
  for (const q of ['BCW', 'mylar', 'boxes']) {
    await expect(footerShop.getByRole('link', { name: `“${q}”` })).toHaveAttribute('href', `/search?q=${q}`)
  }

  await page.getByRole('link', { name: 'Menu' }).click()
  const panel = page.getByRole('dialog', { name: 'Menu' })
  await expect(panel).toBeVisible()
  const panelNames = await panel.getByRole('navigation', { name: 'Menu' }).getByRole('link').allTextContents()
  expect(panelNames.filter((name) => seeded.includes(name))).toEqual(seeded)
  await panel.getByRole('link', { name: 'Backing Boards' }).click()
  await expect(page.getByRole('heading', { name: 'Backing Boards', level: 1 })).toBeVisible()
})

test("a product page's breadcrumbs lead to its category", async ({ page }) => {
  await page.goto('/product/B073TEQUFH')
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' })
  await trail.getByRole('link', { name: 'Mylar Sleeves' }).click()
  await expect(page.getByRole('heading', { name: 'Mylar Sleeves', level: 1 })).toBeVisible()
})
