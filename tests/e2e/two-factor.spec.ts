import type { Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'
import { PASSWORD, signInAgainToSecondStep, signInWithPassword, totpCode } from './support/sign-in.ts'

// Two-factor sign-in (docs/decisions/048), in both projects: set up an authenticator app from the account page
// (the key read from the page, the codes computed here as an app would), see the recovery codes, sign out, sign
// in with the password and then a code, then with a recovery code, which works once.

async function verifyWith(page: Page, method: 'Authenticator app' | 'Recovery code', code: string) {
  const form = page.getByRole('region', { name: method })
  await form.getByRole('textbox').fill(code)
  await form.getByRole('button', { name: 'Verify' }).click()
}

test('set up an authenticator app, then sign in with password and code, and with a recovery code once', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(120_000)
  const { email } = await panelUsers.createUser('editor', { password: PASSWORD })

  await signInWithPassword(page, email)
  await expect(page).toHaveURL(/\/admin$/)
  await page.locator('summary', { hasText: 'Account' }).click()
  await page.getByRole('link', { name: 'Two-factor sign-in' }).click()
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  await expectNoA11yViolations(page)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Set up authenticator app' }).click()

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  await expectNoA11yViolations(page)
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/)
  await waitForHydration(page)
  const codeField = page.getByRole('textbox', { name: 'Code from your authenticator app' })
  // A wrong code first: said so, and nothing changes.
  const right = totpCode(secret)
  await codeField.fill(right === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByText(/Invalid or expired code/)).toBeVisible()
  await expectNoA11yViolations(page)
  await codeField.fill(totpCode(secret))
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()

  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  const recoveryCodes = await page.getByTestId('recovery-code').allTextContents()
  expect(recoveryCodes).toHaveLength(10)
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible()
  await expectNoA11yViolations(page)

  // Password, then the code: the next step's, since this step's code was used to set it up.
  await signInAgainToSecondStep(page, email)
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
  await expectNoA11yViolations(page)
  // The panel is closed until the second step is done.
  await page.goto('/admin/products')
  await expect(page).toHaveURL(/\/admin\/login\/verify$/)
  await waitForHydration(page)
  await verifyWith(page, 'Authenticator app', totpCode(secret, 1))
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible()

  // A recovery code signs in once.
  await signInAgainToSecondStep(page, email)
  await waitForHydration(page)
  await verifyWith(page, 'Recovery code', recoveryCodes[0]!)
  await expect(page).toHaveURL(/\/admin$/)
  await signInAgainToSecondStep(page, email)
  await waitForHydration(page)
  await verifyWith(page, 'Recovery code', recoveryCodes[0]!)
  await expect(page.getByText('Invalid or already used recovery code.')).toBeVisible()
  await expectNoA11yViolations(page)
})
