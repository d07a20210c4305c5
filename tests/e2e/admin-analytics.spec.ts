import { readFile } from 'node:fs/promises'
import { addDays } from '#app/schemas/analytics.ts'
import { isoDate } from '#app/utils/format.ts'
import { expectNoA11yViolations } from './support/axe.ts'
import { BROWSER_USER_AGENT } from './support/crawl.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createProductRow } from './support/panel.ts'

// Click analytics as a viewer uses them (docs/decisions/046): a click on a product's page reaches the numbers,
// the date range is changed with the form, each chart has its table, and a table downloads as CSV. Without
// JavaScript too.

const token = () => `${test.info().project.name}-${Date.now().toString(36)}`

test('a viewer opens Analytics, changes the range, reads the tables and downloads one', async ({
  page,
  panelUsers,
  playwright,
}) => {
  const title = `Analytics ${token()}`
  const product = await createProductRow(title)
  // A visitor's click on the product's page: /go records it and sends them to Amazon (not followed here).
  const visitor = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })
  try {
    const click = await visitor.get(`/go/${product.asin}`, {
      maxRedirects: 0,
      headers: { 'user-agent': BROWSER_USER_AGENT, referer: `${process.env.E2E_BASE_URL}/product/${product.asin}` },
    })
    expect(click.status()).toBe(302)
  } finally {
    await visitor.dispose()
  }

  await panelUsers.signIn(page.context(), 'viewer')
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
  await expect(page.getByText(/^Showing \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(30 days/)).toBeVisible()

  const today = isoDate(new Date(), 'America/New_York')
  const from = addDays(today, -6)
  await page.getByLabel('From', { exact: true }).fill(from)
  await page.getByLabel('To', { exact: true }).fill(today)
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${today}`))
  await expect(page.getByText(`Showing ${from} to ${today} (7 days`)).toBeVisible()

  for (const name of ['Clicks by day', 'Top products', 'By store', 'By country', 'By source page']) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
    await expect(page.getByRole('table', { name })).toBeVisible()
  }
  const row = page.getByRole('table', { name: 'Top products' }).getByRole('row').filter({ hasText: product.asin })
  await expect(row.getByRole('rowheader')).toHaveText(title)
  await expect(row.getByRole('cell').nth(1)).toHaveText('1')
  await expect(
    page.getByRole('table', { name: 'By source page' }).getByRole('rowheader', { name: `/product/${product.asin}` }),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV of top products' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`analytics-products-${from}-to-${today}.csv`)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv.split('\n')[0]).toBe('Product,ASIN,Clicks,Views,Clicks on its page,CTR (%)')
  expect(csv).toContain(`${title},${product.asin},1,`)
})

test('a range asked for backwards and before 2000 is shown put right', async ({ page, panelUsers }) => {
  await panelUsers.signIn(page.context(), 'viewer')
  await page.goto('/admin/analytics?from=2000-01-10&to=1999-12-01')
  await expect(page.getByText('Showing 2000-01-01 to 2000-01-10 (10 days')).toBeVisible()
  await expect(page.getByText('The dates asked for were adjusted')).toBeVisible()
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2000-01-01')
})
