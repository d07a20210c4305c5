import { expectNoA11yViolations } from './support/axe.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createEarningRows } from './support/panel.ts'

// What earns, as an owner reads it (docs/decisions/081), with JavaScript on and off: a range on the analytics
// page, the earnings tables, the chart's table of clicks and earnings by day, and the dashboard's top earners.
// Each project has a day of its own long ago, so the two never add to each other's numbers.

const DAYS = { js: '2001-03-01', 'no-js': '2001-03-02' } as Record<string, string>

test('an owner reads what earns by guide, product and day, and the dashboard names the top earners', async ({
  page,
  panelUsers,
}) => {
  const project = test.info().project.name
  const day = DAYS[project]!
  const token = `${project}-${Date.now().toString(36)}`
  const earningsCents = project === 'js' ? 98_765 : 87_654
  const rows = await createEarningRows(token, { day, earningsCents })
  const dollars = project === 'js' ? '$987.65' : '$876.54'

  await panelUsers.signIn(page.context(), 'viewer')
  await page.goto(`/admin/analytics?from=${day}&to=${day}`)
  await expect(page.getByText(`Showing ${day} to ${day} (1 day`)).toContainText(`${dollars} earned`)

  const byProduct = page.getByRole('table', { name: 'Earnings by product' })
  const product = byProduct.getByRole('row').filter({ has: page.getByRole('rowheader', { name: rows.product }) })
  await expect(product.getByRole('cell')).toHaveText([rows.asin, '1', '0', '2', '$50.00', dollars, dollars, '0'])

  const guide = page
    .getByRole('table', { name: 'Earnings by guide' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: rows.guide }) })
  await expect(guide.getByRole('cell')).toHaveText(['1', '0', '2', '$50.00', dollars, dollars, '0'])

  // The chart is a picture for the eyes; its numbers are the table beside it.
  const chart = page.getByRole('region', { name: 'Earnings by day' })
  await expect(chart.locator('svg')).toHaveAttribute('aria-hidden', 'true')
  await expect(chart.getByText('Clicks (bars, left scale)')).toBeVisible()
  await expect(chart.getByText('Earnings (line, right scale)')).toBeVisible()
  const dayRow = page.getByRole('table', { name: 'Earnings by day' }).getByRole('row', { name: day })
  await expect(dayRow.getByRole('cell')).toHaveText(['1', '0', '2', '$50.00', dollars, dollars, '0'])
  await expectNoA11yViolations(page)

  await page.goto('/admin')
  const earners = page.getByRole('region', { name: 'Top earners, last 30 days' })
  await expect(earners.getByRole('listitem').filter({ hasText: rows.guide })).toHaveText(`${rows.guide}: ${dollars}`)
  await expect(earners.getByRole('listitem').filter({ hasText: rows.product })).toHaveText(
    `${rows.product}: ${dollars}`,
  )
})

test('at 390 px the chart fits the screen and the tables scroll within their frame', async ({ page, panelUsers }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await panelUsers.signIn(page.context(), 'viewer')
  await page.goto('/admin/analytics')
  const svg = page.getByRole('region', { name: 'Earnings by day' }).locator('svg')
  const box = (await svg.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
