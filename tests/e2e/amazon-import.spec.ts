import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'

// Manual Import and the bulk import of Bulk Tools against the Amazon stand-in the e2e server starts (it
// knows every ASIN starting with B0), with and without JavaScript. The worker imports 10 ASINs a second.

/** ASINs no other test or project uses (at most 36). */
function freshAsins(count: number): string[] {
  const project = isJsProject() ? 'J' : 'N'
  const stamp = Date.now().toString(36).toUpperCase().slice(-6)
  return Array.from({ length: count }, (_, i) => `B0${project}${stamp}${i.toString(36).toUpperCase()}`)
}

// Every import of the run shares Amazon's one request a second (and the stand-in's 429s), so a job may queue
// behind the other project's: its result can take a while on a busy machine.
const JOB_WAIT_MS = 45_000

/** Waits for the job to end: by itself with JavaScript (the page polls), by the Refresh link without. */
async function waitForResult(page: Page, heading: string) {
  const result = page.getByRole('heading', { name: heading, level: 2 })
  if (isJsProject()) {
    await expect(result).toBeVisible({ timeout: JOB_WAIT_MS })
    return
  }
  await expect(async () => {
    if (await result.isVisible()) return
    await page.getByRole('link', { name: 'Refresh' }).click()
    await expect(result).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: JOB_WAIT_MS })
}

test.beforeEach(async ({ page, panelUsers }) => {
  test.setTimeout(JOB_WAIT_MS + 45_000)
  await panelUsers.signIn(page.context(), 'admin')
})

test('manual import: checks the list, imports, and shows the result', async ({ page }) => {
  const [first, second] = freshAsins(2)
  await page.goto('/admin/products?tab=import')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Manual Import', level: 2 })).toBeVisible()
  await expectNoA11yViolations(page)

  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByText('Please enter at least one ASIN')).toBeVisible()
  await expect(page.getByLabel('ASINs')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('ASINs').fill(`${first}, ${second}\nX000000001`)
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/jobs\/\d+$/)
  await expect(page.getByRole('status').filter({ hasText: 'Import Started' })).toBeVisible()
  await waitForHydration(page)
  await waitForResult(page, 'Import Complete')
  await expect(
    page.getByRole('definition').filter({
      hasText: 'Imported 2 of 3 products: 2 new (hidden until curated), 0 updated; 1 skipped.',
    }),
  ).toBeVisible()
  await expect(page.getByText('X000000001: The ItemId X000000001 provided in the request is invalid.')).toBeVisible()
  await expectNoA11yViolations(page)

  // Hidden until curated, and listed in the products table.
  await page.goto(`/admin/products?q=${first}`)
  await expect(page.getByRole('cell', { name: first, exact: true })).toBeVisible()
})

test('manual import of ASINs Amazon does not know fails with the spec message', async ({ page }) => {
  await page.goto('/admin/products?tab=import')
  await waitForHydration(page)
  await page.getByLabel('ASINs').fill('X000000002 X000000003')
  await page.getByRole('button', { name: 'Import' }).click()
  await waitForHydration(page)
  await waitForResult(page, 'Import Failed')
  await expect(
    page.getByRole('definition').filter({ hasText: 'No products found for the provided ASINs.' }),
  ).toBeVisible()
})

test('bulk import: one ASIN per line, with progress, failures listed; the refresh status beside it', async ({
  page,
}) => {
  const asins = freshAsins(12)
  await page.goto('/admin/products?tab=bulk')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Bulk import', level: 2 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Run refresh now' })).toBeEnabled()
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible()
  await expectNoA11yViolations(page)

  await page.getByRole('button', { name: 'Start bulk import' }).click()
  await expect(page.getByText('No ASINs provided')).toBeVisible()

  await page.getByLabel('ASINs, one per line').fill([...asins, 'X000000004', asins[0]].join('\n'))
  await page.getByRole('button', { name: 'Start bulk import' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/jobs\/\d+$/)
  await expect(page.getByRole('heading', { name: /^Bulk import #\d+$/, level: 1 })).toBeVisible()
  await waitForHydration(page)
  await waitForResult(page, 'Import Complete')
  await expect(page.getByText('13 of 13 ASINs processed (100%)')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Failures (1)' })).toBeVisible()
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Back to Products' }).click()
  await expect(page.getByRole('link', { name: /^Import #\d+$/ }).first()).toBeVisible()
})

test('an editor sees Run refresh now disabled', async ({ page, panelUsers }) => {
  await panelUsers.signIn(page.context(), 'editor')
  await page.goto('/admin/products?tab=bulk')
  await expect(page.getByRole('button', { name: 'Run refresh now' })).toBeDisabled()
  await expect(page.getByText('Only an admin can run the refresh.')).toBeVisible()
})
