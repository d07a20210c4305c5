import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// The product page's "Write a Review" (SPEC §2, §4, §5, §8): a dialog with JavaScript, a page section without.
const PRODUCT = '/product/B073TEQUFH'

function reviewForm(page: Page) {
  return isJsProject() ? page.getByRole('dialog', { name: 'Write a Review' }) : page.locator('#write-review')
}

test('refused input keeps the form open with the messages; a valid review is thanked and pending', async ({ page }) => {
  await page.goto(PRODUCT)
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Write a Review' }).click()
  const form = reviewForm(page)
  await expect(form).toBeVisible()
  await expectNoA11yViolations(page)

  await form.getByLabel('Your name').fill('  ')
  await form.getByLabel('Comment (optional)').fill('Kept while I fix the rest')
  await form.getByRole('button', { name: 'Submit Review' }).click()
  await expect(reviewForm(page).getByText('Name is required')).toBeVisible()
  await expect(reviewForm(page).getByText('Please select a rating')).toBeVisible()
  await expect(reviewForm(page).getByLabel('Comment (optional)')).toHaveValue('Kept while I fix the rest')

  const name = `Collector ${Date.now()}`
  await reviewForm(page).getByLabel('Your name').fill(name)
  await reviewForm(page).getByLabel('4 stars').check()
  await reviewForm(page).getByRole('button', { name: 'Submit Review' }).click()

  const toast = page.getByRole('status').filter({ hasText: 'Review submitted successfully' })
  await expect(toast).toContainText('Your review is pending approval.')
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`))
  // Pending reviews are not public.
  await expect(page.getByText(name)).toHaveCount(0)
  if (isJsProject()) {
    await expect(page.getByRole('dialog')).toBeHidden()
    await page.getByRole('link', { name: 'Write a Review' }).click()
    await expect(reviewForm(page).getByLabel('Your name')).toHaveValue('')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  }
})
