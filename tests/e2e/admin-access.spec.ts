import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'

// The door to the admin panel: first-admin setup, login, the dashboard, logout; and who is kept out.

const PASSWORD = 'a long enough password'

test("the account menu shows an editor's role; an unknown panel page is a 404 in the shell", async ({
  page,
  panelUsers,
}) => {
  const { email } = await panelUsers.createUser('editor', { password: PASSWORD })
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await page.getByText('Account').click()
  await expect(page.getByText('EDITOR', { exact: true })).toBeVisible()
  await waitForHydration(page)
  await expectNoA11yViolations(page)
  await page.goto('/admin/no-such-page')
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expectNoA11yViolations(page)
})

test('the panel sends visitors without a role home', async ({ page }) => {
  for (const path of ['/admin', '/admin/settings', '/admin/products']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/$/)
  }
})
