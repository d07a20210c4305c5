import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createProductRow, recordLinkProblem } from './support/panel.ts'

// The Link health tab of the Products page (docs/decisions/047) as an editor uses it: filter by kind, mark a
// problem seen, replace an ASIN (refused first), hide a product; and the dashboard's card. With and without
// JavaScript; each test works on products of its own.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const token = () => `${test.info().project.name}-${Date.now().toString(36)}`
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title })

test('an editor filters by kind, marks one seen, replaces an ASIN and hides a product', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(90_000)
  const { email } = await panelUsers.signIn(page.context(), 'editor')
  const product = async (title: string) => ({ title, ...(await createProductRow(title)) })
  const rejected = await product(`Rejected sleeves ${token()}`)
  const gone = await product(`Gone boxes ${token()}`)
  const jumpy = await product(`Jumpy boards ${token()}`)
  await recordLinkProblem(rejected.id, 'rejected', `The ItemId ${rejected.asin} provided in the request is invalid.`)
  await recordLinkProblem(gone.id, 'unavailable', 'Currently unavailable.')
  await recordLinkProblem(jumpy.id, 'price-jump', '$10.00 → $14.50 (+45%)')

  await page.goto('/admin/products')
  await page.getByRole('link', { name: 'Link health' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/link-health$/)
  await expect(page.getByRole('link', { name: 'Link health' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { name: 'Open link problems' })).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  // Filter by kind (a GET form).
  await page.getByLabel('Kind').selectOption('unavailable')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/kind=unavailable/)
  await expect(rowOf(page, gone.title)).toContainText('Currently unavailable.')
  await expect(rowOf(page, rejected.title)).toHaveCount(0)

  // Mark it seen: it stays listed (a condition), dimmed, with who saw it.
  await rowOf(page, gone.title)
    .getByRole('button', { name: `Mark seen Unavailable for ${gone.title}` })
    .click()
  await expect(toast(page, 'Marked as seen')).toBeVisible()
  await expect(page).toHaveURL(/kind=unavailable/)
  await expect(rowOf(page, gone.title)).toContainText(`by ${email}`)
  await expect(rowOf(page, gone.title).getByRole('button', { name: /Mark seen/ })).toHaveCount(0)

  // Replace the rejected ASIN: a malformed one is refused under the field, then a good one is taken.
  await page.getByLabel('Kind').selectOption('rejected')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/kind=rejected/)
  const row = rowOf(page, rejected.title)
  await row.getByText(`Replace ASIN`).click()
  await row.getByLabel(`New ASIN for ${rejected.title}`).fill('not-an-asin')
  await row.getByRole('button', { name: `Replace the ASIN of ${rejected.title}` }).click()
  await expect(rowOf(page, rejected.title).getByText(/^Enter an ASIN: 10 capital letters/)).toBeVisible()
  await expectNoA11yViolations(page)
  const newAsin = `B0${randomBytes(4).toString('hex').toUpperCase()}`
  await rowOf(page, rejected.title).getByLabel(`New ASIN for ${rejected.title}`).fill(newAsin.toLowerCase())
  await rowOf(page, rejected.title)
    .getByRole('button', { name: `Replace the ASIN of ${rejected.title}` })
    .click()
  await expect(toast(page, 'ASIN replaced')).toBeVisible()
  // Its problems are resolved with the old ASIN: the row is gone.
  await expect(rowOf(page, rejected.title)).toHaveCount(0)

  // Hide the product whose price jumped.
  await page.goto('/admin/products/link-health?kind=price-jump')
  await rowOf(page, jumpy.title)
    .getByRole('button', { name: `Hide ${jumpy.title}` })
    .click()
  await expect(toast(page, 'Product hidden')).toBeVisible()
  await expect(rowOf(page, jumpy.title)).toContainText('Hidden')
  await expect(rowOf(page, jumpy.title).getByRole('button', { name: `Hide ${jumpy.title}` })).toHaveCount(0)
  await expectNoA11yViolations(page)

  // The replaced product kept its place in the catalogue, under the new ASIN.
  await page.goto(`/admin/products?q=${newAsin}`)
  await expect(page.getByRole('row').filter({ hasText: rejected.title })).toContainText(newAsin)
})

test('the dashboard counts open link problems and names the featured products with one', async ({
  page,
  panelUsers,
}) => {
  await panelUsers.signIn(page.context(), 'viewer')
  const title = `Featured trouble ${token()}`
  const product = await createProductRow(title)
  await recordLinkProblem(product.id, 'no-offer', 'Amazon lists no offer or price for this item.', { featured: true })
  await page.goto('/admin')
  const card = page.getByRole('region', { name: 'Link health' })
  await expect(card.getByRole('link', { name: /^\d+ open link problems?$/ })).toBeVisible()
  await card.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`))
  await page.goto('/admin')
  await expectNoA11yViolations(page)
  await page
    .getByRole('region', { name: 'Link health' })
    .getByRole('link', { name: /open link problem/ })
    .click()
  await expect(page).toHaveURL(/\/admin\/products\/link-health$/)
  // A viewer reads the tab, and may not act.
  await expect(rowOf(page, title).getByRole('button', { name: `Hide ${title}` })).toBeDisabled()
})
