import type { Page } from '@playwright/test'
import { slugify } from '#app/utils/slug.ts'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'

// Comparison tables (docs/decisions/042), with and without JavaScript: an admin publishes a table and the public page
// shows and sorts it; a shopper ticks products on a category page and compares them; the comparison pages are
// axe clean. Seeded Mylar sleeves (db/seed-data/products.json) fill the tables.

const GOLDEN = { asin: 'B073TEQUFH', title: 'E. Gerber Mylites 2 Mylar Sleeves 775M Golden Age (50)' } // $38.99
const STANDARD = { asin: 'B075BA6GYF', title: 'E. Gerber Mylites 2 Mylar Sleeves 700M Standard (50)' } // $36.49
const SILVER = { asin: 'B076Z1RFVC', title: 'E. Gerber Mylar 4 Mil Sleeves 725M Silver Age (50)' } // $64.99

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const rowTitles = (page: Page) => page.locator('#comparison tbody th[scope="row"] a[href^="/product/"]')

test('an admin publishes a comparison table; the public page shows it and sorts by price', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(120_000)
  const name = `e2e ${test.info().project.name} ${Date.now().toString(36)} Mylar picks`
  const slug = slugify(name)
  await panelUsers.signIn(page.context(), 'admin')

  await page.goto('/admin')
  await page.getByRole('navigation').getByRole('link', { name: 'Comparisons' }).click()
  await expect(page.getByRole('heading', { name: 'Comparisons', level: 1 })).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Add Comparison' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Comparison' })
  await expect(dialog).toBeVisible()
  await waitForHydration(page)

  // Refused first: an unknown ASIN is named on the products field, and nothing is saved.
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Products (ASINs)').fill(`${GOLDEN.asin}\nZZZZ000000`)
  await dialog.getByLabel('Price', { exact: true }).check()
  await dialog.getByRole('button', { name: 'Add Comparison' }).click()
  await expect(dialog.getByText('No product has the ASIN ZZZZ000000.').first()).toBeVisible()

  await dialog.getByLabel('Products (ASINs)').fill([GOLDEN.asin, SILVER.asin, STANDARD.asin].join('\n'))
  await dialog.getByLabel('Description (optional)').fill('Three Gerber sleeves side by side.')
  // The form may have come back from the server: tick what it shows unticked.
  await dialog.getByLabel('Price', { exact: true }).check()
  await dialog.getByLabel('Thickness').check()
  await dialog.getByRole('button', { name: 'Add Comparison' }).click()
  await expect(toast(page, 'Comparison created successfully')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible()

  await page.goto(`/compare/${slug}`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByText('Three Gerber sleeves side by side.')).toBeVisible()
  await expect(rowTitles(page)).toHaveText([GOLDEN.title, SILVER.title, STANDARD.title])
  await expect(page.getByText(/^Prices as of /)).toBeVisible()
  await expect(page.getByRole('link', { name: `View on Amazon ${GOLDEN.title}` })).toHaveAttribute(
    'href',
    `/go/${GOLDEN.asin}?from=comparison`,
  )
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: /^Price/ }).click()
  await expect(page).toHaveURL(new RegExp(`/compare/${slug}\\?sort=price&dir=asc$`))
  await expect(page.getByRole('columnheader', { name: /^Price/ })).toHaveAttribute('aria-sort', 'ascending')
  await expect(rowTitles(page)).toHaveText([STANDARD.title, GOLDEN.title, SILVER.title])
  await page.getByRole('link', { name: /^Price/ }).click()
  await expect(page).toHaveURL(/\?sort=price&dir=desc$/)
  await expect(page.getByRole('columnheader', { name: /^Price/ })).toHaveAttribute('aria-sort', 'descending')
  await expect(rowTitles(page)).toHaveText([SILVER.title, GOLDEN.title, STANDARD.title])

  // Tidy up: the admin deletes it, and its page is gone.
  await page.goto('/admin/comparisons')
  await page.getByRole('link', { name: `Delete ${name}` }).click()
  await page.getByRole('alertdialog', { name: 'Delete comparison' }).getByRole('button', { name: 'Confirm' }).click()
  await expect(toast(page, 'Comparison deleted successfully')).toBeVisible()
  const gone = await page.goto(`/compare/${slug}`)
  expect(gone?.status()).toBe(404)
  await expect(page.getByText('Comparison not found.').first()).toBeVisible()
})

test('a shopper ticks two products on a category page and compares them', async ({ page }) => {
  await page.goto('/category/mylar-sleeves')
  await waitForHydration(page)
  await page.getByRole('checkbox', { name: `Compare ${GOLDEN.title}` }).check()
  await page.getByRole('checkbox', { name: `Compare ${SILVER.title}` }).check()
  const button = page.getByRole('button', { name: isJsProject() ? 'Compare (2)' : 'Compare selected' })
  await expect(button).toBeVisible()
  if (isJsProject()) {
    // At four, the other boxes are disabled.
    const others = await page
      .locator('input[name="asins"]:not(:checked)')
      .evaluateAll((boxes) => boxes.slice(0, 3).map((box) => (box as HTMLInputElement).value))
    const box = (asin: string | undefined) => page.locator(`input[name="asins"][value="${asin}"]`)
    await box(others[0]).check()
    await box(others[1]).check()
    await expect(page.getByRole('button', { name: 'Compare (4)' })).toBeVisible()
    await expect(box(others[2])).toBeDisabled()
    await box(others[1]).uncheck()
    await box(others[0]).uncheck()
    await expect(box(others[2])).toBeEnabled()
  }
  await page.getByRole('button', { name: /^Compare (\(2\)|selected)$/ }).click()
  await expect(page).toHaveURL(/\/compare\?asins=/)
  await expect(page.getByRole('heading', { name: 'Compare Products', level: 1 })).toBeVisible()
  // In the order the listing showed them.
  await expect(rowTitles(page)).toHaveCount(2)
  await expect(rowTitles(page).filter({ hasText: GOLDEN.title })).toHaveCount(1)
  await expect(rowTitles(page).filter({ hasText: SILVER.title })).toHaveCount(1)
  await expect(page.getByText('Not compared')).toHaveCount(0)
  await waitForHydration(page)
  await expectNoA11yViolations(page)
})

test('/compare says what it left out; with nothing asked it explains; axe clean', async ({ page }) => {
  await page.goto(`/compare?asins=${GOLDEN.asin},ZZZZ000000,oops&asins=${STANDARD.asin}`)
  await expect(page.getByText('Not compared: ZZZZ000000 (not found), OOPS (not an ASIN).')).toBeVisible()
  await expect(rowTitles(page)).toHaveText([GOLDEN.title, STANDARD.title])
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  await page.goto('/compare')
  await expect(page.getByText(/Nothing to compare yet/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse the categories' })).toBeVisible()
  await expectNoA11yViolations(page)
})

test('/compare-sleeves: a live table per material, sorted on its own; axe clean', async ({ page }) => {
  await page.goto('/compare-sleeves')
  const mylar = page.getByRole('table', { name: /best-rated Mylar/ })
  await expect(mylar).toBeVisible()
  await expect(page.getByRole('table', { name: /best-rated Polypropylene/ })).toBeVisible()
  await expect(page.getByRole('table', { name: /best-rated Polyethylene/ })).toBeVisible()
  // The guide's prose and links stay.
  await expect(page.getByRole('link', { name: 'Shop Mylar sleeves' })).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  await mylar.getByRole('link', { name: /^Price per unit/ }).click()
  await expect(page).toHaveURL(/\?mylar-sort=unit_price&mylar-dir=asc$/)
  await expect(
    page.getByRole('table', { name: /best-rated Mylar/ }).getByRole('columnheader', { name: /^Price per unit/ }),
  ).toHaveAttribute('aria-sort', 'ascending')
  await expect(page.getByRole('table', { name: /best-rated Polypropylene/ }).locator('th[aria-sort]')).toHaveCount(0)
})
