import { expect, test } from '@playwright/test'
import { waitForHydration } from './support/hydration.ts'

// A typo is read as the nearest catalogue word, and the page says so with a link each way (issue 51, decision
// 084). Runs with and without JavaScript: both are plain links.

test('"mylr" shows the results for "mylar", with links to the correction and to the words as typed', async ({
  page,
}) => {
  await page.goto('/search?q=mylr')
  await waitForHydration(page)
  const main = page.getByRole('main')
  await expect(main.getByText('Showing results for "mylar". Search instead for "mylr".', { exact: true })).toBeVisible()
  await expect(main.getByText(/^Found \d+ product\(s\)$/)).toBeVisible()

  await main.getByRole('link', { name: '"mylr"', exact: true }).click()
  await page.waitForURL((url) => url.searchParams.get('exact') === '1')
  expect(new URL(page.url()).searchParams.get('q')).toBe('mylr')
  await expect(
    main.getByText('No products found for "mylr". Try a different search term.', { exact: true }),
  ).toBeVisible()
  await expect(main.getByText(/^Showing results for/)).toHaveCount(0)

  await page.goBack()
  await page.getByRole('main').getByRole('link', { name: '"mylar"', exact: true }).click()
  await page.waitForURL((url) => url.searchParams.get('q') === 'mylar' && !url.searchParams.has('exact'))
  await expect(page.getByRole('heading', { name: 'Results for "mylar"' })).toBeVisible()
  await expect(page.getByRole('main').getByText(/^Showing results for/)).toHaveCount(0)
})
