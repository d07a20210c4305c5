import { expect, test, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// Suggestions as you type (issue 51, item 5): with JavaScript the header's field is a WAI-ARIA 1.2 combobox
// listing products and categories; without it, the same field of a plain GET form.

function headerField(page: Page) {
  return page.getByRole('banner').getByPlaceholder('Search products...', { exact: true })
}

test('typing offers products and categories; Down, Enter opens one, Escape closes and keeps the text', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const field = headerField(page)
  await field.fill('mylar')

  if (!isJsProject()) {
    // No list without JavaScript: Enter searches as typed.
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await field.press('Enter')
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'mylar')
    return
  }

  const combobox = page.getByRole('banner').getByRole('combobox', { name: 'Search products' })
  const list = page.getByRole('listbox', { name: 'Suggestions' })
  await expect(list).toBeVisible()
  await expect(combobox).toHaveAttribute('aria-expanded', 'true')
  const products = list.getByRole('group', { name: 'Products' }).getByRole('option')
  await expect(products.first()).toBeVisible()
  await expect(
    list.getByRole('group', { name: 'Categories' }).getByRole('option', { name: 'Mylar Sleeves' }),
  ).toBeVisible()
  const count = await list.getByRole('option').count()
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(`${count} suggestions`)
  await expectNoA11yViolations(page)

  // Escape closes the list and keeps what was typed, the focus in the field.
  await combobox.press('Escape')
  await expect(list).toBeHidden()
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await expect(combobox).toHaveValue('mylar')
  await expect(combobox).toBeFocused()

  // Down opens it again on the first option, named by aria-activedescendant; Enter opens that product.
  await combobox.press('ArrowDown')
  const first = products.first()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  const title = (await first.textContent())!.trim()
  await combobox.press('Enter')
  await page.waitForURL((url) => url.pathname.startsWith('/product/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(list).toBeHidden()
})

test('a category is one click away, and a search typed whole still searches', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const field = headerField(page)
  await field.fill('long')
  if (isJsProject()) {
    await page.getByRole('option', { name: 'Long Boxes' }).click()
    await page.waitForURL((url) => url.pathname === '/category/long-boxes')
    await headerField(page).fill('long box')
  }
  // Enter with no suggestion chosen searches as typed, with and without JavaScript.
  await headerField(page).press('Enter')
  await page.waitForURL((url) => url.pathname === '/search' && /^long/.test(url.searchParams.get('q') ?? ''))
})
