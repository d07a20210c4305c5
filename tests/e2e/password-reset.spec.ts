import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'
import { expect, test } from './support/panel-fixture.ts'

// A panel user who forgot their password: ask for a link, read the real mail, choose a new password, sign
// in with it. The link then works no more.

test('forgot password → mail → new password → sign in; the used link sends you back', async ({ page, panelUsers }) => {
  test.setTimeout(120_000)
  const { email } = await panelUsers.createUser('editor', { password: 'the old password' })

  await page.goto('/admin/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/admin\/forgot-password$/)
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible()
  await expectNoA11yViolations(page)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(
    page.getByText(
      'If an account exists for that address, we sent a link to reset the password. The link expires in 1 hour.',
    ),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  const link = linkIn(await waitForMail(email, { subject: 'Reset your' }), '/admin/reset-password')
  expect(link.startsWith(`${process.env.E2E_BASE_URL}/admin/reset-password?token=`)).toBe(true)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expectNoA11yViolations(page)
  await waitForHydration(page)
  await page.getByLabel('New password', { exact: true }).fill('short')
  await page.getByLabel('Confirm new password').fill('short')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('Password too short')).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByLabel('New password', { exact: true }).fill('the new password')
  await page.getByLabel('Confirm new password').fill('the new passw0rd')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('the new password')
  await page.getByLabel('Confirm new password').fill('the new password')
  await page.getByRole('button', { name: 'Update password' }).click()

  if (isJsProject()) {
    // With JavaScript: "Password updated!" for 1.5 s, then on to sign-in by itself.
    await expect(page.getByRole('heading', { name: 'Password updated!' })).toBeVisible()
    await expectNoA11yViolations(page)
    await page.waitForURL(/\/admin\/login$/, { timeout: 10_000 })
  } else {
    // Without it: straight to sign-in, with the same words in a toast (no timed refresh: WCAG 2.2.1).
    await expect(page).toHaveURL(/\/admin\/login$/)
    await expect(page.getByRole('status').filter({ hasText: 'Password updated!' })).toBeVisible()
  }
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('the new password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

  await page.goto(link)
  await expect(page).toHaveURL(/\/admin\/forgot-password$/)
  const toast = page.getByRole('status').filter({ hasText: 'Invalid or expired link' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Please request a new password reset.')
  await expectNoA11yViolations(page)
})

test('the old password no longer signs in after a reset', async ({ page, panelUsers }) => {
  test.setTimeout(120_000)
  const { email } = await panelUsers.createUser('viewer', { password: 'the old password' })
  await page.goto('/admin/forgot-password')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await page.goto(linkIn(await waitForMail(email, { subject: 'Reset your' }), '/admin/reset-password'))
  await waitForHydration(page)
  await page.getByLabel('New password', { exact: true }).fill('another new password')
  await page.getByLabel('Confirm new password').fill('another new password')
  await page.getByRole('button', { name: 'Update password' }).click()
  await expect(page.getByText('Password updated!').first()).toBeVisible()

  await page.goto('/admin/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('the old password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText('Invalid email or password.')).toBeVisible()
})
