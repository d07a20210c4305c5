import type { Page } from '@playwright/test'
import { waitForHydration } from './support/hydration.ts'
import { expectKeyboardWalk, expectSkipLinkToMain, walkKeyboard } from './support/keyboard.ts'
import { expect, test } from './support/panel-fixture.ts'

// Issue 27, part 5: one page of every type, public and panel, walked with Tab and Shift+Tab, with and without
// JavaScript. Every control is reached in the order it is drawn, is on screen and not under the sticky header
// when it has focus, and shows that it has it (tests/e2e/support/keyboard.ts). The skip link comes first and
// leads to the main content.

const publicPages = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/category/mylar-sleeves' },
  { name: 'product', path: '/product/B073TEQUFH' },
  { name: 'reviews', path: '/reviews/B073TEQUFH' },
  { name: 'search results', path: '/search?q=mylar' },
  { name: 'about', path: '/about' },
  { name: 'disclosure', path: '/disclosure' },
  { name: 'contact', path: '/contact' },
  { name: 'compare sleeves', path: '/compare-sleeves' },
  { name: 'starter kits', path: '/starter-kits' },
  { name: 'sizes guide', path: '/sizes-guide' },
  { name: 'FAQ', path: '/faq' },
  { name: 'fit finder', path: '/fit' },
  { name: 'guides', path: '/guides' },
  { name: 'guide', path: '/guides/bag-and-board-a-golden-age-run' },
  { name: 'compare selected', path: '/compare?asins=B073TEQUFH,B075BA6GYF,B076Z1RFVC' },
  { name: 'subscribe', path: '/subscribe' },
  { name: '404 page', path: '/no-such-page/at-all' },
]

for (const { name, path } of publicPages) {
  test(`keyboard walk: ${name} (${path})`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto(path)
    await waitForHydration(page)
    await expectSkipLinkToMain(page)
    await expectKeyboardWalk(page)
  })
}

test('keyboard walk: a comparison table (/compare/{slug})', async ({ page, panelUsers }) => {
  const admin = await panelUsers.createUser('admin')
  const { createComparison, removeComparison } = await import('#app/services/comparison.server.ts')
  const table = await createComparison(admin.id, {
    name: `Keyboard walk ${test.info().project.name} ${Date.now().toString(36)}`,
    description: 'Three Gerber sleeves, walked by keyboard.',
    asins: ['B073TEQUFH', 'B075BA6GYF', 'B076Z1RFVC'],
    columns: ['price', 'thickness'],
  })
  try {
    await page.goto(`/compare/${table.slug}`)
    await waitForHydration(page)
    await expectSkipLinkToMain(page)
    await expectKeyboardWalk(page)
  } finally {
    await removeComparison(admin.id, table.id)
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('keyboard walk: home, with the Menu button in place of the navigation', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expectSkipLinkToMain(page)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Menu', exact: true })).toBeVisible()
    await expectKeyboardWalk(page)
  })
})

const panelPages = [
  { name: 'dashboard', path: '/admin' },
  { name: 'products', path: '/admin/products' },
  { name: 'products: reviews', path: '/admin/products?tab=reviews' },
  { name: 'products: manual import', path: '/admin/products?tab=import' },
  { name: 'products: bulk tools', path: '/admin/products?tab=bulk' },
  { name: 'products: link health', path: '/admin/products/link-health' },
  { name: 'categories', path: '/admin/categories' },
  { name: 'media', path: '/admin/media' },
  { name: 'comparisons', path: '/admin/comparisons' },
  { name: 'analytics', path: '/admin/analytics' },
  { name: 'settings', path: '/admin/settings' },
  { name: 'account', path: '/admin/account' },
]

for (const { name, path } of panelPages) {
  test(`keyboard walk: panel ${name} (${path})`, async ({ page, panelUsers }) => {
    // The products list is 50 rows of links and switches: some 170 stops each way, a key press and a look each.
    test.setTimeout(180_000)
    await panelUsers.open(page, 'admin', path)
    await expectSkipLinkToMain(page)
    await expectKeyboardWalk(page)
  })
}

for (const { name, path } of [
  { name: 'sign in', path: '/admin/login' },
  { name: 'forgot password', path: '/admin/forgot-password' },
]) {
  test(`keyboard walk: signed out, ${name} (${path})`, async ({ page }) => {
    await page.goto(path)
    await waitForHydration(page)
    await expectKeyboardWalk(page)
  })
}

// The walk's own checks fail when what they look for is wrong: no focus ring, a header pinned over the content
// that a scroll to a focused control leaves it under, a control moved off screen, a positive tabindex.
test('the keyboard walk notices a missing ring, a covering header, an off-screen control and a jump', async ({
  page,
}) => {
  // Three walks of /about, where a page's test makes one: 24–28 s on a 2-core machine, against the 60 s default.
  test.setTimeout(120_000)
  await page.goto('/about')
  await waitForHydration(page)
  await addStyle(page, '*:focus-visible { outline: none !important; }')
  const unringed = await walkKeyboard(page, { direction: 'forward' })
  expect(unringed.filter((problem) => problem.includes('shows no focus indicator')).length).toBeGreaterThan(3)

  await addStyle(page, 'html { scroll-padding-top: 0 !important; }')
  const covered = await walkKeyboard(page, { direction: 'backward' })
  expect(covered.some((problem) => problem.includes('partly under <header>'))).toBe(true)

  await page.goto('/about')
  await waitForHydration(page)
  await page.evaluate(() => {
    const links = document.querySelectorAll<HTMLElement>('#main a[href]')
    links[0]!.style.cssText = 'position: absolute; left: -9999px'
    links[1]!.tabIndex = 1
  })
  const misplaced = await walkKeyboard(page, { direction: 'forward' })
  expect(misplaced.some((problem) => problem.includes('is outside the viewport'))).toBe(true)
  expect(misplaced.some((problem) => problem.startsWith('positive tabindex on <a>'))).toBe(true)
  expect(misplaced.some((problem) => problem.includes('order differs'))).toBe(true)
})

/** page.addStyleTag waits for a load event that a page without JavaScript never reports. */
async function addStyle(page: Page, css: string) {
  await page.evaluate((text) => {
    const style = document.createElement('style')
    style.textContent = text
    document.head.append(style)
  }, css)
}
