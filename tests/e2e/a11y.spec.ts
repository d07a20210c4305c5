import { test } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'

// WCAG 2.1 A/AA (axe-core) on the public pages that exist so far, with and without JavaScript.

for (const { name, path } of [
  { name: 'home', path: '/' },
  { name: 'search results', path: '/search?q=mylar' },
  { name: '404 page', path: '/no-such-page/at-all' },
]) {
  test(`${name} (${path}) has no WCAG 2.1 A/AA violations`, async ({ page }) => {
    await page.goto(path)
    await waitForHydration(page)
    await expectNoA11yViolations(page)
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the open side panel has no WCAG 2.1 A/AA violations', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('banner').getByRole('link', { name: 'Menu', exact: true }).click()
    await page.getByRole('dialog', { name: 'Menu' }).waitFor()
    await expectNoA11yViolations(page)
  })
})
