import { expect, test } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { createPanelUser, uniqueEmail, withPanelToMyself } from './support/panel.ts'

// The door to the admin panel (issue 5): first-admin setup, login, the dashboard, logout; and who is kept out.

const PASSWORD = 'a long enough password'

test('setup → login → dashboard → logout', async ({ page }) => {
  // It may wait for the other project's run of this test, which holds the panel meanwhile.
  test.setTimeout(90_000)
  const email = `first-admin-${Date.now()}-${test.info().project.name}@example.com`
  // The whole test holds the panel: another spec making admins meanwhile would close setup, or demote ours.
  await withPanelToMyself(async (removeAdmins) => {
    await removeAdmins()
    await page.goto('/admin/login')
    await expect(page.getByRole('link', { name: 'Create first admin' })).toBeVisible()
    await page.getByRole('link', { name: 'Create first admin' }).click()
    await expect(page.getByRole('heading', { name: 'Create the first admin' })).toBeVisible()
    await waitForHydration(page)
    await expectNoA11yViolations(page)

    await page.getByLabel('Email').fill('not-an-address')
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByLabel('Confirm password').fill('different')
    await page.getByRole('button', { name: 'Create admin account' }).click()
    await expect(page.getByText('Invalid email address')).toBeVisible()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()

    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create admin account' }).click()
    await expect(page.getByRole('heading', { name: 'Admin Account Created' })).toBeVisible()
    // On to the sign-in page by itself after 3 seconds.
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 10_000 })

    await expect(page.getByRole('link', { name: 'Create first admin' })).toHaveCount(0)
    await waitForHydration(page)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('wrong password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('Login Failed')
    await expect(page.getByRole('alert')).toContainText('Invalid email or password.')

    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
    await expect(page.locator('main dl').first().locator('dt')).toHaveText([
      'Total Products',
      'Categories',
      'Media Files',
      'Featured Products',
    ])
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Products',
      'Categories',
      'Media',
      'Settings',
    ])
    await waitForHydration(page)
    await expectNoA11yViolations(page)

    await page.getByText('Account').click()
    await expect(page.getByText(email)).toBeVisible()
    await expect(page.getByText('ADMIN', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toBeVisible()

    // Signed out, the panel sends the visitor home.
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/$/)
  })
})

test("the account menu shows an editor's role; an unknown panel page is a 404 in the shell", async ({ page }) => {
  const email = uniqueEmail('editor')
  await createPanelUser(email, 'editor', PASSWORD)
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await page.getByText('Account').click()
  await expect(page.getByText('EDITOR', { exact: true })).toBeVisible()
  await page.goto('/admin/no-such-page')
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
})

test('the panel sends visitors without a role home', async ({ page }) => {
  for (const path of ['/admin', '/admin/settings', '/admin/products']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/$/)
  }
})
