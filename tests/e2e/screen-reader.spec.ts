import { expect, type Page } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { test } from './support/panel-fixture.ts'
import { announcementsOf, startScreenReader, type ScreenReader } from './support/screen-reader.ts'
import { uniqueEmail } from './support/unique-email.ts'

// What a screen reader says (issue 27, "heard as well as seen"), with a screen-reader model in the page
// (tests/e2e/support/screen-reader.ts). With JavaScript, a toast or status that comes later is a live-region
// announcement, said once; without, every answer is a new page, whose toast or status is read with it, first.

const PRODUCT = '/product/B073TEQUFH'
const CATEGORY = '/category/mylar-sleeves'
// Each import of the run shares Amazon's one request a second: a job can wait behind the other project's.
const JOB_WAIT_MS = 45_000

let reader: ScreenReader | undefined
test.afterEach(async () => {
  // What was said, in the report: the first thing to look at when an assertion here fails.
  if (reader) await test.info().attach('spoken', { body: (await reader.log()).join('\n'), contentType: 'text/plain' })
  await reader?.stop()
  reader = undefined
})

/** Waits until an announcement containing `text` has been made, then returns the log. */
async function waitToHear(screenReader: ScreenReader, text: string): Promise<string[]> {
  await expect
    .poll(async () => announcementsOf(await screenReader.log(), text), { message: `announced: ${text}` })
    .not.toEqual([])
  return screenReader.log()
}

/** Waits for a toast to leave by itself: any announcement it would make twice has been made by then. */
async function waitForToastToLeave(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(0, { timeout: 15_000 })
}

/** A form sent with JavaScript: its pending `status`, then its toast, each announced once (the toast come and gone). */
async function expectHeardOnce(
  page: Page,
  screenReader: ScreenReader,
  status: string,
  toast: { title: string; description: string },
) {
  await waitToHear(screenReader, toast.title)
  await waitForToastToLeave(page, toast.title)
  const log = await screenReader.log()
  expect(announcementsOf(log, status), log.join('\n')).toHaveLength(1)
  const heard = announcementsOf(log, toast.title)
  expect(heard, log.join('\n')).toHaveLength(1)
  expect(heard[0]).toContain(toast.description)
}

/** A page loaded whole: its toast is read before the page itself (the skip link comes after it). */
async function expectToastReadFirst(page: Page, text: string) {
  reader = await startScreenReader(page)
  const read = await reader.readUntil(text)
  expect(
    read.some((phrase) => phrase.includes('Skip to content')),
    read.join('\n'),
  ).toBe(false)
  // Read once: no second region repeats it further down the page.
  const rest = await reader.readUntil('end of document', 3_000)
  expect(rest.filter((phrase) => phrase.includes(text))).toEqual([])
}

test('the review dialog is heard: its name, the labelled fields, the star radios, the errors, the toast', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto(PRODUCT)
  await waitForHydration(page)

  if (isJsProject()) {
    reader = await startScreenReader(page)
    await reader.readUntil('link, Write a Review')
    await reader.act()
    // Wherever focus starts inside it, the dialog is announced by role and name, then read to its end.
    const read = [...(await reader.log()), ...(await reader.readUntil('end of dialog, Write a Review'))]
    expect(read).toContain('dialog, Write a Review')
    expectReviewFields(read)

    // Submitted empty (Tab to the button; the reader follows focus): focus goes to the first field in error.
    const form = page.getByRole('dialog', { name: 'Write a Review' })
    await form.getByRole('button', { name: 'Submit Review' }).focus()
    await reader.clear()
    await reader.act()
    await expect
      .poll(() => reader!.log())
      .toContainEqual(expect.stringMatching(/^textbox, Your name, Name is required, invalid/))
    const rating = await reader.readUntil('group, Rating')
    expect(rating.at(-1)).toMatch(/^group, Rating, Please select a rating/)

    // Filled in and sent: "Submitting...", then the toast, each announced once.
    await form.getByLabel('Your name').fill(`Listener ${Date.now()}`)
    await form.getByLabel('4 stars').check()
    await reader.clear()
    await form.getByRole('button', { name: 'Submit Review' }).click()
    await expect(form).toBeHidden()
    await expectHeardOnce(page, reader, 'Submitting...', {
      title: 'Review submitted successfully',
      description: 'Your review is pending approval.',
    })
    return
  }

  // Without JavaScript "Write a Review" shows the form as a section of the page, read in order.
  await page.getByRole('link', { name: 'Write a Review' }).click()
  reader = await startScreenReader(page)
  const read = await reader.readUntil('heading, Write a Review, level 2')
  read.push(...(await reader.readUntil('button, Submit Review')))
  expectReviewFields(read)
  await reader.stop()

  // Sent empty: the answer is the page again, its fields saying what is wrong.
  await page.locator('#write-review').getByRole('button', { name: 'Submit Review' }).click()
  reader = await startScreenReader(page)
  await reader.readUntil('heading, Write a Review, level 2')
  const errors = await reader.readUntil('button, Submit Review')
  expect(errors).toContainEqual(expect.stringMatching(/^textbox, Your name, Name is required, invalid/))
  expect(errors).toContainEqual(expect.stringMatching(/^group, Rating, Please select a rating/))
  await reader.stop()
  reader = undefined

  const form = page.locator('#write-review')
  await form.getByLabel('Your name').fill(`Listener ${Date.now()}`)
  await form.getByLabel('4 stars').check()
  await form.getByRole('button', { name: 'Submit Review' }).click()
  await expectToastReadFirst(page, 'Review submitted successfully')
})

function expectReviewFields(read: string[]) {
  expect(read).toContainEqual(expect.stringMatching(/^textbox, Your name, required/))
  expect(read).toContainEqual(expect.stringMatching(/^group, Rating/))
  for (const [stars, name] of [1, 2, 3, 4, 5].map((n) => [n, n === 1 ? '1 star' : `${n} stars`] as const)) {
    expect(read).toContainEqual(
      expect.stringMatching(new RegExp(`^radio, ${name}, not checked, position ${stars}, set size 5`)),
    )
  }
  expect(read).toContainEqual(expect.stringMatching(/^textbox, Comment \(optional\)/))
  expect(read).toContain('button, Submit Review')
}

test('subscribing is heard: "Subscribing...", then the toast, once each', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByLabel('Email address').fill(uniqueEmail('heard'))
  if (isJsProject()) {
    reader = await startScreenReader(page)
    await reader.readUntil('button, Subscribe')
    await reader.act()
    await expectHeardOnce(page, reader, 'Subscribing...', {
      title: 'Success!',
      description: 'Please check your email to confirm your subscription.',
    })
    return
  }
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expectToastReadFirst(page, 'Success!')
})

test('a category filter is heard: the new number of products, once', async ({ page }) => {
  await page.goto(CATEGORY)
  await waitForHydration(page)
  const count = page.locator('#results-heading')
  const before = await count.textContent()

  if (isJsProject()) {
    reader = await startScreenReader(page)
    await reader.readUntil('radio, 4.5+ Stars')
    await reader.act()
    await expect(count).not.toHaveText(before!)
    const after = (await count.textContent())!
    expect(after).toMatch(/^\d+ Products$/)
    await waitToHear(reader, after)
    // One more change proves the first was heard once and is not repeated on the next render.
    await page.getByLabel('All Ratings').focus()
    await reader.act()
    await expect(count).toHaveText(before!)
    const log = await waitToHear(reader, before!)
    expect(announcementsOf(log, 'Products'), log.join('\n')).toEqual([`polite: ${after}`, `polite: ${before}`])
    return
  }

  await page.getByLabel('4.5+ Stars').check()
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(count).not.toHaveText(before!)
  const after = (await count.textContent())!
  reader = await startScreenReader(page)
  const read = await reader.readUntil(/^heading, \d+ Products, level 2$/)
  expect(read.at(-1)).toBe(`heading, ${after}, level 2`)
})

test('the price sliders are heard as prices', async ({ page }) => {
  await page.goto(CATEGORY)
  await waitForHydration(page)
  reader = await startScreenReader(page)
  const read = await reader.readUntil(/^slider, Maximum price/)
  expect(
    read.find((phrase) => phrase.startsWith('slider, Minimum price')),
    read.join('\n'),
  ).toMatch(/current value \$0$/)
  expect(read.at(-1)).toMatch(/current value \$100 or more$/)
})

test('an import is heard: "Import Started", its progress, and "Import Complete" once', async ({ page, panelUsers }) => {
  test.setTimeout(JOB_WAIT_MS + 60_000)
  await panelUsers.signIn(page.context(), 'admin')
  // ASINs no other test or project uses (the Amazon stand-in knows every one starting with B0).
  const asin = `B0${isJsProject() ? 'J' : 'N'}${Date.now().toString(36).toUpperCase().slice(-6)}`
  await page.goto('/admin/products?tab=import')
  await waitForHydration(page)
  await page.getByLabel('ASINs').fill(`${asin}0 ${asin}1`)
  const result = page.getByRole('heading', { name: 'Import Complete', level: 2 })

  if (isJsProject()) {
    // The job page comes late, after the job has ended: its end is announced all the same.
    await page.route('**/admin/products/jobs/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await route.continue()
    })
    reader = await startScreenReader(page)
    await reader.readUntil('button, Import')
    await reader.act()
    await expect(page).toHaveURL(/\/admin\/products\/jobs\/\d+$/)
    await expect(result).toBeVisible({ timeout: JOB_WAIT_MS })
    await waitToHear(reader, 'Import Complete')
    await waitForToastToLeave(page, 'Import Complete')
    const log = await reader.log()
    expect(announcementsOf(log, 'Import Started'), log.join('\n')).toHaveLength(1)
    const complete = announcementsOf(log, 'Import Complete')
    expect(complete, log.join('\n')).toHaveLength(1)
    expect(complete[0]).toContain('Imported 2 of 2 products')
    // Progress on the way, if the job was seen running: each a whole sentence.
    for (const progress of announcementsOf(log, 'ASINs processed')) {
      expect(progress).toMatch(/^polite: (Waiting to start|Importing): \d+ of 2 ASINs processed \(\d+%\)$/)
    }
    return
  }

  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page).toHaveURL(/\/admin\/products\/jobs\/\d+$/)
  await expectToastReadFirst(page, 'Import Started')
  await reader!.stop()
  reader = undefined
  await expect(async () => {
    if (await result.isVisible()) return
    await page.getByRole('link', { name: 'Refresh' }).click()
    await expect(result).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: JOB_WAIT_MS })
  reader = await startScreenReader(page)
  const read = await reader.readUntil('heading, Import Complete, level 2')
  read.push(...(await reader.readUntil('progressbar')))
  expect(read.at(-1)).toMatch(/^progressbar, 2 of 2 ASINs processed \(100%\)/)
})

test('an analytics chart is heard as its table: the drawing says nothing, the table is named by its caption', async ({
  page,
  panelUsers,
}) => {
  await panelUsers.open(page, 'viewer', '/admin/analytics')
  reader = await startScreenReader(page)
  await reader.readUntil('heading, Clicks by day, level 2')
  // From the heading to the table: the CSV link, and nothing of the bars (no drawing, none of their days).
  const between = await reader.readUntil(/^table, Clicks by day/)
  expect(between.filter((phrase) => /\d{4}-\d{2}-\d{2}|^(image|img|graphics)/.test(phrase))).toEqual([])
  expect(between).toContain('link, Download CSV of clicks by day')
  expect(await reader.readUntil(/^columnheader, Clicks/)).toContainEqual(expect.stringMatching(/^columnheader, Day/))
})
