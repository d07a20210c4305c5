import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'
import { PASSWORD, signInAgainToSecondStep, signInWithPassword, signOut, totpCode } from './support/sign-in.ts'
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts'

// Passkeys (docs/decisions/049). With JavaScript, through Chromium's virtual authenticator (Chrome DevTools
// Protocol): add one on the account page, sign in by it alone, use it as the second step after the password,
// remove it with itself as the fresh check. Without JavaScript, WebAuthn cannot run: every page says so and
// the other methods still work.

test('passkeys: added on the account page, then signing in by one alone and as the second step', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(120_000)
  const { id, email } = await panelUsers.createUser('editor', { password: PASSWORD })

  if (!isJsProject()) {
    // No WebAuthn without JavaScript: each page says so, and the other methods still sign in.
    const { secret } = await panelUsers.enrolAuthenticator(id)
    await panelUsers.addPasskey(id, 'Phone')
    await page.goto('/admin/login')
    await expect(page.getByText('Passkeys need JavaScript, which is off in this browser.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0)
    await signInWithPassword(page, email)
    await expect(page).toHaveURL(/\/admin\/login\/verify$/)
    await expect(page.getByRole('region', { name: 'Passkey' })).toContainText('Use another method below.')
    await expectNoA11yViolations(page)
    const app = page.getByRole('region', { name: 'Authenticator app' })
    await app.getByRole('textbox').fill(totpCode(secret))
    await app.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await page.goto('/admin/account')
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Phone')
    await expect(page.getByText('Adding a passkey needs JavaScript, which is off in this browser.')).toBeVisible()
    await expectNoA11yViolations(page)
    return
  }

  const authenticator = await addVirtualAuthenticator(page)
  await signInWithPassword(page, email)
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/account')
  await waitForHydration(page)
  await page.getByLabel('Name (optional)').fill('Test laptop')
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(page.getByTestId('recovery-code')).toHaveCount(10)
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop')
  expect(await authenticator.credentials()).toHaveLength(1)
  await expectNoA11yViolations(page)

  // A passkey alone: no e-mail, no password.
  await signOut(page)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible()

  // The password, then the passkey as the second step.
  await signInAgainToSecondStep(page, email)
  await expectNoA11yViolations(page)
  await waitForHydration(page)
  await page.getByRole('region', { name: 'Passkey' }).getByRole('button', { name: 'Use a passkey' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  // Removing it asks for a fresh check: the passkey itself will do.
  await page.goto('/admin/account')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Remove passkey with a passkey' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Passkey removed' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0)
  await expect(page.getByText(/^Off\./)).toBeVisible()

  // Enter in the name field starts the ceremony, as the button does.
  await page.getByLabel('Name (optional)').fill('Phone')
  await page.getByLabel('Name (optional)').press('Enter')
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Phone')
})
