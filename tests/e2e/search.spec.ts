import { expect, test, type Page } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// The header search (SPEC §2 "Shared elements" and "Search page"): non-blank text goes to /search with q
// holding the text as typed; blank text does nothing. Runs with and without JavaScript.

function headerSearch(page: Page) {
  return page.getByRole('banner').getByPlaceholder('Search products...', { exact: true })
}

test.describe('header search', () => {
  test('Enter goes to /search with q exactly as typed, surrounding spaces included', async ({ page }) => {
    const typed = '  Mylar  Sleeves '
    await page.goto('/')
    await waitForHydration(page)

    await headerSearch(page).fill(typed)
    await headerSearch(page).press('Enter')

    await page.waitForURL((url) => url.pathname === '/search')
    expect(new URL(page.url()).searchParams.get('q')).toBe(typed)
    // Whitespace collapses on screen; the heading shows the term, the page's own field holds it verbatim.
    await expect(page.getByRole('heading', { name: /^Results for "/ })).toHaveText(`Results for "${typed}"`)
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue(typed)
  })

  test('the Search button submits too, and special characters are URL-encoded', async ({ page }) => {
    const typed = 'bags & boards 100%'
    await page.goto('/search?q=mylar')
    await waitForHydration(page)

    await headerSearch(page).fill(typed)
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click()

    await page.waitForURL((url) => url.searchParams.get('q') === typed)
    expect(new URL(page.url()).pathname).toBe('/search')
    expect(new URL(page.url()).search).not.toContain(' ') // encoded, not raw
    await expect(page.getByRole('heading', { name: `Results for "${typed}"` })).toBeVisible()
  })

  for (const { start, blank, startHeading } of [
    { start: '/', blank: '   ', startHeading: 'Protect Your Comic Collection' },
    { start: '/', blank: '', startHeading: 'Protect Your Comic Collection' },
    { start: '/search?q=mylar', blank: '   ', startHeading: 'Results for "mylar"' },
  ]) {
    test(`a blank search (${JSON.stringify(blank)}) from ${start} does nothing`, async ({ page }) => {
      await page.goto(start)
      await waitForHydration(page)
      const startUrl = page.url()
      const searchRequests: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/search')) searchRequests.push(request.url())
      })

      await headerSearch(page).fill(blank)
      if (isJsProject()) {
        // The submit is cancelled in the browser: no navigation starts, nothing is fetched. Remix's router
        // enters "loading" synchronously when a navigation starts, so "idle" right after the key press means
        // none did.
        await headerSearch(page).press('Enter')
        const navigationState = await page.evaluate(
          () =>
            (window as unknown as { __remixRouter: { state: { navigation: { state: string } } } }).__remixRouter.state
              .navigation.state,
        )
        expect(navigationState).toBe('idle')
        expect(searchRequests).toEqual([])
      } else {
        // Without JavaScript the form is sent; the server sends the visitor back to the page they were on.
        const bounce = page.waitForResponse((response) => new URL(response.url()).pathname === '/search')
        const landed = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame())
        await headerSearch(page).press('Enter')
        const response = await bounce
        expect(response.status()).toBeGreaterThanOrEqual(300)
        expect(response.status()).toBeLessThan(400)
        expect(new URL(response.headers()['location'] ?? '', startUrl).href).toBe(startUrl)
        await landed
      }

      expect(page.url()).toBe(startUrl)
      await expect(page.getByRole('heading', { name: startHeading })).toBeVisible()
      await expect(page.getByText('Enter a search term to find products.')).toBeHidden()
    })
  }
})

test('/search without q asks for a search term', async ({ page }) => {
  await page.goto('/search')
  await expect(page.getByRole('heading', { level: 1, name: 'Search Products' })).toBeVisible()
  await expect(page.getByText('Enter a search term to find products.')).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Results for/ })).toHaveCount(0)
})
