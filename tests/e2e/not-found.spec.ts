import { expect, test } from '@playwright/test'
import { waitForHydration } from './support/hydration.ts'

// Any path no route claims: a 404 inside the shared layout (SPEC §2 "Public routes").

test('an unknown path answers 404 with "Oops! Page not found" and a working link home', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible()
  // Inside the layout.
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()

  await waitForHydration(page)
  await page.getByRole('main').getByRole('link', { name: /home/i }).click()
  await page.waitForURL((url) => url.pathname === '/' && url.search === '')
  await expect(page.getByRole('heading', { level: 1, name: 'Protect Your Comic Collection' })).toBeVisible()
})

test('a deep unknown path with a query string is a 404 too', async ({ page }) => {
  const response = await page.goto('/category/../nope/deeper/still?x=1')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible()
})
