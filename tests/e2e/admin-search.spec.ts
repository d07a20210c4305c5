import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'

// /admin/search (issue 51): add, edit and delete a synonym with its field messages; a search that found nothing
// shows in the report and becomes a synonym in one step; the no-result page's links each find products. With and
// without JavaScript; every word made here is unique to the run and project.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test('add, edit and delete a synonym', async ({ page, panelUsers }) => {
  test.setTimeout(120_000)
  const token = `e2e${test.info().project.name.replace(/\W/g, '')}${Date.now().toString(36)}`
  await panelUsers.open(page, 'admin', '/admin/search')
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Add Synonym' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Synonym' })
  await expect(dialog).toBeVisible()
  await waitForHydration(page)
  await dialog.getByRole('button', { name: 'Add Synonym' }).click()
  await expect(dialog.getByText('Words is required').first()).toBeVisible()
  await dialog.getByLabel('Words').fill(`${token} Box`)
  await dialog.getByLabel('Synonym').fill(`  ${token}   box `)
  await dialog.getByRole('button', { name: 'Add Synonym' }).click()
  await expect(dialog.getByText('The synonym must differ from the words.').first()).toBeVisible()
  await expectNoA11yViolations(page)
  await dialog.getByLabel('Synonym').fill(`${token} Crate`)
  await dialog.getByRole('button', { name: 'Add Synonym' }).click()
  await expect(toast(page, 'Synonym added')).toBeVisible()

  await page.getByLabel('Filter synonyms').fill(token)
  await page.getByRole('button', { name: 'Filter' }).click()
  const row = page.getByRole('row').filter({ hasText: `${token} box` })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`${token} crate`)
  await expect(row).toContainText('both ways')

  await row.getByRole('link', { name: /^Edit/ }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${token} box – ${token} crate` })
  await expect(edit).toBeVisible()
  await edit.getByLabel('Direction').selectOption('one-way')
  await edit.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Synonym saved')).toBeVisible()
  await expect(row).toContainText('one way')

  await row.getByRole('link', { name: /^Delete/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete synonym' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(toast(page, 'Synonym deleted')).toBeVisible()
  await expect(page.getByText(`No synonyms match "${token}".`)).toBeVisible()
})

test('a search that found nothing is reported, offers searches that find products, and becomes a synonym', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(120_000)
  const token = `zq${test.info().project.name.replace(/\W/g, '')}${Date.now().toString(36)}`
  await page.goto(`/search?q=${token}`)
  const main = page.getByRole('main')
  await expect(main.getByText(`No products found for "${token}". Try a different search term.`)).toBeVisible()
  const offered = main.getByRole('region', { name: 'Searches that find products' }).getByRole('link')
  await expect(offered.first()).toBeVisible()
  await expect(main.getByRole('region', { name: 'Browse the categories' }).getByRole('link').first()).toBeVisible()
  for (const href of await offered.evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
    const answer = await page.request.get(href)
    expect(answer.status(), href).toBe(200)
    const body = await answer.text()
    expect(body, href).toContain('Results for')
    expect(body, href).not.toContain('No products found for')
  }

  await panelUsers.open(page, 'admin', '/admin/search')
  const empty = page.getByRole('region', { name: 'Searches with no result' })
  const reported = empty.getByRole('row').filter({ hasText: token })
  await expect(reported).toHaveCount(1)
  await reported.getByRole('link', { name: `Make a synonym of ${token}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Synonym' })
  await expect(dialog.getByLabel('Words')).toHaveValue(token)
  await waitForHydration(page)
  await expectNoA11yViolations(page)
  await dialog.getByLabel('Synonym').fill('mylar')
  await dialog.getByRole('button', { name: 'Add Synonym' }).click()
  await expect(toast(page, 'Synonym added')).toBeVisible()
  await page.getByLabel('Filter synonyms').fill(token)
  await page.getByRole('button', { name: 'Filter' }).click()
  const words = page.getByRole('region', { name: "Collectors' words" })
  await expect(words.getByRole('row').filter({ hasText: token })).toContainText('mylar')
})
