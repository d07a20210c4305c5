import type { Page } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { pressTimes, savedVisible, tabTo } from './support/keyboard-widgets.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createCategoryRow, createMediaRow, createProductRow } from './support/panel.ts'
import { openProductSwitches } from './support/product-switches.ts'

// Issue 27, part 3: the panel's widgets by keyboard alone, with JavaScript and without. Each test works on rows
// of its own (products, categories, media made for it), so the other specs running beside it see no change.

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const token = () => `${test.info().project.name.replace(/\W/g, '')}${Date.now().toString(36)}`

/** Waits for the POST a key press sent to `path` (or, with JavaScript, its `.data` twin) to be answered. */
const answered = (page: Page, path: string) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith(path))

test('products list: the featured and visible switches by Space; pressed twice fast, they settle as saved', async ({
  page,
  panelUsers,
}) => {
  const title = `Keys switch ${token()}`
  const { product, featured, visible } = await openProductSwitches(page, panelUsers, title)

  await tabTo(page, featured)
  const save = answered(page, '/admin/products')
  await page.keyboard.press('Space')
  await save
  await expect(toast(page, 'Product updated successfully')).toBeVisible()
  await expect(featured).toHaveAttribute('aria-pressed', 'true')
  if (isJsProject()) {
    // Saved in place: the focus stays on the switch.
    await expect(featured).toBeFocused()
  } else {
    // The page came back at the switch's row: once it has loaded, the next Tab is there, not at the top.
    await page.waitForURL((url) => url.hash === `#product-${product.id}`, { waitUntil: 'load' })
    await page.keyboard.press('Tab')
    await expect(featured).toBeFocused()
  }

  // Space twice, fast: once every answer is in, the switch shows what the database has, and keeps showing it.
  await tabTo(page, visible)
  await page.keyboard.press('Space')
  await page.keyboard.press('Space')
  await expect(async () => {
    expect(await visible.getAttribute('aria-pressed')).toBe(await savedVisible(product.id))
  }).toPass()
  await page.waitForLoadState('networkidle')
  const shown = await visible.getAttribute('aria-pressed')
  expect(shown).toBe(await savedVisible(product.id))
  await page.reload()
  await expect(page.getByRole('button', { name: `Visible: ${title}` })).toHaveAttribute('aria-pressed', shown!)
  await expect(page.getByRole('button', { name: `Featured: ${title}` })).toHaveAttribute('aria-pressed', 'true')
})

test('products list: search, sort and order by keyboard, applied by Enter', async ({ page, panelUsers }) => {
  const mark = token()
  await createProductRow(`Keys sort ${mark} Alpha`)
  await createProductRow(`Keys sort ${mark} Beta`)
  await panelUsers.open(page, 'viewer', '/admin/products')

  // Enter in the search field sends the form.
  await tabTo(page, page.getByLabel('Search title, ASIN or brand'))
  await page.keyboard.type(`Keys sort ${mark}`)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('q') === `Keys sort ${mark}`)
  const titles = () =>
    page
      .getByRole('table')
      .getByText(new RegExp(`^Keys sort ${mark} `))
      .allTextContents()
  await expect.poll(titles).toHaveLength(2)

  // Sort by: Title (the option after Last updated); Order: Ascending (after Descending). Then Apply.
  await waitForHydration(page)
  const sort = page.getByLabel('Sort by')
  await tabTo(page, sort)
  await page.keyboard.press('ArrowDown')
  await expect(sort).toHaveValue('title')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Order')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByLabel('Order')).toHaveValue('asc')
  await tabTo(page, page.getByRole('button', { name: 'Apply' }))
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('sort') === 'title' && url.searchParams.get('dir') === 'asc')
  await expect.poll(titles).toEqual([`Keys sort ${mark} Alpha`, `Keys sort ${mark} Beta`])

  // Descending again, by the arrow keys: the order turns round.
  await waitForHydration(page)
  await tabTo(page, page.getByLabel('Order'))
  await page.keyboard.press('ArrowUp')
  await tabTo(page, page.getByRole('button', { name: 'Apply' }))
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('dir') === 'desc')
  await expect.poll(titles).toEqual([`Keys sort ${mark} Beta`, `Keys sort ${mark} Alpha`])
  // Visibility: Hidden (two steps down from All): new products are visible, so none is left.
  await waitForHydration(page)
  await tabTo(page, page.getByLabel('Visibility'))
  await pressTimes(page, 'ArrowDown', 2)
  await tabTo(page, page.getByRole('button', { name: 'Apply' }))
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('visibility') === 'hidden')
  await expect(page.getByText('No products match these filters.')).toBeVisible()
})

test('categories: Hide and Show by Space and Enter', async ({ page, panelUsers }) => {
  const name = `Keys ${token()} Boxes`
  const removeCategory = await createCategoryRow(name)
  try {
    await panelUsers.open(page, 'editor', `/admin/categories?q=${encodeURIComponent(name)}`)
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) })
    await expect(row).toContainText('Active')

    await tabTo(page, page.getByRole('button', { name: `Hide ${name}` }))
    await page.keyboard.press('Space')
    await expect(toast(page, `"${name}" is now hidden.`)).toBeVisible()
    await expect(row).toContainText('Hidden')
    const show = page.getByRole('button', { name: `Show ${name}` })
    if (isJsProject()) await expect(show).toBeFocused()
    await waitForHydration(page)
    await tabTo(page, show)
    await page.keyboard.press('Enter')
    await expect(toast(page, `"${name}" is now active.`)).toBeVisible()
    await expect(row).toContainText('Active')
    if (isJsProject()) await expect(page.getByRole('button', { name: `Hide ${name}` })).toBeFocused()
  } finally {
    await removeCategory()
  }
})

test('settings: a toggle by Space and its Save by Enter', async ({ page, panelUsers }) => {
  await panelUsers.open(page, 'editor', '/admin/settings')
  const box = page.getByLabel('E-mail me new link problems daily')
  const save = page.getByRole('button', { name: 'Save my e-mail choice' })
  await expect(box).not.toBeChecked()
  await tabTo(page, box)
  await page.keyboard.press('Space')
  await expect(box).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(save).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'You will get an e-mail when the refresh finds new link problems.')).toBeVisible()
  await expect(box).toBeChecked()
  // With JavaScript the page did not reload: the focus is still on Save.
  if (isJsProject()) await expect(save).toBeFocused()

  // And off again, the same way.
  await waitForHydration(page)
  await tabTo(page, box, { backwards: true })
  await page.keyboard.press('Space')
  await expect(box).not.toBeChecked()
  await tabTo(page, save)
  await page.keyboard.press('Enter')
  await expect(toast(page, 'You will no longer get link problem e-mails.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('E-mail me new link problems daily')).not.toBeChecked()
})

test('media: select all and none, one by Space, move to a folder, set tags, all by keyboard', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(90_000)
  const prefix = `keys-${token()}`
  const [one, two] = [`${prefix}-one.png`, `${prefix}-two.png`]
  await createMediaRow(one)
  await createMediaRow(two)
  const folderName = `Keys ${prefix}`
  await panelUsers.open(page, 'admin', `/admin/media?q=${prefix}`)
  const boxOne = page.getByRole('checkbox', { name: `Select ${one}` })
  const boxTwo = page.getByRole('checkbox', { name: `Select ${two}` })
  await expect(boxOne).toBeVisible()

  // Select all, then none: buttons with JavaScript, links without; Enter works either.
  const selectAll = page.getByRole(isJsProject() ? 'button' : 'link', { name: 'Select all' })
  await tabTo(page, selectAll)
  await page.keyboard.press('Enter')
  await expect(boxOne).toBeChecked()
  await expect(boxTwo).toBeChecked()
  await expect(page.getByText('2 selected')).toBeVisible()
  await waitForHydration(page)
  const selectNone = page.getByRole(isJsProject() ? 'button' : 'link', { name: 'Select none' })
  await tabTo(page, selectNone)
  await page.keyboard.press('Enter')
  await expect(boxOne).not.toBeChecked()
  await expect(boxTwo).not.toBeChecked()
  await expect(page.getByText('0 selected')).toBeVisible()

  // A folder, made by typing its name and Enter.
  await waitForHydration(page)
  await tabTo(page, page.getByLabel('Folder name'))
  await page.keyboard.type(folderName)
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Folder created successfully')).toBeVisible()

  // The first file by Space; the folder by typing its name on the select; Move by Enter.
  await waitForHydration(page)
  await tabTo(page, boxOne)
  await page.keyboard.press('Space')
  await expect(boxOne).toBeChecked()
  if (isJsProject()) await expect(page.getByText('1 selected')).toBeVisible()
  const folder = page.getByLabel('Move to folder')
  await tabTo(page, folder, { backwards: true })
  await page.keyboard.type(folderName)
  await expect(folder.locator('option:checked')).toHaveText(folderName)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Move', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Media updated successfully')).toBeVisible()
  const card = (file: string) => page.getByRole('listitem').filter({ hasText: file })
  await expect(card(one)).toContainText(folderName)
  await expect(card(two)).not.toContainText(folderName)

  // Tags: typed and sent by Enter in their field, which sets the tags and nothing else (the folder stays).
  await waitForHydration(page)
  await tabTo(page, boxOne)
  await page.keyboard.press('Space')
  await expect(boxOne).toBeChecked()
  await tabTo(page, page.getByLabel('Tags (comma-separated)'), { backwards: true })
  await page.keyboard.type('mylar, boards')
  await page.keyboard.press('Enter')
  if (!isJsProject()) {
    // Without JavaScript Enter cannot choose between the form's buttons, so it sends nothing: Set tags does.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Set tags' })).toBeFocused()
    await page.keyboard.press('Enter')
  }
  await expect(toast(page, 'Media updated successfully')).toBeVisible()
  await expect(card(one)).toContainText('Tags: mylar, boards')
  await expect(card(one)).toContainText(folderName)
  await expect(card(two)).not.toContainText('Tags:')
})

test('manual import: started by keyboard; its progress and its result reached by keyboard', async ({
  page,
  panelUsers,
}) => {
  test.setTimeout(120_000)
  const asin = `B0${isJsProject() ? 'K' : 'L'}${Date.now().toString(36).toUpperCase().slice(-7)}`
  await panelUsers.open(page, 'admin', '/admin/products?tab=import')
  await tabTo(page, page.getByLabel('ASINs'))
  await page.keyboard.type(asin)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Import' })).toBeFocused()
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/admin\/products\/jobs\/\d+$/)
  await expect(toast(page, 'Import Started')).toBeVisible()
  await waitForHydration(page)

  const result = page.getByRole('heading', { name: 'Import Complete', level: 2 })
  const back = page.getByRole('link', { name: 'Back to Products' })
  if (isJsProject()) {
    // The page follows the job by itself, with no Refresh link to vanish when it ends: the focus stays put.
    await expect(page.getByRole('link', { name: 'Refresh' })).toHaveCount(0)
    await tabTo(page, back)
    await expect(result).toBeVisible({ timeout: 60_000 })
    await expect(back).toBeFocused()
  } else {
    // Refresh, by Tab and Enter, until the job has ended.
    await expect(async () => {
      if (await result.isVisible()) return
      await tabTo(page, page.getByRole('link', { name: 'Refresh' }))
      await page.keyboard.press('Enter')
      await expect(result).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 60_000 })
  }
  await expect(page.getByRole('definition').filter({ hasText: 'Imported 1 of 1 product: 1 new' })).toBeVisible()
  // From the result, back to the list by keyboard.
  await tabTo(page, back)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname === '/admin/products' && url.searchParams.get('tab') === 'import')
})
