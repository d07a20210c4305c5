import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// Issue 14, item 3: the spec filters (fits era, material, thickness) in the category and search pages' GET forms.
// With JavaScript a tick applies at once; without it, "Apply filters". On the seeded catalogue: magazine-bags has
// five visible products (four magazine, one treasury; one of Mylar, four of polypropylene), and "mylar" is found
// in nine products, eight of them made of Mylar.

function filterForm(page: Page) {
  return page.getByRole('form', { name: 'Filter products' })
}

/** Ticks a box and applies it: by itself with JavaScript, with the Apply button without. */
async function tick(page: Page, name: string, param: [string, string]) {
  await filterForm(page).getByRole('checkbox', { name, exact: true }).check()
  if (!isJsProject()) await filterForm(page).getByRole('button', { name: 'Apply filters', exact: true }).click()
  await page.waitForURL((url) => url.searchParams.getAll(param[0]).includes(param[1]))
  await expect(filterForm(page).getByRole('checkbox', { name, exact: true })).toBeChecked()
}

test('a category filtered by era, then by material: the count and the URL follow', async ({ page }) => {
  await page.goto('/category/magazine-bags')
  await waitForHydration(page)
  const count = page.getByRole('heading', { name: /Products$/ })
  await expect(count).toHaveText('5 Products')
  // Only the eras and materials the category's products have are offered.
  await expect(filterForm(page).getByRole('group', { name: 'Fits' }).getByRole('checkbox')).toHaveCount(2)
  await expect(filterForm(page).getByRole('checkbox', { name: 'Golden Age' })).toHaveCount(0)
  await expect(filterForm(page).getByRole('group', { name: 'Material' }).getByRole('checkbox')).toHaveCount(2)
  await expect(filterForm(page).getByLabel('At least')).toBeVisible()

  await tick(page, 'Magazine', ['fits', 'magazine'])
  await expect(count).toHaveText('4 Products')
  if (isJsProject()) await expect(filterForm(page).getByRole('checkbox', { name: 'Magazine' })).toBeFocused()

  await tick(page, 'Mylar (polyester)', ['material', 'mylar'])
  await expect(count).toHaveText('1 Products')
  // The address carries only the filters set: no empty thickness, no sort or price at their defaults.
  expect(new URL(page.url()).search).toBe('?fits=magazine&material=mylar')
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: /Mylites/ })
      .first(),
  ).toBeVisible()
  await expectNoA11yViolations(page)

  // A thickness range no product of it has: the empty text, and the filters stay to be undone.
  await filterForm(page).getByLabel('At least').selectOption('10')
  if (!isJsProject()) await filterForm(page).getByRole('button', { name: 'Apply filters', exact: true }).click()
  await page.waitForURL((next) => next.searchParams.get('tmin') === '10')
  await expect(count).toHaveText('0 Products')
  await expect(page.getByText('No products match your filters. Try adjusting your search criteria.')).toBeVisible()
})

test('search results filtered by material, keeping the term', async ({ page }) => {
  await page.goto('/search?q=mylar')
  await waitForHydration(page)
  await expect(page.getByText('Found 9 product(s)')).toBeVisible()
  await expectNoA11yViolations(page)

  await tick(page, 'Mylar (polyester)', ['material', 'mylar'])
  expect(new URL(page.url()).searchParams.get('q')).toBe('mylar')
  await expect(page.getByRole('heading', { name: 'Results for "mylar"' })).toBeVisible()
  await expect(page.getByText('Found 8 product(s)')).toBeVisible()
  await expectNoA11yViolations(page)
})

test('an address with empty and default filters is sent on to the filters it sets', async ({ page }) => {
  const response = await page.goto(
    '/category/magazine-bags?sort=newest&min=0&max=100&rating=0&tmin=&tmax=&fits=magazine&page=1',
  )
  expect(response?.status()).toBe(200)
  expect(new URL(page.url()).search).toBe('?fits=magazine')
  await expect(page.getByRole('heading', { name: /Products$/ })).toHaveText('4 Products')
})
