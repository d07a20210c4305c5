import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// The footer's store chooser (decision 044), with and without JavaScript: the visitor picks Amazon.co.uk, comes
// back to the page they were on, and from then on "View on Amazon" (/go) opens that store with its tag. The
// product page's button names the store with JavaScript only (decision 045): the page itself is the same for all.

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

test('the product page says which store its button opens: named with JavaScript, explained without', async ({
  page,
}) => {
  // The answer behind the label is this visitor's own: never kept by the page cache, a CDN or the browser.
  for (let i = 0; i < 2; i++) {
    const answer = await page.request.get('/store')
    expect(answer.headers()['cache-control']).toBe('private, no-store')
    expect(answer.headers()['x-page-cache']).not.toBe('HIT')
    expect(await answer.json()).toEqual({ code: 'US', name: 'Amazon.com', chosen: false })
  }

  await page.goto(`/product/${ASIN}`)
  await waitForHydration(page)
  const main = page.getByRole('main')
  const note = main.getByText(/^The button opens .+; you can change the store at the bottom of the page\.$/)
  await expect(note).toBeVisible()

  if (!isJsProject()) {
    // SPEC's label, as the cached page has it, and the line that says what it opens.
    await expect(
      main.getByRole('link', { name: 'View on Amazon (opens Amazon in a new tab)', exact: true }),
    ).toBeVisible()
    await expect(note).toHaveText(
      'The button opens your local Amazon store; you can change the store at the bottom of the page.',
    )
    await expectNoA11yViolations(page)
    return
  }

  // Chromium asks for en-US: the default store, "Automatic" in the chooser.
  const button = main.getByRole('link', { name: /^View on Amazon/ })
  await expect(button).toHaveText('View on Amazon.com (opens Amazon in a new tab)')
  const chooser = page.getByRole('contentinfo').getByLabel('Amazon store for your clicks')
  await expect(chooser).toHaveValue('')
  await expect(chooser.locator('option:checked')).toHaveText('Automatic (by your country): Amazon.com')

  await chooser.selectOption({ label: 'Amazon.co.uk' })
  await page.getByRole('contentinfo').getByRole('button', { name: 'Save store' }).click()
  await expect(page).toHaveURL(new RegExp(`/product/${ASIN}$`))
  await expect(button).toHaveText('View on Amazon.co.uk (opens Amazon in a new tab)')
  await expect(button).toHaveAccessibleDescription(
    'The button opens Amazon.co.uk; you can change the store at the bottom of the page.',
  )
  await expect(page.getByRole('contentinfo').getByLabel('Amazon store for your clicks')).toHaveValue('UK')
  await expectNoA11yViolations(page)
  // The note's link leads to the chooser.
  await main.getByRole('link', { name: 'change the store' }).click()
  await expect(page).toHaveURL(/#store-choice$/)
})
