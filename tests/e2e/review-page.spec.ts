import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'

// The reviews page's form (SPEC §2, §4, §5, §8): a visitor who is not signed in gets an e-mailed sign-in link
// (the real message, read from the SMTP sink), follows it, finds their review waiting, and posts it.
const REVIEWS = '/reviews/B073TEQUFH'

const form = (page: Page) => page.locator('form#write-review')

async function openForm(page: Page) {
  await page.goto(REVIEWS)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Write a Review' }).click()
  await expect(form(page)).toBeVisible()
}

test('refused input is answered with the spec messages and nothing is sent', async ({ page }) => {
  await openForm(page)
  await expect(form(page).getByText("We'll send you a magic link to verify your email")).toBeVisible()
  await expect(form(page).getByLabel('5 stars')).toBeChecked()
  await form(page).getByLabel('Email').fill('not-an-address')
  await form(page).getByLabel('Nickname').fill('A')
  await form(page).getByLabel('Your review').fill('Too short')
  await form(page).getByRole('button', { name: 'Sign In & Submit' }).click()

  await expect(form(page).getByText('Please enter a valid email address')).toBeVisible()
  await expect(form(page).getByText('Nickname must be at least 2 characters')).toBeVisible()
  await expect(form(page).getByText('Review must be at least 10 characters')).toBeVisible()
  await expect(form(page).getByLabel('Your review')).toHaveValue('Too short')
  await expect(form(page).getByLabel('Nickname')).toHaveAttribute('aria-invalid', 'true')
  await expectNoA11yViolations(page)
})

test('the sign-in link: mailed, followed once, the review waiting, posted for moderation', async ({ page }) => {
  const email = `reviewer-${Date.now()}-${test.info().project.name}@example.com`
  const nickname = `Bagger ${test.info().project.name}`
  await openForm(page)
  await form(page).getByLabel('Email').fill(email)
  await form(page).getByLabel('Nickname').fill(nickname)
  await form(page).getByLabel('4 stars').check()
  await form(page).getByLabel('Your review').fill('Snug fit for modern age books, no curling.')
  await form(page).getByRole('button', { name: 'Sign In & Submit' }).click()

  const sent = page.getByRole('status').filter({ hasText: 'Check your email' })
  await expect(sent).toContainText('We sent you a magic link to sign in and post your review.')
  await expect(page).toHaveURL(new RegExp(`${REVIEWS}$`))

  const mail = await waitForMail(email, { subject: 'sign-in link' })
  const link = linkIn(mail, '/auth/review-link')
  await page.goto(link)
  await waitForHydration(page)

  // Back on the reviews page, signed in: the address is shown and fixed, the review is as it was typed.
  await expect(page).toHaveURL(new RegExp(`${REVIEWS}#write-review$`))
  await expect(form(page).getByLabel('Email')).toBeDisabled()
  await expect(form(page).getByLabel('Email')).toHaveValue(email)
  await expect(form(page).getByLabel('Nickname')).toHaveValue(nickname)
  await expect(form(page).getByLabel('4 stars')).toBeChecked()
  await expect(form(page).getByLabel('Your review')).toHaveValue('Snug fit for modern age books, no curling.')
  await expectNoA11yViolations(page)

  await form(page).getByRole('button', { name: 'Submit Review' }).click()
  const thanked = page.getByRole('status').filter({ hasText: 'Review submitted!' })
  await expect(thanked).toContainText('Your review will appear after moderation. Thank you for your feedback!')
  // The form is reset and hidden; the review waits for moderation, so it is not listed.
  await expect(form(page)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Write a Review' })).toBeVisible()
  await expect(page.getByText(nickname)).toHaveCount(0)

  // The link worked once.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Invalid or expired link' })).toBeVisible()
  await expect(page.getByText('This sign-in link has already been used or has expired.')).toBeVisible()
})
