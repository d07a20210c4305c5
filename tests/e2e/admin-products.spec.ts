import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createMediaRow, createPendingReview, createProductRow } from './support/panel.ts'
import { openProductSwitches } from './support/product-switches.ts'

// The admin Products page: edit a product (gallery from the media picker), the featured and visible
// switches, review moderation, and the CSV export, with and without JavaScript. Each test works on products
// of its own.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const token = () => `${test.info().project.name}-${Date.now().toString(36)}`

async function openSection(page: Page, name: 'Basic' | 'Content' | 'Advanced') {
  // With JavaScript the sections are tabs; without it they are all on the page.
  if (isJsProject()) await page.getByRole('tab', { name }).click()
}

test('edit a product: refused input, then saved; the gallery takes a picture from the media library', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(90_000)
  const title = `Edit me ${token()}`
  const product = await createProductRow(title)
  const pictureName = `gallery-${token()}.png`
  const picture = await createMediaRow(pictureName)
  await panelUsers.open(page, 'editor', `/admin/products?q=${product.asin}`)
  await expectNoA11yViolations(page)
  await page.getByRole('link', { name: `Edit ${title}` }).click()
  const panel = page.getByRole('dialog', { name: 'Edit product' })
  await expect(panel).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}\\?q=${product.asin}$`))
  await expectNoA11yViolations(page)

  await panel.getByLabel('Title').fill('   ')
  await openSection(page, 'Advanced')
  await panel.getByLabel('Affiliate URL').fill('not a url')
  await panel.getByRole('button', { name: 'Save changes' }).click()
  await expect(panel.getByText('Must be a valid URL')).toBeVisible()
  await openSection(page, 'Basic')
  await expect(panel.getByText('Title is required')).toBeVisible()

  const renamed = `Edited ${token()}`
  await panel.getByLabel('Title').fill(renamed)
  await openSection(page, 'Content')
  await panel.getByLabel('Badges').fill(' Acid-free, ,Archival ')
  await panel.getByRole('link', { name: 'Choose from the media library' }).click()
  if (isJsProject()) {
    const picker = page.getByRole('dialog', { name: 'Choose images' })
    await picker.getByLabel('Search media').fill(pictureName)
    await picker.getByRole('checkbox', { name: pictureName }).check()
    await expect(picker.getByText('1 selected')).toBeVisible()
    await picker.getByRole('button', { name: 'Confirm Selection' }).click()
  } else {
    await page
      .getByRole('checkbox', { name: new RegExp(`gallery-${test.info().project.name}`) })
      .first()
      .check()
    await page.getByRole('button', { name: 'Confirm Selection' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit product' })).toBeVisible()
    // Back in the panel without JavaScript: what was typed before is gone, so type it again.
    await panel.getByLabel('Title').fill(renamed)
    await panel.getByLabel('Badges').fill(' Acid-free, ,Archival ')
  }
  await expect(panel.getByLabel('Keep image 1')).toBeChecked()
  await openSection(page, 'Advanced')
  await panel.getByLabel('Affiliate URL').fill('https://www.amazon.com/dp/B000000000?tag=other-20')
  await panel.getByLabel('Manual price (USD)').fill('12.34')
  await panel.getByRole('button', { name: 'Save changes' }).click()

  await expect(toast(page, 'Product updated successfully')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/products\\?q=${product.asin}$`))
  const row = page.getByRole('row').filter({ hasText: renamed })
  await expect(row).toContainText('$12.34')
  await expect(row).toContainText('(manual)')

  await row.getByRole('link', { name: `Edit ${renamed}` }).click()
  await openSection(page, 'Content')
  await expect(panel.getByLabel('Badges')).toHaveValue('Acid-free, Archival')
  // Decorative (alt=""), so not an "img" role: found by tag.
  await expect(panel.locator('img').first()).toHaveAttribute('src', picture)
  await openSection(page, 'Advanced')
  await expect(panel.getByLabel('Affiliate URL')).toHaveValue('https://www.amazon.com/dp/B000000000?tag=comicvault-20')
})

test("specs in the Advanced section: a bad value gets its message, then the kind, eras and pack count show on the product's page", async ({
  page,
  panelUsers,
}) => {
  // Two accessibility scans of the editor (without JavaScript, of a scripted copy of it) and two saves: over a
  // minute on a slow machine.
  test.setTimeout(120_000)
  const title = `Specs ${token()}`
  const product = await createProductRow(title) // $9.99, priced now
  await panelUsers.open(page, 'editor', `/admin/products/${product.id}`)
  const panel = page.getByRole('dialog', { name: 'Edit product' })
  await openSection(page, 'Advanced')
  await expectNoA11yViolations(page)

  const setSpecs = async (thickness: string) => {
    await panel.getByLabel('Kind').selectOption({ label: 'Bag' })
    const fits = panel.getByRole('group', { name: 'Fits' })
    await fits.getByLabel('Modern (Current)').check()
    await fits.getByLabel('Silver Age').check()
    await panel.getByLabel('Pack count').fill('3')
    await panel.getByLabel('Thickness (mil)').fill(thickness)
  }
  await setSpecs('-2')
  await panel.getByRole('button', { name: 'Save changes' }).click()
  await expect(panel.getByText('Thickness must be more than 0 mil')).toBeVisible()
  await expect(panel.getByLabel('Thickness (mil)')).toHaveAttribute('aria-invalid', 'true')
  await expectNoA11yViolations(page)

  await setSpecs('2.5')
  await panel.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page, 'Product updated successfully')).toBeVisible()

  await page.goto(`/product/${product.asin}`)
  const specs = page.getByRole('region', { name: 'Specifications' })
  await expect(specs).toContainText('TypeBag')
  await expect(specs).toContainText('FitsModern (Current), Silver Age')
  await expect(specs).toContainText('Thickness2.5 mil')
  await expect(specs).toContainText('Pack of3')
  // $9.99 for 3 bags.
  await expect(page.getByText('$3.33 per bag').first()).toBeVisible()
})

test('featured and visible switches (toggle buttons); a viewer cannot use them', async ({
  page,
  browser,
  request,
  panelUsers,
}) => {
  const title = `Switch me ${token()}`
  const { product, featured } = await openProductSwitches(page, panelUsers, title)

  // Each switch saves before the next is pressed: the server's answer, not the optimistic state, is awaited.
  const saved = () =>
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/products'),
    )
  let save = saved()
  await featured.click()
  await save
  await expect(toast(page, 'Product updated successfully')).toBeVisible()
  await expect(page.getByRole('button', { name: `Featured: ${title}` })).toHaveAttribute('aria-pressed', 'true')
  save = saved()
  await page.getByRole('button', { name: `Visible: ${title}` }).click()
  await save
  await expect(page.getByRole('button', { name: `Visible: ${title}` })).toHaveAttribute('aria-pressed', 'false')
  await page.reload()
  await expect(page.getByRole('button', { name: `Featured: ${title}` })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: `Visible: ${title}` })).toHaveAttribute('aria-pressed', 'false')
  // Hidden now: gone from the shop.
  expect((await request.get(`/product/${product.asin}`)).status()).toBe(404)

  const viewer = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: isJsProject(),
  })
  await panelUsers.signIn(viewer, 'viewer')
  const viewerPage = await viewer.newPage()
  await viewerPage.goto(`/admin/products?q=${product.asin}`)
  await expect(viewerPage.getByRole('button', { name: `Featured: ${title}` })).toBeDisabled()
  await expect(viewerPage.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0)
  await viewer.close()
})

test('moderate reviews one at a time and several at once', async ({ page, panelUsers }) => {
  const product = await createProductRow(`Reviewed ${token()}`)
  const names = ['One', 'Two', 'Three'].map((n) => `${n} ${token()}`)
  for (const name of names) await createPendingReview(product.id, name)
  await panelUsers.open(page, 'editor', '/admin/products?tab=reviews&status=PENDING')
  await expectNoA11yViolations(page)

  // Nothing ticked: refused, with the message under the buttons (in the browser, or by the server without JS).
  await page.getByRole('button', { name: 'Approve selected' }).click()
  await expect(page.getByText('Select at least one review')).toBeVisible()
  await expect(page.getByRole('cell', { name: names[0], exact: true })).toBeVisible()

  await page.getByRole('button', { name: `Approve the review by ${names[0]}` }).click()
  await expect(toast(page, 'Review status updated')).toBeVisible()
  await expect(page).toHaveURL(/tab=reviews&status=PENDING$/)
  await expect(page.getByText(names[0]!)).toHaveCount(0)

  await page.getByRole('checkbox', { name: new RegExp(`by ${names[1]}`) }).check()
  await page.getByRole('checkbox', { name: new RegExp(`by ${names[2]}`) }).check()
  await page.getByRole('button', { name: 'Reject selected' }).click()
  // Done when both have left the Pending list (the first toast may still be showing).
  await expect(page.getByText(names[1]!)).toHaveCount(0)
  await expect(page.getByText(names[2]!)).toHaveCount(0)
  await page.goto('/admin/products?tab=reviews&status=REJECTED')
  await expect(page.getByRole('row').filter({ hasText: names[1]! })).toContainText('Rejected')
  await expect(page.getByRole('row').filter({ hasText: names[2]! })).toContainText('Rejected')
  await page.goto('/admin/products?tab=reviews&status=APPROVED')
  await expect(page.getByRole('row').filter({ hasText: names[0]! })).toContainText('Approved')
})

test('export every product as CSV', async ({ page, panelUsers }) => {
  const product = await createProductRow(`=SUM(1) ${token()}`)
  await panelUsers.open(page, 'viewer', '/admin/products?tab=bulk')
  await expectNoA11yViolations(page)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv.split('\n')[0]).toBe(
    'asin,title,brand,category_id,affiliate_url,price,rating,review_count,soft_hidden,last_updated,' +
      'kind,fits,inner_width,inner_height,inner_length,thickness_mil,material,pack_count,capacity,' +
      'acid_free,buffered,resealable',
  )
  expect(csv).toContain(`${product.asin},'=SUM(1)`)
  if (isJsProject()) await expect(toast(page, 'CSV exported successfully')).toBeVisible()
})
