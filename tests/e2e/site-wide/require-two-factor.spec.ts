import type { BrowserContext, Page } from '@playwright/test'
import { expectNoA11yViolations } from '../support/axe.ts'
import { waitForHydration } from '../support/hydration.ts'
import { expect, test, type PanelUsers } from '../support/panel-fixture.ts'
import { PASSWORD, signInWithPassword, totpCode } from '../support/sign-in.ts'

// "Require two-factor sign-in for every panel user" (docs/decisions/048), in both projects: an admin turns it on
// in Settings → Sign-in, a user without a factor signs in with the password and is kept on /admin/account until
// they set up an authenticator app. The setting is the site's, so these projects run after all others, alone
// (playwright.config.ts).
//
// The admin who switches it has an authenticator app and an aal2 session (the fixture's `twoFactor`): the
// requirement they turn on does not send them to /admin/account, so the same kind of admin turns it off again
// through the same form, after the test whether it passed or not (afterEach runs after a failure or a timeout too).

const NOTICE =
  'This site requires two-factor sign-in for every panel user. Add a passkey or an authenticator app to continue.'

/** Signs a new admin with a factor in on the context, and saves the setting in Settings → Sign-in. */
async function setRequirement(page: Page, context: BrowserContext, panelUsers: PanelUsers, on: boolean) {
  await context.clearCookies()
  await panelUsers.signIn(context, 'admin', { twoFactor: true })
  await page.goto('/admin/settings')
  const section = page.getByRole('region', { name: 'Sign-in' })
  await expect(section).toBeVisible()
  await waitForHydration(page)
  await section.getByLabel('Require two-factor sign-in for every panel user').setChecked(on)
  await section.getByRole('button', { name: 'Save the two-factor requirement' }).click()
  const saved = on
    ? 'Every panel user must now set up two-factor sign-in.'
    : 'Two-factor sign-in is now each user’s choice.'
  await expect(page.getByRole('status').filter({ hasText: saved })).toBeVisible()
  // The admin has a factor: still on the settings page, the box showing what was saved.
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(section.getByLabel('Require two-factor sign-in for every panel user')).toBeChecked({ checked: on })
}

test.afterEach(async ({ page, context, panelUsers }) => {
  await setRequirement(page, context, panelUsers, false)
})

test('with two-factor required, a user without a factor must set one up before the panel opens', async ({
  page,
  context,
  panelUsers,
}) => {
  test.setTimeout(120_000)
  await setRequirement(page, context, panelUsers, true)

  // A user without a factor signs in with the password (as themselves: the admin's cookie goes first).
  const { email } = await panelUsers.createUser('editor', { password: PASSWORD })
  await context.clearCookies()
  await signInWithPassword(page, email)
  await expect(page).toHaveURL(/\/admin\/account$/)
  const notice = page.getByRole('status').filter({ hasText: NOTICE })
  await expect(notice).toBeVisible()
  await expectNoA11yViolations(page)

  // Every other panel page sends them back.
  await page.goto('/admin/products')
  await expect(page).toHaveURL(/\/admin\/account$/)
  await expect(notice).toBeVisible()

  await waitForHydration(page)
  await page.getByRole('button', { name: 'Set up authenticator app' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
  await waitForHydration(page)
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(totpCode(secret))
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(notice).toHaveCount(0)

  // Set up, the session has passed the second step: the panel opens.
  await page.goto('/admin/products')
  await expect(page).toHaveURL(/\/admin\/products$/)
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible()
})
