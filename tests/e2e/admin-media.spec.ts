import type { Page } from '@playwright/test'
import { pngImage, WEBP_1X1 } from '#tests/support/images.ts'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createDraftGuideCovering, createProductShowing } from './support/panel.ts'

// The media library: upload, folder, move, tag, delete, and the picker's round trip.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test('upload, file, tag and delete media, and pick it for a product', async ({ page, panelUsers }) => {
  test.setTimeout(120_000)
  const prefix = `e2e-${test.info().project.name}-${Date.now().toString(36)}`
  const [pngName, webpName] = [`${prefix}-cover.png`, `${prefix}-sleeve.webp`]
  const folderName = `Folder ${prefix}`
  await panelUsers.signIn(page.context(), 'admin')

  await page.goto('/admin/media')
  await expect(page.getByRole('heading', { name: 'Media' })).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  await page.getByLabel('Images (JPEG, PNG or WebP, up to 4 MB each)').setInputFiles([
    { name: pngName, mimeType: 'image/png', buffer: pngImage(8, 6) },
    { name: webpName, mimeType: 'image/webp', buffer: WEBP_1X1 },
  ])
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(toast(page, 'File uploaded successfully')).toBeVisible()

  await page.goto(`/admin/media?q=${prefix}`)
  await waitForHydration(page)
  await expect(page.getByRole('checkbox', { name: `Select ${pngName}` })).toBeVisible()
  await expect(page.getByText('8×6')).toBeVisible()

  await page.getByLabel('Folder name').fill(`  ${folderName}  `)
  await page.getByRole('button', { name: 'New Folder' }).click()
  await expect(toast(page, 'Folder created successfully')).toBeVisible()

  await page.getByRole('checkbox', { name: `Select ${pngName}` }).check()
  if (isJsProject()) await expect(page.getByText('1 selected')).toBeVisible()
  await page.getByLabel('Move to folder').selectOption({ label: folderName })
  await page.getByRole('button', { name: 'Move', exact: true }).click()
  await expect(toast(page, 'Media updated successfully')).toBeVisible()

  await page.getByLabel('Folder', { exact: true }).selectOption({ label: folderName })
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('checkbox', { name: `Select ${pngName}` })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: `Select ${webpName}` })).toHaveCount(0)

  await page.getByRole('checkbox', { name: `Select ${pngName}` }).check()
  await page.getByLabel('Tags (comma-separated)').fill(' mylar, boards , mylar ')
  await page.getByRole('button', { name: 'Set tags' }).click()
  await expect(toast(page, 'Media updated successfully')).toBeVisible()
  await expect(page.getByText('Tags: mylar, boards')).toBeVisible()

  await page.getByRole('link', { name: 'List' }).click()
  await expect(page.getByRole('table')).toBeVisible()
  await expectNoA11yViolations(page)

  // The picker, as a page: two files, back to the product's edit panel with their URLs.
  await page.goto(`/admin/media/picker?returnTo=${encodeURIComponent('/admin/products/1?tab=content')}&q=${prefix}`)
  await expect(page.getByRole('heading', { name: 'Choose images' })).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)
  await page.getByRole('checkbox', { name: pngName }).check()
  await page.getByRole('checkbox', { name: webpName }).check()
  if (isJsProject()) await expect(page.getByText('2 selected')).toBeVisible()
  await page.getByRole('button', { name: 'Confirm Selection' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/1\?/)
  const images = new URL(page.url()).searchParams.getAll('images')
  expect(images).toHaveLength(2)
  expect(images.every((url) => /\/uploads\/\d{13}-[a-f0-9]{16}\.(png|webp)$/.test(url))).toBe(true)
  expect(new URL(page.url()).searchParams.get('tab')).toBe('content')
  // The chosen files are served, as images.
  const served = await page.request.get(images[0]!)
  expect(served.headers()['content-type']).toMatch(/^image\//)
  expect(served.headers()['cache-control']).toContain('max-age=3600')

  await page.goto(`/admin/media?q=${prefix}`)
  await waitForHydration(page)
  await page.getByRole('button', { name: `Delete ${pngName}` }).click()
  await expect(toast(page, 'Media deleted successfully')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: `Select ${pngName}` })).toHaveCount(0)
  await expect(page.getByRole('checkbox', { name: `Select ${webpName}` })).toBeVisible()
  expect((await page.request.get(images.find((url) => url.endsWith('.png'))!)).status()).toBe(404)
})

test('a refused upload says why', async ({ page, panelUsers }) => {
  const name = `e2e-${test.info().project.name}-${Date.now().toString(36)}-fake.png`
  await panelUsers.open(page, 'admin', '/admin/media')
  await page
    .getByLabel('Images (JPEG, PNG or WebP, up to 4 MB each)')
    .setInputFiles([{ name, mimeType: 'image/png', buffer: Buffer.from('<html><body>not an image</body></html>') }])
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'Upload failed' })
  await expect(alert).toContainText(`${name} is not a JPEG, PNG or WebP image`)
  await expectNoA11yViolations(page)
})

const inUse = [
  { kind: 'guide', show: createDraftGuideCovering, reason: 'is shown by 1 guide or page' },
  { kind: 'product', show: createProductShowing, reason: 'is shown by 1 product' },
]

for (const { kind, show, reason } of inUse) {
  test(`a file a ${kind} shows is kept, and the refusal says why`, async ({ page, panelUsers }) => {
    const name = `e2e-${test.info().project.name}-${Date.now().toString(36)}-${kind}.png`
    await panelUsers.open(page, 'admin', '/admin/media')
    await page
      .getByLabel('Images (JPEG, PNG or WebP, up to 4 MB each)')
      .setInputFiles([{ name, mimeType: 'image/png', buffer: pngImage(8, 6) }])
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(toast(page, 'File uploaded successfully')).toBeVisible()
    await show(name)

    await page.goto(`/admin/media?q=${name}`)
    await waitForHydration(page)
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    const alert = page.getByRole('alert').filter({ hasText: 'Delete failed' })
    await expect(alert).toContainText(`${name} ${reason}; remove it from them first.`)
    await page.goto(`/admin/media?q=${name}`)
    await expect(page.getByRole('checkbox', { name: `Select ${name}` })).toBeVisible()
  })
}
