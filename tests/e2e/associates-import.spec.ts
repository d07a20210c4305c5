import { expectNoA11yViolations } from './support/axe.ts'
import { expect, test } from './support/panel-fixture.ts'

// An admin imports Associates Central's earnings report (docs/decisions/080): from Analytics to the import page,
// the file chosen and sent, the progress page to its end, and the import listed. Without JavaScript too (the
// progress page then offers a Refresh link while the import runs).

test('an admin imports an earnings report and sees it listed', async ({ page, panelUsers }) => {
  const project = test.info().project.name
  // Each project its own period: importing a period again replaces it.
  const month = project === 'no-js' ? '03' : '01'
  const fileName = `earnings-${project}-${Date.now().toString(36)}.csv`
  const report = [
    `Fee-Earnings reports from 2024-${month}-01 to 2024-${month}-31`,
    'Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group',
    `Collectibles,"Comic sleeves, 100",B000000001,Amazon.com,comicvault-20,2024-${month}-03,9.99,2,0,19.98,0.80,DESKTOP`,
    `Collectibles,Long boxes,B0NOTOURS1,Amazon.com,COMICVAULT-20,${month}/04/2024,24.99,1,0,24.99,1.00,PHONE`,
    '',
  ].join('\n')

  await panelUsers.signIn(page.context(), 'admin')
  await page.goto('/admin/analytics')
  await page.getByRole('link', { name: 'Import Associates reports' }).click()
  await expect(page.getByRole('heading', { name: 'Import Associates reports', level: 1 })).toBeVisible()
  await expectNoA11yViolations(page)

  await page.getByLabel('Report file (CSV or TSV)').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(report),
  })
  await page.getByRole('button', { name: 'Import' }).click()

  await expect(page.getByRole('heading', { name: new RegExp(`^Report import #\\d+: ${fileName}$`) })).toBeVisible()
  const status = page.getByRole('status').filter({ hasText: /Import (Complete|Failed)/ })
  if (project === 'no-js') {
    // The page does not follow the import by itself: Refresh until it has ended.
    await expect(async () => {
      if (await status.count()) return
      await page.getByRole('link', { name: 'Refresh' }).click()
      throw new Error('still running')
    }).toPass({ timeout: 15_000 })
  }
  await expect(status).toContainText(
    `Import Complete. Imported 2 rows of the earnings report for 2024-${month}-01 to 2024-${month}-31`,
  )
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Back to imports' }).click()
  const row = page
    .getByRole('table', { name: 'Imported reports, newest first' })
    .getByRole('row')
    .filter({ hasText: fileName })
  await expect(row).toContainText(`Earnings2024-${month}-01 to 2024-${month}-312${fileName}`)
})

test('a file that is not a report is refused with the reason, and nothing is listed', async ({ page, panelUsers }) => {
  const fileName = `not-a-report-${test.info().project.name}-${Date.now().toString(36)}.csv`
  await panelUsers.signIn(page.context(), 'admin')
  await page.goto('/admin/analytics/import')
  await page.getByLabel('Report file (CSV or TSV)').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from('Category,Name,ASIN\nCollectibles,Sleeves,B000000001\n'),
  })
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('alert')).toContainText('The report was not imported')
  await expect(page.getByRole('alert')).toContainText('does not start with the report’s title line')
  await expect(page.getByText(fileName)).toHaveCount(0)
})
