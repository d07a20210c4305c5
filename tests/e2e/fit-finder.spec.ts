import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'

// "What fits my books" (/fit, docs/decisions/043), with and without JavaScript: reached from the header, asked
// with a GET form, answered with the kit, the totals and the groups per era, at an address that can be shared.

async function expectSilverAnswer(page: Page) {
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2, name: 'Your starter kit' })).toBeVisible()
  await expect(main.getByText(/^Starter kit total: \$\d+\.\d\d$/)).toBeVisible()
  await expect(main.getByRole('heading', { level: 2, name: 'What your books need' })).toBeVisible()
  await expect(main.getByText(/^120 Silver Age books: 2 packs of 100 bags × \$\d+\.\d\d = \$\d+\.\d\d$/)).toBeVisible()
  await expect(main.getByText(/^Total for your books: \$[\d,]+\.\d\d$/)).toBeVisible()
  const silver = main.getByRole('region', { name: 'What fits Silver Age books' })
  await expect(silver.getByRole('heading', { level: 3 })).toHaveText(['Bags and sleeves', 'Boards', 'Boxes'])
  for (const group of ['Bags and sleeves', 'Boards', 'Boxes']) {
    await expect(silver.getByRole('region', { name: group }).getByRole('listitem').first()).toBeVisible()
  }
  // Every way out to Amazon is /go/{asin}, in a new tab.
  const buy = main.getByRole('link', { name: /^View on Amazon/ }).first()
  await expect(buy).toHaveAttribute('href', /^\/go\/[A-Z0-9]{10}\?from=fit-finder$/)
  await expect(buy).toHaveAttribute('target', '_blank')
  // Nothing else was chosen.
  await expect(main.getByRole('heading', { name: 'What fits Golden Age books' })).toHaveCount(0)
}

test('from the header to an answer for 120 Silver Age books, at an address that can be shared', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'Fit Finder', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/fit')
  await expect(page.getByRole('heading', { level: 1, name: 'What fits my books?' })).toBeVisible()
  await expect(page.getByText(/Choose at least one era above/)).toBeVisible()
  await expectNoA11yViolations(page)

  await waitForHydration(page)
  const form = page.getByRole('group', { name: 'Which eras are your comics from?' })
  await form.getByRole('checkbox', { name: 'Silver Age', exact: true }).check()
  await form.getByRole('spinbutton', { name: 'How many books? (Silver Age)' }).fill('120')
  await page.getByRole('button', { name: 'Find what fits' }).click()

  await page.waitForURL((url) => url.searchParams.get('silver') === '120')
  const url = new URL(page.url())
  expect(url.searchParams.getAll('era')).toEqual(['silver'])
  await expectSilverAnswer(page)
  await expectNoA11yViolations(page)

  // Shared or reloaded, the address gives the same answer, with the question still filled in.
  await page.reload()
  await expectSilverAnswer(page)
  await expect(form.getByRole('checkbox', { name: 'Silver Age', exact: true })).toBeChecked()
  await expect(form.getByRole('spinbutton', { name: 'How many books? (Silver Age)' })).toHaveValue('120')
  await expect(form.getByRole('checkbox', { name: 'Golden Age', exact: true })).not.toBeChecked()
})

test('the sizes guide and the home page lead to the finder', async ({ page }) => {
  await page.goto('/sizes-guide')
  await expect(page.getByRole('main').getByRole('link', { name: 'Fit Finder' })).toHaveAttribute('href', '/fit')
  await page.goto('/')
  await page.getByRole('link', { name: 'Open the Fit Finder' }).click()
  await page.waitForURL((url) => url.pathname === '/fit')
})

test('an address that cannot be a question still gets a sane page', async ({ page }) => {
  const response = await page.goto('/fit?era=bogus&era=golden&golden=-5&silver=abc')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 2, name: 'What fits Golden Age books' })).toBeVisible()
  // A count of 0 asks for no totals.
  await expect(page.getByRole('heading', { name: 'What your books need' })).toHaveCount(0)
  await expect(page.getByRole('spinbutton', { name: 'How many books? (Golden Age)' })).toHaveValue('0')
  await expectNoA11yViolations(page)
})
