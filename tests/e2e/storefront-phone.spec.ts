import { expect, test, type Page } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import {
  applyFilters,
  cardPrices,
  expectSorted,
  filterForm,
  productCards,
  visibleSeedProducts,
} from './support/storefront.ts'

// Smoke test of the storefront on a phone (390 x 844): one column, nothing wider than the screen, the first
// products in the first screen with the filters behind a "Filters" control, and the filters still work. With and
// without JavaScript.

test.use({ viewport: { width: 390, height: 844 } })

const PHONE_WIDTH = 390

async function expectNoHorizontalScroll(page: Page) {
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth, `page width (scrollWidth) of ${page.url()} at ${PHONE_WIDTH}px`).toBeLessThanOrEqual(PHONE_WIDTH)
}

test('category page: the filters wait behind "Filters", a one-column grid fits the screen, and both work', async ({
  page,
}) => {
  const mylar = visibleSeedProducts('mylar-sleeves')
  await page.goto('/category/mylar-sleeves')
  await waitForHydration(page)
  await expectNoHorizontalScroll(page)

  // The first product starts in the first screen; the form is closed until asked for.
  const form = filterForm(page)
  await expect(form).toBeHidden()
  await expect(productCards(page.getByRole('main')).first()).toBeInViewport()
  await page.getByText('Filters', { exact: true }).click()
  await expect(form).toBeVisible()
  const formBox = (await form.boundingBox())!
  expect(formBox.x).toBeGreaterThanOrEqual(0)
  expect(formBox.x + formBox.width).toBeLessThanOrEqual(PHONE_WIDTH)
  for (const control of [
    form.getByLabel('Sort by'),
    form.getByLabel('Minimum price'),
    form.getByLabel('Maximum price'),
    form.getByRole('radio', { name: '4+ Stars' }),
  ]) {
    await control.scrollIntoViewIfNeeded()
    await expect(control).toBeInViewport({ ratio: 1 })
  }

  // One column: every card starts at the same x and takes (nearly) the whole width.
  const cards = productCards(page.getByRole('main'))
  await expect(cards).toHaveCount(mylar.length)
  const boxes = await cards.evaluateAll((elements) =>
    elements.map((element) => {
      const { x, width } = element.getBoundingClientRect()
      return { x: Math.round(x), width: Math.round(width) }
    }),
  )
  expect(new Set(boxes.map((box) => box.x)).size, 'cards share one column').toBe(1)
  for (const box of boxes) {
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE_WIDTH)
    expect(box.width).toBeGreaterThan(PHONE_WIDTH * 0.75)
  }

  // The filters work from the phone too.
  await form.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' })
  await applyFilters(page, (params) => params.get('sort') === 'price-high')
  await expect.poll(async () => (await cardPrices(page.getByRole('main'))).length).toBe(mylar.length)
  expectSorted(await cardPrices(page.getByRole('main')), 'descending', 'prices')

  // Without JavaScript the filtered page arrives with its results first and the filters closed again.
  if (!isJsProject()) {
    await expect(form).toBeHidden()
    await page.getByText('Filters', { exact: true }).click()
  }
  await form.getByRole('radio', { name: '4+ Stars' }).check()
  await applyFilters(page, (params) => params.get('rating') === '4')
  await expect(cards).toHaveCount(mylar.filter((p) => p.rating >= 4).length)
  await expectNoHorizontalScroll(page)

  // A page that arrives filtered says how many filters narrow it, on the closed control.
  await page.goto('/category/mylar-sleeves?rating=4&fits=golden&fits=silver')
  await expect(page.getByText('Filters (3 active)', { exact: true })).toBeVisible()
  await expect(filterForm(page)).toBeHidden()
})

for (const path of ['/product/B073TEQUFH', '/reviews/B073TEQUFH', '/search?q=mylar']) {
  test(`${path} fits the screen`, async ({ page }) => {
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoHorizontalScroll(page)
  })
}

test('the header shows the whole "(dev/beta)" label: not cut, not clipped, on the screen', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const banner = page.getByRole('banner')
  const label = banner.getByText('(dev/beta)', { exact: true })
  await expect(label).toBeVisible()
  await expect(banner.getByRole('link', { name: 'Comic Vault Supplies (dev/beta)' })).toBeVisible()

  // Nothing between the label and the header cuts it off: every box that hides overflow has room for it all.
  const clipping = await label.evaluate((element) => {
    const cut: string[] = []
    for (let box: Element | null = element; box && box.tagName !== 'BODY'; box = box.parentElement) {
      const style = getComputedStyle(box)
      const hides = style.overflowX !== 'visible' || style.textOverflow !== 'clip'
      if (hides && box.scrollWidth > box.clientWidth) {
        cut.push(`<${box.tagName.toLowerCase()} class="${box.className}"> ${box.scrollWidth} > ${box.clientWidth}`)
      }
    }
    return cut
  })
  expect(clipping, 'boxes that cut the label off').toEqual([])

  const box = (await label.boundingBox())!
  expect(box.width).toBeGreaterThan(0)
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE_WIDTH)
  // The whole label is painted where it stands: the element at each end of it is the label itself.
  for (const x of [box.x + 2, box.x + box.width - 2]) {
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
      [x, box.y + box.height / 2],
    )
    expect(hit, `what is painted at x=${Math.round(x)}`).toBe('(dev/beta)')
  }
  await expectNoHorizontalScroll(page)
})
