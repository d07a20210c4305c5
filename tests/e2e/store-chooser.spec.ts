import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'

// The footer's store chooser (decision 044), with and without JavaScript: the visitor picks Amazon.co.uk, comes
// back to the page they were on, and from then on "View on Amazon" (/go) opens that store with its tag.

const ASIN = 'B073TEQUFH'

async function outbound(request: APIRequestContext) {
  const response = await request.get(`/go/${ASIN}`, { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  return new URL(response.headers()['location']!)
}

test('choosing a store in the footer sends later clicks to it; "Automatic" undoes it', async ({ page }) => {
  await page.goto('/about')
  const footer = page.getByRole('contentinfo')
  const chooser = footer.getByLabel('Amazon store for your clicks')
  await expect(chooser).toBeVisible()
  await expectNoA11yViolations(page)
  // Chromium asks for en-US: the default store until the visitor chooses.
  expect((await outbound(page.request)).host).toBe('www.amazon.com')

  await chooser.selectOption({ label: 'Amazon.co.uk' })
  await footer.getByRole('button', { name: 'Save store' }).click()
  await expect(page).toHaveURL(/\/about$/)
  const chosen = await outbound(page.request)
  expect(chosen.host).toBe('www.amazon.co.uk')
  expect(chosen.searchParams.get('tag')).toBe('comicvault-21')

  await page.getByRole('contentinfo').getByLabel('Amazon store for your clicks').selectOption({ value: '' })
  await page.getByRole('contentinfo').getByRole('button', { name: 'Save store' }).click()
  await expect(page).toHaveURL(/\/about$/)
  expect((await outbound(page.request)).host).toBe('www.amazon.com')
})
