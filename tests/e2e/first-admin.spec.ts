import { expect, test } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { removeAdmins } from './support/panel.ts'

// First-admin setup, the way a new site's owner meets it. These projects run before all others
// (playwright.config.ts), so nothing else is making admins meanwhile.

const PASSWORD = 'a long enough password'

test('setup → login → dashboard → logout', async ({ page }) => {
  const email = `first-admin-${Date.now()}-${test.info().project.name}@example.com`
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
  if (isJsProject()) {
    // With JavaScript: "Admin Account Created" for 3 s, then on to sign-in by itself.
    await expect(page.getByRole('heading', { name: 'Admin Account Created' })).toBeVisible()
    await expectNoA11yViolations(page)
    await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 10_000 })
  } else {
    await expect(page).toHaveURL(/\/admin\/login$/)
    await expect(page.getByRole('status').filter({ hasText: 'Admin Account Created' })).toBeVisible()
  }

  await expect(page.getByRole('link', { name: 'Create first admin' })).toHaveCount(0)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('wrong password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Login Failed')
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.')

  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
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
    'Comparisons',
    'Guides',
    'Pages',
    'Analytics',
    'Search',
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
