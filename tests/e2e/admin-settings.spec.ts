import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'
import { expect, test } from './support/panel-fixture.ts'
import { uniqueEmail } from './support/unique-email.ts'

// Settings as an admin uses it: add a user (who gets a set-password mail), change their role, remove them,
// and read it all back in the audit log. Without JavaScript too.

test('an admin adds a user, changes the role, removes them; the audit log shows each step', async ({
  page,
  context,
  panelUsers,
}) => {
  test.setTimeout(120_000)
  const { email: admin } = await panelUsers.signIn(context, 'admin')
  const added = uniqueEmail('settings-new')

  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  await expectNoA11yViolations(page)

  await waitForHydration(page)
  await page.getByLabel('Email', { exact: true }).fill(added)
  await page.getByLabel('Role', { exact: true }).selectOption('viewer')
  await page.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'User added' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: added })
  await expect(row.getByLabel(`Role of ${added}`)).toHaveValue('viewer')
  const invitation = await waitForMail(added, { subject: 'Set your password' })
  expect(linkIn(invitation, '/admin/reset-password')).toContain('token=')

  await row.getByLabel(`Role of ${added}`).selectOption('editor')
  await row.getByRole('button', { name: `Change role of ${added}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Role updated' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: added }).getByLabel(`Role of ${added}`)).toHaveValue('editor')

  await page.getByRole('row').filter({ hasText: added }).getByText('Remove').click()
  await page.getByRole('button', { name: `Confirm removal of ${added}` }).click()
  await expect(page.getByRole('status').filter({ hasText: 'User removed' })).toBeVisible()
  await expect(page.getByRole('row').filter({ has: page.getByLabel(`Role of ${added}`) })).toHaveCount(0)

  const audit = page.getByRole('table', { name: 'Audit log, newest first' })
  const mine = audit.getByRole('row').filter({ hasText: admin })
  await expect(mine.filter({ hasText: 'REMOVE_USER' })).toContainText('role: editor → null')
  await expect(mine.filter({ hasText: 'CHANGE_ROLE' })).toContainText('role: viewer → editor')
  await expect(mine.filter({ hasText: 'ADD_USER' })).toContainText(`email: ${added}`)
  await expectNoA11yViolations(page)

  await page.getByLabel('Actor', { exact: true }).selectOption({ label: admin })
  await page.getByLabel('Entity').selectOption('USER')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/entity=USER&actor=\d+/)
  await expect(audit.getByRole('row')).toHaveCount(4)
})

test('a viewer sees the audit log but not the users', async ({ page, context, panelUsers }) => {
  await panelUsers.signIn(context, 'viewer')
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0)
  // Link health: their own e-mail, not the owner's auto-hide.
  await expect(page.getByLabel('E-mail me new link problems daily')).toBeVisible()
  await expect(page.getByLabel('Hide products Amazon rejects on 3 runs in a row')).toHaveCount(0)
  await expectNoA11yViolations(page)
})

test('link health: an admin turns auto-hide on and off; each user chooses the daily e-mail for themselves', async ({
  page,
  context,
  panelUsers,
}) => {
  const { email: admin } = await panelUsers.signIn(context, 'admin')
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Link health' })).toBeVisible()
  await waitForHydration(page)
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text })

  // The setting is the site's, and the js and no-js runs share the site: the toasts say what each save asked for.
  await page.getByLabel('Hide products Amazon rejects on 3 runs in a row').check()
  await page.getByRole('button', { name: 'Save the auto-hide setting' }).click()
  await expect(toast('Products Amazon rejects on 3 runs in a row will be hidden.')).toBeVisible()
  await page.getByLabel('Hide products Amazon rejects on 3 runs in a row').uncheck()
  await page.getByRole('button', { name: 'Save the auto-hide setting' }).click()
  await expect(toast('Products Amazon rejects will stay visible.')).toBeVisible()

  const mailMe = page.getByLabel('E-mail me new link problems daily')
  await expect(mailMe).not.toBeChecked()
  await mailMe.check()
  await page.getByRole('button', { name: 'Save my e-mail choice' }).click()
  await expect(toast('You will get an e-mail when the refresh finds new link problems.')).toBeVisible()
  await expect(page.getByLabel('E-mail me new link problems daily')).toBeChecked()
  const audit = page.getByRole('table', { name: 'Audit log, newest first' })
  await expect(
    audit.getByRole('row').filter({ hasText: admin }).filter({ hasText: 'link_health_email' }),
  ).toContainText('link_health_email: false → true')
  await expectNoA11yViolations(page)
})
