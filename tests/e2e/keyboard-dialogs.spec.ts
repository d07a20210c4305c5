import type { Locator, Page } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createMediaRow, createProductRow } from './support/panel.ts'

// Every dialog and panel by keyboard alone (docs/decisions/050): opened by Enter, typing lands in its first
// visible field (never in the spam trap), Tab stays inside while it is modal, Escape closes it (asking first
// where there are unsaved changes) and focus returns to what opened it. Without JavaScript the same forms are
// sections or pages, reached by Tab and sent by Enter.

const PRODUCT = '/product/B073TEQUFH'
const token = () => `${test.info().project.name.replace(/\W/g, '')}${Date.now().toString(36)}`
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** Starts a keyboard user on `control` (reaching it by Tab is the page walk's job) and presses Enter. */
async function activate(control: Locator) {
  await control.focus()
  await control.press('Enter')
}

/**
 * Presses Tab `times` times and says whether focus stayed inside the modal `container` at every stop. Past its
 * last control a modal <dialog> lets focus go to the browser's own controls (the page behind is inert), which
 * the page sees as focus on <body> for one stop; it must never land on anything of the page behind.
 */
async function tabStaysInside(page: Page, container: Locator, times: number, key = 'Tab') {
  let outside = 0
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key)
    const where = await container.evaluate((element) =>
      element.contains(document.activeElement)
        ? 'inside'
        : document.activeElement === document.body
          ? 'browser'
          : 'page',
    )
    if (where === 'page') return false
    outside = where === 'browser' ? outside + 1 : 0
    if (outside > 1) return false
  }
  return true
}

test('the spam trap cannot take focus, by Tab or by script, on any form that has it', async ({ page }) => {
  for (const path of ['/', '/contact', '/subscribe', '/reviews/B073TEQUFH?review', `${PRODUCT}?review`]) {
    await page.goto(path)
    await waitForHydration(page)
    const traps = page.locator('input[name="website"]')
    await expect(traps.first(), path).toBeAttached()
    for (const trap of await traps.all()) {
      await expect(trap, path).toBeHidden()
      if (isJsProject()) {
        const focused = await trap.evaluate((input: HTMLInputElement) => {
          input.focus()
          return document.activeElement === input
        })
        expect(focused, `${path}: the trap took focus from script`).toBe(false)
      }
    }
  }
})

test('a review written by keyboard alone is sent, and focus comes back to "Write a Review"', async ({ page }) => {
  const name = `Keyboard ${token()}`
  await page.goto(PRODUCT)
  await waitForHydration(page)
  const opener = page.getByRole('link', { name: 'Write a Review' })
  await activate(opener)
  const form = isJsProject() ? page.getByRole('dialog', { name: 'Write a Review' }) : page.locator('#write-review')
  await expect(form).toBeVisible()
  if (!isJsProject()) {
    // The link's fragment moved the start of sequential navigation to the section: one Tab reaches its first field.
    await page.keyboard.press('Tab')
  }
  await page.keyboard.type(name)
  await expect(form.getByLabel('Your name')).toHaveValue(name)
  await expect(form.getByLabel('Your name')).toBeFocused()

  // The rating is a radio group: Tab into it, arrows choose.
  await page.keyboard.press('Tab')
  await expect(form.getByRole('radio', { name: '1 star', exact: true })).toBeFocused()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await page.keyboard.press('Tab')
  await page.keyboard.type('Typed without a mouse.')
  await expect(form.getByLabel('Comment (optional)')).toHaveValue('Typed without a mouse.')
  await page.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: 'Submit Review' })).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(toast(page, 'Review submitted successfully')).toContainText('Your review is pending approval.')
  if (isJsProject()) {
    await expect(form).toBeHidden()
    await expect(opener).toBeFocused()
  }
})

test.describe('dialogs and panels', () => {
  test('the review dialog: Tab stays inside, Escape closes it with what was typed kept, even pressed twice', async ({
    page,
  }) => {
    await page.goto(PRODUCT)
    await waitForHydration(page)
    const opener = page.getByRole('link', { name: 'Write a Review' })
    const dialog = page.getByRole('dialog', { name: 'Write a Review' })
    await activate(opener)
    if (!isJsProject()) {
      // No dialog without JavaScript: the form is a section of the page, and Escape in it loses nothing.
      await page.keyboard.press('Tab')
      await page.keyboard.type('Half a thought')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await expect(page.locator('#write-review').getByLabel('Your name')).toHaveValue('Half a thought')
      return
    }
    await page.keyboard.type('Half a thought')
    expect(await tabStaysInside(page, dialog, 12), 'Tab stays in the dialog').toBe(true)
    expect(await tabStaysInside(page, dialog, 12, 'Shift+Tab'), 'Shift+Tab stays in the dialog').toBe(true)

    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Your name')).toHaveValue('Half a thought')
    await expect(dialog.getByLabel('Your name')).toBeFocused()

    // Enter on the submit button with a refused form keeps everything and the dialog open.
    await dialog.getByRole('button', { name: 'Submit Review' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByText('Please select a rating')).toBeVisible()
    await expect(dialog.getByLabel('Your name')).toHaveValue('Half a thought')
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('the menu: Enter opens it in its search box, Tab stays inside, Escape returns to Menu', async ({ page }) => {
      await page.goto('/about')
      await waitForHydration(page)
      const menu = page.getByRole('banner').getByRole('link', { name: 'Menu', exact: true })
      const panel = page.getByRole('dialog', { name: 'Menu' })
      await activate(menu)
      if (!isJsProject()) {
        // The panel is the link's :target; the next Tab stops are its Close link and its search box.
        await page.keyboard.press('Tab')
        await expect(panel.getByRole('link', { name: 'Close', exact: true })).toBeFocused()
        await page.keyboard.press('Tab')
        await page.keyboard.type('mylar')
        await page.keyboard.press('Enter')
        await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'mylar')
        return
      }
      await expect(panel.getByPlaceholder('Search...', { exact: true })).toBeFocused()
      expect(await tabStaysInside(page, panel, 14), 'Tab stays in the menu').toBe(true)
      await page.keyboard.press('Escape')
      await expect(panel).toBeHidden()
      await expect(menu).toBeFocused()

      await page.keyboard.press('Enter')
      await page.keyboard.type('mylar')
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'mylar')
      await expect(panel).toBeHidden()
    })
  })

  test('the product edit panel: focus in Title, Tab stays inside, Escape asks about unsaved changes', async ({
    page,
    panelUsers,
  }) => {
    const title = `Panel ${token()}`
    const product = await createProductRow(title)
    const picture = `keyboard-${token()}.png`
    await createMediaRow(picture)
    await panelUsers.open(page, 'editor', `/admin/products?q=${product.asin}`)
    const edit = page.getByRole('link', { name: `Edit ${title}` })
    const panel = page.getByRole('dialog', { name: 'Edit product' })
    if (!isJsProject()) {
      // Without JavaScript the panel is a page: Escape loses nothing, Enter in a field saves.
      await activate(edit)
      await panel.getByLabel('Title').focus()
      await page.keyboard.press('ControlOrMeta+A')
      await page.keyboard.type(`${title} saved`)
      await page.keyboard.press('Escape')
      await expect(panel.getByLabel('Title')).toHaveValue(`${title} saved`)
      await page.keyboard.press('Enter')
      await expect(toast(page, 'Product updated successfully')).toBeVisible()
      await expect(page.getByRole('link', { name: `Edit ${title} saved` })).toBeVisible()
      return
    }

    // Unchanged: Escape closes at once, back on the row's Edit link.
    await activate(edit)
    await expect(panel.getByLabel('Title')).toBeFocused()
    expect(await tabStaysInside(page, panel, 30), 'Tab stays in the panel, not the list behind').toBe(true)
    await page.keyboard.press('Escape')
    await expect(panel).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`/admin/products\\?q=${product.asin}$`))
    await expect(edit).toBeFocused()

    // Changed: Escape asks; keeping the changes (twice over) loses nothing.
    await page.keyboard.press('Enter')
    await expect(panel.getByLabel('Title')).toBeFocused()
    const renamed = `Renamed ${token()}`
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(renamed)
    const questions: string[] = []
    page.on('dialog', (question) => {
      questions.push(question.message())
      void question.dismiss()
    })
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect.poll(() => questions).toEqual(['Discard your unsaved changes?', 'Discard your unsaved changes?'])
    await expect(panel.getByLabel('Title')).toHaveValue(renamed)

    // The sections are tabs: the arrow keys move between them.
    await panel.getByRole('tab', { name: 'Basic' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(panel.getByRole('tab', { name: 'Content' })).toBeFocused()
    await expect(panel.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true')

    // The media picker, a dialog in the panel: its own Escape closes only it.
    const chooser = panel.getByRole('link', { name: 'Choose from the media library' })
    await activate(chooser)
    const picker = page.getByRole('dialog', { name: 'Choose images' })
    await expect(picker.getByLabel('Search media')).toBeFocused()
    await page.keyboard.type(picture)
    await expect(picker.getByRole('checkbox')).toHaveCount(1)
    await page.keyboard.press('Tab')
    await expect(picker.getByRole('checkbox', { name: picture })).toBeFocused()
    await page.keyboard.press('Space')
    await expect(picker.getByText('1 selected')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(picker).toBeHidden()
    await expect(panel).toBeVisible()
    await expect(chooser).toBeFocused()
    expect(questions, 'closing the picker asked nothing of the panel').toHaveLength(2)
    await expect(panel.getByLabel(/^Keep image/)).toHaveCount(0)

    // Again, confirmed this time: the picture joins the gallery.
    await page.keyboard.press('Enter')
    await expect(picker.getByLabel('Search media')).toHaveValue('')
    await page.keyboard.type(picture)
    await expect(picker.getByRole('checkbox')).toHaveCount(1)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    await picker.getByRole('button', { name: 'Confirm Selection' }).focus()
    await page.keyboard.press('Enter')
    await expect(picker).toBeHidden()
    await expect(chooser).toBeFocused()
    await expect(panel.getByLabel('Keep image 1')).toBeChecked()

    // Saved by Enter in a field; focus comes back to the row.
    await panel.getByRole('tab', { name: 'Content' }).focus()
    await page.keyboard.press('ArrowLeft')
    await expect(panel.getByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Tab')
    await expect(panel.getByLabel('Title')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(toast(page, 'Product updated successfully')).toBeVisible()
    await expect(panel).toHaveCount(0)
    await expect(page.getByRole('link', { name: `Edit ${renamed}` })).toBeFocused()
  })
})

test('a category added, a delete refused, then confirmed, by keyboard; focus back on what opened each', async ({
  page,
  panelUsers,
}) => {
  const name = `Keys ${token()}`
  await panelUsers.open(page, 'admin', `/admin/categories?q=${encodeURIComponent(name)}`)
  const add = page.getByRole('link', { name: 'Add Category' })
  const dialog = page.getByRole('dialog', { name: 'Add Category' })

  await activate(add)
  await expect(dialog).toBeVisible()
  if (isJsProject()) {
    await expect(dialog.getByLabel('Name')).toBeFocused()
    await page.keyboard.type('Escaped')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(add).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog.getByLabel('Name')).toBeFocused()
    // Refused by the server after Enter on the (then disabled) button: focus is still in the dialog, not lost.
    await page.keyboard.type('!!!')
    await dialog.getByRole('button', { name: 'Add Category' }).focus()
    await page.keyboard.press('Enter')
    await expect(
      dialog.getByText('The name needs at least one letter or digit to make its slug.').first(),
    ).toBeVisible()
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await dialog.getByLabel('Name').focus()
    await page.keyboard.press('ControlOrMeta+A')
  } else {
    // A page of its own without JavaScript: Tab from the top until the form's first field.
    await dialog.getByLabel('Name').focus()
  }
  await page.keyboard.type(name)
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Category created successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  if (isJsProject()) await expect(add).toBeFocused()

  // The delete confirmation starts on its harmless choice.
  const remove = page.getByRole('link', { name: `Delete ${name}` })
  await activate(remove)
  const confirm = page.getByRole('alertdialog', { name: 'Delete category' })
  await expect(confirm).toBeVisible()
  if (isJsProject()) {
    await expect(confirm.getByRole('link', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(confirm).toHaveCount(0)
    await expect(remove).toBeFocused()
  } else {
    await confirm.getByRole('link', { name: 'Cancel' }).focus()
    await page.keyboard.press('Enter')
    await expect(confirm).toHaveCount(0)
  }
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible()

  // Deleted for real this time: Confirm is the control before Cancel.
  await activate(remove)
  if (isJsProject()) {
    await expect(confirm.getByRole('link', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
  } else await confirm.getByRole('button', { name: 'Confirm' }).focus()
  await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Category deleted successfully')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
})

test('a form that answers on its own page keeps the keyboard where it was (media details saved by Enter)', async ({
  page,
  panelUsers,
}) => {
  const name = `details-${token()}.png`
  await createMediaRow(name)
  await panelUsers.open(page, 'editor', `/admin/media?q=${name}`)
  await activate(page.getByRole('link', { name: `Edit ${name}` }))
  await page.getByLabel('Alt text').focus()
  await page.keyboard.type('A bag and board')
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Media updated successfully')).toBeVisible()
  await expect(page.getByLabel('Alt text')).toHaveValue('A bag and board')
  // Disabled while it was sent, the button lost focus; it takes it back (without JavaScript the page is new).
  if (isJsProject()) await expect(save).toBeFocused()
})

test('a comparison added by keyboard alone, typing from the dialog’s first field', async ({ page, panelUsers }) => {
  const name = `Keyed ${token()}`
  await panelUsers.open(page, 'admin', '/admin/comparisons')
  const add = page.getByRole('link', { name: 'Add Comparison' })
  const dialog = page.getByRole('dialog', { name: 'Add Comparison' })
  await activate(add)
  await expect(dialog).toBeVisible()
  if (isJsProject()) await expect(dialog.getByLabel('Name')).toBeFocused()
  else await dialog.getByLabel('Name').focus()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab') // the description
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Products (ASINs)')).toBeFocused()
  await page.keyboard.type('B073TEQUFH\nB075BA6GYF')
  const price = dialog.getByLabel('Price', { exact: true })
  for (let stop = 0; stop < 12 && !(await price.evaluate((box) => box === document.activeElement)); stop++) {
    await page.keyboard.press('Tab')
  }
  await expect(price).toBeFocused()
  if (!(await price.isChecked())) await page.keyboard.press('Space')
  await expect(price).toBeChecked()
  await dialog.getByRole('button', { name: 'Add Comparison' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Comparison created successfully')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible()
  if (isJsProject()) await expect(add).toBeFocused()
})
