import { expect, test } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'
import { signUpFromHome } from './support/signup.ts'

// The home page's e-mail signup (SPEC §4, §5, §8), with and without JavaScript.

test('a valid address: "Success!" with the confirmation message, and the field is cleared', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const field = page.getByLabel('Email address')
  await field.fill(`reader-${Date.now()}-${test.info().project.name}@example.com`)
  await page.getByRole('button', { name: 'Subscribe' }).click()

  const toast = page.getByRole('status').filter({ hasText: 'Success!' })
  await expect(toast).toContainText('Please check your email to confirm your subscription.')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByLabel('Email address')).toHaveValue('')
  await expectNoA11yViolations(page)
})

test('an address without "@": "Invalid email" / "Please enter a valid email address."', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/subscribe')) posts.push(request.url())
  })
  await page.getByLabel('Email address').fill('not-an-address')
  const response = isJsProject()
    ? null
    : page.waitForResponse((r) => r.url().includes('/subscribe') && r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Subscribe' }).click()

  const field = page.getByLabel('Email address')
  if (isJsProject()) {
    // Checked in the browser by the same schema, before anything is sent: the toast, and the message under
    // the field; the visitor stays on the page and the field keeps what was typed.
    await expect(page.getByRole('status').filter({ hasText: 'Invalid email' })).toContainText(
      'Please enter a valid email address.',
    )
    await expect(page).toHaveURL(/\/$/)
    await expect(field).toHaveValue('not-an-address')
    expect(posts).toEqual([])
  } else {
    expect((await response)!.status()).toBe(400)
    await expect(page).toHaveURL(/\/subscribe$/)
    await expect(page.getByRole('alert')).toContainText('Invalid email')
    await expect(page.getByRole('alert')).toContainText('Please enter a valid email address.')
  }
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription('Please enter a valid email address.')
})

test('a refused address, then a good one: "Success!" replaces "Invalid email"', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByLabel('Email address').fill('not-an-address')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByText('Invalid email').first()).toBeVisible()

  // Without JavaScript the refusal is a page of its own, with the form again.
  await page.getByLabel('Email address').fill(`again-${Date.now()}-${test.info().project.name}@example.com`)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible()
  // At once, not once the old toast has left by itself a few seconds later.
  expect(await page.getByText('Invalid email').count()).toBe(0)
})

test('the confirmation mail arrives and its link confirms the subscription', async ({ page }) => {
  const email = `confirm-${Date.now()}-${test.info().project.name}@example.com`
  await signUpFromHome(page, email)

  const mail = await waitForMail(email, { subject: 'Confirm your subscription' })
  expect(mail.html).toContain('Confirm my subscription')
  await page.goto(linkIn(mail, '/subscribe/confirm'))
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible()
})
