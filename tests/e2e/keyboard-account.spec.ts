import { isJsProject, waitForHydration } from './support/hydration.ts'
import { tabTo } from './support/keyboard-widgets.ts'
import { expect, test } from './support/panel-fixture.ts'
import { totpCode } from './support/sign-in.ts'
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts'

// Issue 27, part 3: the account page's two-factor forms by keyboard alone: the authenticator app set up by Tab,
// typing and Enter; a passkey added by the keyboard with JavaScript (through Chromium's virtual authenticator),
// and without it the sentence that says why there is no button.

test('authenticator app: set up by Enter, the code typed and sent by Enter', async ({ page, panelUsers }) => {
  test.setTimeout(90_000)
  await panelUsers.open(page, 'editor', '/admin/account')
  await tabTo(page, page.getByRole('button', { name: 'Set up authenticator app' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()

  await waitForHydration(page)
  const field = page.getByRole('textbox', { name: 'Code from your authenticator app' })
  await tabTo(page, field)
  // A wrong code first, sent twice by fast Enters: refused once, and the field keeps the focus's place.
  const right = totpCode(secret)
  await page.keyboard.type(right === '000000' ? '111111' : '000000')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Invalid or expired code/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toHaveCount(0)

  await tabTo(page, page.getByRole('textbox', { name: 'Code from your authenticator app' }))
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(totpCode(secret))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(page.getByTestId('recovery-code')).toHaveCount(10)
})

test('passkey: added by the keyboard with JavaScript; without it, a sentence and no button', async ({
  page,
  panelUsers,
}) => {
  await panelUsers.signIn(page.context(), 'editor')
  if (!isJsProject()) {
    await page.goto('/admin/account')
    await expect(page.getByText('Adding a passkey needs JavaScript, which is off in this browser.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0)
    return
  }

  const authenticator = await addVirtualAuthenticator(page)
  await page.goto('/admin/account')
  await waitForHydration(page)
  // The name, then Enter in its field: the ceremony starts, as the button would start it.
  await tabTo(page, page.getByLabel('Name (optional)'))
  await page.keyboard.type('Keyboard laptop')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Keyboard laptop')
  expect(await authenticator.credentials()).toHaveLength(1)

  // A second one by Tab to the button and Space. Leaving the field by Tab starts nothing by itself.
  await authenticator.forget()
  await waitForHydration(page)
  await tabTo(page, page.getByLabel('Name (optional)'))
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Keyboard phone')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Add a passkey' })).toBeFocused()
  expect(await authenticator.credentials()).toHaveLength(0)
  await page.keyboard.press('Space')
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Keyboard phone')
  expect(await authenticator.credentials()).toHaveLength(1)
})
