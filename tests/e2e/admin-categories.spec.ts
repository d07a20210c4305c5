import type { Page } from '@playwright/test'
import { slugify } from '#app/utils/slug.ts'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'

// /admin/categories: add, edit, hide, show and delete a category, with and without
// JavaScript; what a viewer and an editor may not do. Every category made here has a name unique to the
// run and project, and the seeded ones are only looked at.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test('add, edit, hide, show and delete a category', async ({ page, panelUsers }) => {
  // Seven page states, each with an axe run (without JavaScript, in a twin page): more than the default 30 s, and
  // 80 s without JavaScript on a busy CI machine.
  test.setTimeout(180_000)
  const token = `e2e${test.info().project.name.replace(/\W/g, '')}${Date.now().toString(36)}`
  const name = `${token} Graded Slabs`
  const renamed = `${token} Slab Storage`
  const slug = slugify(name)
  await panelUsers.open(page, 'admin', '/admin/categories')
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible()
  await page.getByLabel('Search categories').fill(token)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}$`))
  await expect(page.getByText(`No categories match "${token}".`)).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  // Add
  await page.getByRole('link', { name: 'Add Category' }).click()
  const addDialog = page.getByRole('dialog', { name: 'Add Category' })
  await expect(addDialog).toBeVisible()
  await waitForHydration(page)
  if (isJsProject()) {
    // Modal: Escape closes it and goes back to the list.
    await page.keyboard.press('Escape')
    await expect(addDialog).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}$`))
    await page.getByRole('link', { name: 'Add Category' }).click()
    await expect(addDialog).toBeVisible()
  }
  await expectNoA11yViolations(page)
  await addDialog.getByRole('button', { name: 'Add Category' }).click()
  await expect(addDialog.getByText('Name is required').first()).toBeVisible()
  await addDialog.getByLabel('Name').fill('!!!')
  await addDialog.getByRole('button', { name: 'Add Category' }).click()
  await expect(
    addDialog.getByText('The name needs at least one letter or digit to make its slug.').first(),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  await addDialog.getByLabel('Name').fill(name)
  await addDialog.getByLabel('Description (optional)').fill('Hard cases for graded books.')
  await addDialog.getByLabel('Image URL (optional)').fill('/images/categories/mylar-sleeves.svg')
  await addDialog.getByRole('button', { name: 'Add Category' }).click()
  await expect(toast(page, 'Category created successfully')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`\\?q=${token}$`))
  const row = () => page.getByRole('row').filter({ hasText: token })
  await expect(row()).toHaveCount(1)
  await expect(row().getByRole('cell').first()).toHaveText(slug)
  await expect(row()).toContainText('Active')
  await waitForHydration(page)
  await expectNoA11yViolations(page)

  // The same name again: the slug clash is explained, nothing is added.
  await page.getByRole('link', { name: 'Add Category' }).click()
  await waitForHydration(page)
  await addDialog.getByLabel('Name').fill(name.toUpperCase())
  await addDialog.getByRole('button', { name: 'Add Category' }).click()
  await expect(addDialog.getByRole('alert')).toContainText('Failed to create category')
  await expect(addDialog.getByRole('alert')).toContainText(`A category with the slug "${slug}" already exists.`)
  await addDialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(addDialog).toHaveCount(0)
  await expect(row()).toHaveCount(1)

  // Edit: the name changes, the slug does not.
  await waitForHydration(page)
  await page.getByRole('link', { name: `Edit ${name}` }).click()
  const editDialog = page.getByRole('dialog', { name: `Edit ${name}` })
  await expect(editDialog).toBeVisible()
  await expect(editDialog.getByLabel('Name')).toHaveValue(name)
  await expect(editDialog.getByText(slug)).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)
  await editDialog.getByLabel('Name').fill(renamed)
  await editDialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Category updated successfully')).toBeVisible()
  await expect(page.getByRole('rowheader', { name: renamed })).toBeVisible()
  await expect(row().getByRole('cell').first()).toHaveText(slug)

  // Hide, then show.
  await waitForHydration(page)
  await page.getByRole('button', { name: `Hide ${renamed}` }).click()
  await expect(toast(page, `"${renamed}" is now hidden.`)).toBeVisible()
  await expect(row()).toContainText('Hidden')
  await waitForHydration(page)
  await page.getByRole('button', { name: `Show ${renamed}` }).click()
  await expect(toast(page, `"${renamed}" is now active.`)).toBeVisible()
  await expect(row()).toContainText('Active')

  // Delete, after confirming.
  await waitForHydration(page)
  await page.getByRole('link', { name: `Delete ${renamed}` }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete category' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText(`Delete ${renamed}? This cannot be undone.`)
  await waitForHydration(page)
  if (isJsProject()) await expect(confirm.getByRole('link', { name: 'Cancel' })).toBeFocused()
  await expectNoA11yViolations(page)
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(toast(page, 'Category deleted successfully')).toBeVisible()
  await expect(page.getByText(`No categories match "${token}".`)).toBeVisible()
})

test('a viewer sees every control but search disabled', async ({ page, panelUsers }) => {
  await panelUsers.open(page, 'viewer', '/admin/categories?q=mylar')
  await expect(page.getByRole('rowheader', { name: 'Mylar Sleeves' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add Category' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Add Category' })).toHaveCount(0)
  for (const control of ['Hide Mylar Sleeves', 'Edit Mylar Sleeves', 'Delete Mylar Sleeves']) {
    await expect(page.getByRole('button', { name: control })).toBeDisabled()
  }
  await expect(page.getByRole('button', { name: 'Search' })).toBeEnabled()
  await expectNoA11yViolations(page)
  // The forms are not offered by address either.
  await page.goto('/admin/categories?new')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('an editor may edit but not delete; a category with products cannot be deleted by anyone', async ({
  page,
  panelUsers,
}) => {
  await panelUsers.open(page, 'editor', '/admin/categories?q=mylar')
  await expect(page.getByRole('link', { name: 'Add Category' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Edit Mylar Sleeves' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Hide Mylar Sleeves' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Delete Mylar Sleeves' })).toBeDisabled()
  await expect(page.getByText('A category can be deleted only when it has no products.')).toBeVisible()
  await expectNoA11yViolations(page)
})
