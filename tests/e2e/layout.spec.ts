import { expect, test, type Locator, type Page } from '@playwright/test'
import { siteNavLinks } from '#app/components/site-nav.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// The shared layout (SPEC §2 "Shared elements"): sticky header with nav and search, the small-screen side
// panel, and the footer, on every public page. Runs with and without JavaScript.

// The header's links (app/components/site-nav.ts): the spec's four in its order, with the fit finder
// (docs/decisions/043) after the sizes guide and the guides (docs/decisions/052) after it.
const navLabels = ['Starter Kits', 'Compare Sleeves', 'Sizes Guide', 'Fit Finder', 'Guides', 'About']

const footerHrefs = [
  '/guides',
  '/sizes-guide',
  '/fit',
  '/compare-sleeves',
  '/starter-kits',
  '/faq',
  '/about',
  '/disclosure',
  '/contact',
  '/search?q=BCW',
  '/search?q=mylar',
  '/search?q=boxes',
]

// Every public path that exists so far; the 404 page is rendered inside the layout too.
const publicPaths = [
  { name: 'home', path: '/' },
  { name: 'search without a query', path: '/search' },
  { name: 'search results', path: '/search?q=mylar' },
  { name: 'unknown path (404)', path: '/no-such-page/at-all' },
]

function menuControl(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: 'Menu', exact: true })
}

/** With JavaScript the panel is a <dialog> closed by a button; without, Close is a link that targets nothing. */
function closeControl(panel: Locator) {
  return panel.getByRole(isJsProject() ? 'button' : 'link', { name: 'Close', exact: true })
}

function sidePanel(page: Page) {
  return page.getByRole('dialog', { name: 'Menu' })
}

for (const { name, path } of publicPaths) {
  test.describe(`layout on ${name} (${path})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(path)
    })

    test('header: site name links home, nav links inline, search field', async ({ page }) => {
      const banner = page.getByRole('banner')
      await expect(banner).toBeVisible()

      const home = banner.getByRole('link', { name: /\(dev\/beta\)/ })
      await expect(home).toBeVisible()
      await expect(home).toHaveAttribute('href', '/')
      await expect(home).toHaveText(/\S.*\(dev\/beta\)$/) // the site name, then the beta tag

      // Desktop viewport: the links sit inline, in order; the side panel's Menu control is not shown.
      const nav = banner.getByRole('navigation')
      await expect(nav).toBeVisible()
      await expect(nav.getByRole('link')).toHaveText(navLabels)
      for (const { label, to } of siteNavLinks) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', to)
      }
      await expect(menuControl(page)).toBeHidden()
      await expect(sidePanel(page)).toBeHidden()

      const search = banner.getByPlaceholder('Search products...', { exact: true })
      await expect(search).toBeVisible()
      await expect(search).toHaveAttribute('name', 'q')
      await expect(banner.getByRole('button', { name: 'Search', exact: true })).toBeVisible()
    })

    test('footer: disclosure, price update time, frequency, links and copyright', async ({ page }) => {
      const footer = page.getByRole('contentinfo')
      await expect(footer).toBeVisible()
      await expect(footer).toContainText('As an Amazon Associate I earn from qualifying purchases.')
      // The seed writes a data_refresh_log row, so a date (e.g. "Nov 22, 2026, 9:01 PM EST"), not "N/A".
      await expect(footer).toContainText(/Last price update:\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/)
      await expect(footer).not.toContainText(/Last price update:\s*N\/A/)
      await expect(footer).toContainText('Update Frequency: Daily at 3:15 AM')

      const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      expect(hrefs).toEqual(expect.arrayContaining(footerHrefs))

      const year = new Date().getFullYear()
      await expect(footer.getByText(new RegExp(`©\\s*${year}\\b`))).toBeVisible()
    })
  })
}

test.describe('side panel on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
  })

  test('the inline nav and the inline search form are hidden; the Menu control is shown', async ({ page }) => {
    const banner = page.getByRole('banner')
    await expect(menuControl(page)).toBeInViewport({ ratio: 1 })
    await expect(sidePanel(page)).toBeHidden()
    // The header fits: nothing pushes the page wider than the phone's screen.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(pageWidth, 'page width (scrollWidth) at 390px').toBeLessThanOrEqual(390)
    for (const label of navLabels) {
      const links = banner.getByRole('link', { name: label, exact: true, includeHidden: true })
      await expect(links.first()).toBeAttached() // they exist...
      for (const link of await links.all()) await expect(link).toBeHidden() // ...but none is shown
    }
    // "The inline form is hidden on the smallest screens."
    await expect(banner.getByPlaceholder('Search products...', { exact: true })).toBeHidden()
    await expect(banner.getByRole('searchbox')).toHaveCount(0)
  })

  test('Menu opens a dialog with the nav links, a search field and Close', async ({ page }) => {
    const menu = menuControl(page)
    const panel = sidePanel(page)
    await menu.click()
    await expect(panel).toBeVisible()

    // It slides in from the right, full height, and everything in it is on screen (not clipped away).
    const viewport = page.viewportSize()!
    const box = (await panel.boundingBox())!
    expect(box.height, 'panel is full height').toBeCloseTo(viewport.height, 0)
    expect(box.y, 'panel starts at the top').toBeCloseTo(0, 0)
    expect(box.x + box.width, 'panel is on the right edge').toBeCloseTo(viewport.width, 0)

    for (const { label, to } of siteNavLinks) {
      const link = panel.getByRole('link', { name: label, exact: true })
      await expect(link).toBeInViewport({ ratio: 1 })
      await expect(link).toHaveAttribute('href', to)
    }
    await expect(panel.getByPlaceholder('Search...', { exact: true })).toBeInViewport({ ratio: 1 })
    await expect(closeControl(panel)).toBeInViewport({ ratio: 1 })

    if (isJsProject()) {
      // A modal dialog: the control says it is open and focus moves into the panel.
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    } else {
      // Without JavaScript the Menu link targets the panel (CSS :target shows it).
      expect(new URL(page.url()).hash).toBe('#site-menu')
    }
  })

  test('Close hides the panel (and, with JavaScript, so does Escape, returning focus to Menu)', async ({ page }) => {
    const menu = menuControl(page)
    const panel = sidePanel(page)

    if (isJsProject()) {
      await menu.click()
      await expect(panel).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(panel).toBeHidden()
      await expect(menu).toBeFocused()
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
    }

    await menu.click()
    await expect(panel).toBeVisible()
    await closeControl(panel).click()
    await expect(panel).toBeHidden()
    await expect(menu).toBeVisible()
    if (isJsProject()) {
      await expect(menu).toBeFocused()
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
    }
  })

  test('a click outside the panel (on the backdrop) closes it', async ({ page }) => {
    const menu = menuControl(page)
    const panel = sidePanel(page)
    await menu.click()
    await expect(panel).toBeVisible()

    // The panel is on the right; the left edge of the screen is backdrop.
    await page.mouse.click(10, 400)
    await expect(panel).toBeHidden()
    await expect(menu).toBeVisible()
    if (isJsProject()) await expect(menu).toHaveAttribute('aria-expanded', 'false')
  })

  test("the panel's search goes to /search and leaves the panel closed", async ({ page }) => {
    const panel = sidePanel(page)
    await menuControl(page).click()
    const field = panel.getByPlaceholder('Search...', { exact: true })
    await field.fill('mylar')
    await field.press('Enter')

    await page.waitForURL((url) => url.pathname === '/search')
    expect(new URL(page.url()).searchParams.get('q')).toBe('mylar')
    await expect(page.getByRole('heading', { name: 'Results for "mylar"' })).toBeVisible()
    await expect(panel).toBeHidden()
  })
})

test.describe('side panel on a phone, on a slow connection', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a panel opened before the JavaScript has loaded can still be closed', async ({ page }) => {
    // A slow connection: the visitor taps Menu while the app's scripts are still on their way (in `no-js`
    // they never come). Once they run, the panel must still close.
    let releaseScripts!: () => void
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      async (route) => {
        await scriptsHeld
        await route.continue()
      },
    )
    await page.goto('/', { waitUntil: 'commit' })

    const panel = sidePanel(page)
    await menuControl(page).click()
    await expect(panel).toBeVisible()

    releaseScripts()
    await waitForHydration(page)
    await closeControl(panel).click()
    await expect(panel).toBeHidden()
  })
})
