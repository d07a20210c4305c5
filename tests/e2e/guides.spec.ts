import { expect, test, type Locator } from '@playwright/test'
import { DISCLOSURE } from '#app/components/document/document-body.tsx'
import { guides } from '#db/seed-data/guides.ts'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { effectivePrice, seedProduct } from './support/storefront.ts'

// Guides (docs/decisions/052), with and without JavaScript: from the header to the list, from the list to a seeded
// guide, and every kind of embed it holds, drawn from the catalogue as it is now; the footer leads to the list too.

const GOLDEN = guides.find((guide) => guide.slug === 'bag-and-board-a-golden-age-run')!
const BOARDS = seedProduct('B093QQEFK8')
const GERBER = seedProduct('B073TEQUFH')
const BOXES = ['B09YVUKLJP', 'B0B00DZ5U6', 'B0B32QEFJ4'].map(seedProduct)

/** Whether `first` comes before `second` in the document. */
async function precedes(first: Locator, second: Locator) {
  const other = await second.elementHandle()
  return first.evaluate(
    (element, later) => Boolean(element.compareDocumentPosition(later!) & Node.DOCUMENT_POSITION_FOLLOWING),
    other,
  )
}

test('the header leads to /guides, and a seeded guide shows every kind of embed', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'Guides', exact: true }).click()
  await expect(page).toHaveURL(/\/guides$/)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Guides' })).toBeVisible()
  // Both seeded guides, the newer first (guides another spec publishes would come before them).
  await expect(main.getByRole('link', { name: GOLDEN.title })).toBeVisible()
  const listed = await main.getByRole('heading', { level: 2 }).allTextContents()
  const [older, newer] = guides.map((guide) => listed.indexOf(guide.title))
  expect(newer).toBeGreaterThanOrEqual(0)
  expect(newer).toBeLessThan(older!)
  await expectNoA11yViolations(page)

  await main.getByRole('link', { name: GOLDEN.title }).click()
  await expect(page).toHaveURL(new RegExp(`/guides/${GOLDEN.slug}$`))
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(GOLDEN.title)
  await expect(main.getByText(/^Published [A-Z][a-z]{2} \d{1,2}, \d{4} · Last reviewed Nov 26, 2026$/)).toBeVisible()
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    /Home/,
    /Guides/,
    GOLDEN.title,
  ])

  // "On this page", for its five sections, each link leading to its heading.
  const contents = main.getByRole('navigation', { name: 'On this page' })
  const headings = main.getByRole('heading', { level: 2 })
  await expect(contents.getByRole('link')).toHaveText(await headings.allTextContents())
  await expect(contents.getByRole('link')).toHaveCount(5)

  // A product box: picture, title to the product page, today's price with its time, the way out.
  // Inside the guide's own <article>, as the grid's cards are.
  const box = main
    .getByRole('article')
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: BOARDS.title }) })
  await expect(box).toBeVisible()
  await expect(box.getByRole('link', { name: BOARDS.title })).toHaveAttribute('href', `/product/${BOARDS.asin}`)
  await expect(box.getByText(`$${effectivePrice(BOARDS).toFixed(2)}`, { exact: true })).toBeVisible()
  const out = box.getByRole('link', { name: /^View on Amazon/ })
  await expect(out).toHaveAttribute('href', `/go/${BOARDS.asin}?from=guide`)
  await expect(out).toHaveAttribute('rel', 'noopener sponsored')
  await expect(out).toHaveAttribute('target', '_blank')

  // The disclosure, once, by itself, before the first embed that shows a product.
  const disclosure = main.getByText(DISCLOSURE, { exact: true })
  await expect(disclosure).toHaveCount(1)
  expect(await precedes(disclosure, box)).toBe(true)
  expect(await precedes(main.getByRole('heading', { name: 'Start with the right size' }), disclosure)).toBe(true)

  // An inline buy link in running text.
  const buy = main.getByRole('link', { name: /^Check the price/ })
  await expect(buy).toHaveAttribute('href', `/go/${BOARDS.asin}?from=guide`)
  await expect(buy).toHaveAttribute('rel', 'noopener sponsored')
  await expect(buy).toHaveAttribute('target', '_blank')

  // The owners' comparison table, and an inline price with its time.
  const table = main.getByRole('table', { name: 'Golden Age sleeves and bags' })
  await expect(table).toBeVisible()
  await expect(table.getByRole('link', { name: GERBER.title, exact: true })).toHaveAttribute(
    'href',
    `/product/${GERBER.asin}`,
  )
  await expect(main.getByText(`cost $${effectivePrice(GERBER).toFixed(2)} (as of`)).toBeVisible()

  // A grid of product cards.
  const boxesSection = main.getByRole('region', { name: 'Box the run' })
  for (const product of BOXES) {
    await expect(boxesSection.getByRole('link', { name: product.title }).first()).toBeVisible()
  }

  await expectNoA11yViolations(page)
})

test('a guide and an information page hydrate as the server drew them, from their packed trees', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  for (const path of [`/guides/${GOLDEN.slug}`, '/about']) {
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
    // A mismatch is reported once React has compared the whole document.
    await page.waitForLoadState('networkidle')
  }
  expect(errors).toEqual([])
})

test('a guide’s grid: no list markers, cards of one height, and two alike titles shown whole', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/guides/${GOLDEN.slug}`)
    const cards = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.locator('.product-card') })
    await expect(cards).toHaveCount(BOXES.length)
    const looks = await cards.evaluateAll((items) =>
      items.map((item) => {
        const title = item.querySelector('h3')!
        return {
          marker: getComputedStyle(item).listStyleType,
          top: item.getBoundingClientRect().top,
          height: item.querySelector('.product-card')!.getBoundingClientRect().height,
          clamped: title.scrollHeight > title.clientHeight + 1,
        }
      }),
    )
    expect(looks.map(({ marker }) => marker)).toEqual(looks.map(() => 'none'))
    // Cards side by side are equally tall.
    for (const card of looks) {
      for (const other of looks.filter(({ top }) => top === card.top)) expect(other.height).toBe(card.height)
    }
    if (width === 1280) expect(new Set(looks.map(({ top }) => top)).size).toBe(1)
    // "… Storage Box (5 pack)" and "… (single)" differ only at their end: neither is cut short.
    expect(looks.slice(0, 2).map(({ clamped }) => clamped)).toEqual([false, false])
    for (const box of BOXES.slice(0, 2)) await expect(cards.getByRole('heading', { name: box.title })).toBeVisible()
  }
})

test('the footer leads to /guides', async ({ page }) => {
  await page.goto('/about')
  await waitForHydration(page)
  await page.getByRole('contentinfo').getByRole('link', { name: 'All Guides' }).click()
  await expect(page).toHaveURL(/\/guides$/)
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Guides' })).toBeVisible()
})

test('a guide that does not exist: "Guide not found."', async ({ page }) => {
  const response = await page.goto('/guides/no-such-guide')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Guide not found.')
  await expectNoA11yViolations(page)
})
