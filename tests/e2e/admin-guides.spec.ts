import type { Page } from '@playwright/test'
import { defaultPages } from '#app/content/default-pages.ts'
import { slugify } from '#app/utils/slug.ts'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'
import { expect, test } from './support/panel-fixture.ts'
import { createMediaRow, deleteDocumentRow } from './support/panel.ts'

// The guide and page editors (docs/decisions/052), with and without JavaScript: an editor writes a guide that
// embeds a seeded product, with a cover from the media library, previews it, saves it as a draft and publishes it;
// an editor changes an information page, which changes for visitors only once it is saved; a viewer reads the
// editors without being able to write. Every editor page state is axe clean. What a spec writes is deleted after
// it (a page then shows its default text).

const GOLDEN = { asin: 'B073TEQUFH', title: 'E. Gerber Mylites 2 Mylar Sleeves 775M Golden Age (50)' }
const SUMMARY = 'Sleeves, boards and boxes for books printed from 1938 to 1956, and how to handle them without harm.'
const COUNTED = `${SUMMARY.length} characters — a good length (50–160)`

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })
const stamp = () => `e2e ${test.info().project.name} ${Date.now().toString(36)}`

test('an editor writes a guide with a product, previews it, saves a draft and publishes it', async ({
  page,
  panelUsers,
}) => {
  // Five page states with an axe run each (without JavaScript, in a twin page).
  test.setTimeout(180_000)
  const title = `${stamp()} Storing Golden Age books`
  const coverName = `cover-${slugify(stamp())}.png`
  await createMediaRow(coverName)
  await panelUsers.signIn(page.context(), 'editor')
  try {
    await page.goto('/admin')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Guides' }).click()
    await expect(page.getByRole('heading', { name: 'Guides', level: 1 })).toBeVisible()
    await waitForHydration(page)
    await expectNoA11yViolations(page)

    await page.getByRole('link', { name: 'New guide' }).click()
    await expect(page.getByRole('heading', { name: 'New guide', level: 1 })).toBeVisible()
    await waitForHydration(page)
    await expectNoA11yViolations(page)

    // The cover first: without JavaScript the media library's page comes back to an empty form.
    await page.getByRole('link', { name: 'Choose from the media library' }).click()
    if (isJsProject()) {
      const picker = page.getByRole('dialog', { name: 'Choose images' })
      await picker.getByLabel('Search media').fill(coverName)
      await picker.getByRole('checkbox', { name: coverName }).check()
      await picker.getByRole('button', { name: 'Confirm Selection' }).click()
      await expect(page.getByRole('button', { name: 'Remove the cover image' })).toBeVisible()
    } else {
      await page.getByLabel('Search media').fill(coverName)
      await page.getByRole('button', { name: 'Search' }).click()
      await page.getByRole('checkbox', { name: coverName }).check()
      await page.getByRole('button', { name: 'Confirm Selection' }).click()
      await expect(page.getByRole('heading', { name: 'New guide', level: 1 })).toBeVisible()
      await expect(page.getByRole('checkbox', { name: 'Keep this cover (untick to remove it)' })).toBeChecked()
    }
    await expect(page.getByText('Not saved yet.')).toBeVisible()

    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Summary').fill(SUMMARY)
    // With JavaScript the length is said as it is typed; without, as the form came back from the server.
    if (isJsProject()) await expect(page.getByText(COUNTED)).toBeVisible()
    await page
      .getByLabel('Body')
      .fill(
        `Golden Age books need the widest sleeves.\n\n::product{asin="${GOLDEN.asin}"}\n\n## Boxes\n\nKeep them upright.\n`,
      )
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview.getByRole('link', { name: GOLDEN.title })).toBeVisible()
    await expect(preview.getByRole('link', { name: /^(View on Amazon|See the price on Amazon)/ })).toBeVisible()
    await expect(preview.getByText(title)).toBeVisible()
    // Nothing is saved, and what was typed is still in the form.
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title)
    await expect(page.getByText(COUNTED)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'New guide', level: 1 })).toBeVisible()
    await expectNoA11yViolations(page)

    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect(toast(page, 'Draft saved')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Edit guide', level: 1 })).toBeVisible()
    await expect(page.getByText(`/guides/${slugify(title)}`).first()).toBeVisible()
    await expect(page.getByRole('rowheader', { name: '1 (current)' })).toBeVisible()
    await expect(page.getByText('No cover image.')).toHaveCount(0)
    await expect(page.getByText('Not saved yet.')).toHaveCount(0)
    await waitForHydration(page)
    await expectNoA11yViolations(page)

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expect(toast(page, 'Guide published')).toBeVisible()
    await expect(page.getByRole('rowheader', { name: '2 (current)' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()

    await page.getByRole('link', { name: 'All guides' }).click()
    const row = page.getByRole('row').filter({ hasText: title })
    await expect(row).toContainText('Published')
    await expect(row).toContainText(/Published [A-Z][a-z]{2} \d{1,2}, \d{4}/)
  } finally {
    await deleteDocumentRow('guide', slugify(title))
  }
})

test('an editor changes an information page: visitors see it once it is saved', async ({ page, panelUsers }) => {
  test.setTimeout(180_000)
  // One page a project, so that the two projects running side by side do not make each other's form stale.
  const slug = isJsProject() ? 'about' : 'starter-kits'
  const added = `${stamp()}: we also sort long boxes by era.`
  await panelUsers.signIn(page.context(), 'editor')
  try {
    await page.goto('/admin/pages')
    await expect(page.getByRole('heading', { name: 'Pages', level: 1 })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: `/${slug}` })).toContainText('Default text')
    await waitForHydration(page)
    await expectNoA11yViolations(page)

    await page.getByRole('link', { name: defaultPages[slug].title }).click()
    await expect(page.getByRole('heading', { name: 'Edit page', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Label above the title')).toHaveValue(defaultPages[slug].eyebrow)
    await waitForHydration(page)
    await expectNoA11yViolations(page)

    const body = page.getByLabel('Body')
    await body.fill(`${await body.inputValue()}\n\n${added}\n`)
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.getByRole('region', { name: 'Preview' }).getByText(added)).toBeVisible()
    expect(await (await page.request.get(`/${slug}`)).text()).not.toContain(added)
    await expectNoA11yViolations(page)

    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(toast(page, 'Page saved')).toBeVisible()
    await expect(page.getByRole('rowheader', { name: '1 (current)' })).toBeVisible()
    await expect(page.getByLabel('Body')).toHaveValue(new RegExp(`${added}\\s*$`))

    await page.goto(`/${slug}`)
    await expect(page.getByText(added)).toBeVisible()
  } finally {
    await deleteDocumentRow('page', slug)
  }
})

test('a viewer reads the editors but cannot write', async ({ page, panelUsers }) => {
  await panelUsers.signIn(page.context(), 'viewer')
  await page.goto('/admin/guides')
  await expect(page.getByRole('button', { name: 'New guide' })).toBeDisabled()
  await page.goto('/admin/pages/faq')
  await expect(page.getByText('Your role can read this page but not change it.')).toBeVisible()
  await expect(page.getByLabel('Title', { exact: true })).toBeDisabled()
  await expect(page.getByLabel('Body')).toHaveValue(defaultPages.faq.body)
  await expect(page.getByRole('button', { name: /^(Save|Preview)$/ })).toHaveCount(0)
  const refused = await page.goto('/admin/guides/new')
  expect(refused?.status()).toBe(403)
})

test('a link straight to Amazon refuses the save with its place and keeps the text; a typed price only warns', async ({
  page,
  panelUsers,
}) => {
  const title = `${stamp()} Checked before it goes out`
  const link = 'https://amzn.to/3xYz'
  const refused = `Line 3, column 11: The link "${link}" goes straight to Amazon: use :buy[…]{asin="…"} or a product box, which go through /go/.`
  const warned = `Line 5, column 11: "$12.99" is a price typed in the text: it goes stale. Use :price{asin="…"}, which shows the price with its time.`
  const body = `Start here.\n\nOr buy it [on Amazon](${link}).\n\nA pack is $12.99 today.\n`
  await panelUsers.signIn(page.context(), 'editor')
  try {
    await page.goto('/admin/guides/new')
    await waitForHydration(page)
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Summary').fill(SUMMARY)
    await page.getByLabel('Body').fill(body)

    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview.getByText(refused)).toBeVisible()
    await expect(preview.getByText('Check these; they do not stop a save:')).toBeVisible()
    await expect(preview.getByText(warned)).toBeVisible()

    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect(page.getByText(refused).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'New guide', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Body')).toHaveValue(body)
    await expect(page.getByLabel('Body')).toHaveAttribute('aria-invalid', 'true')
    await expectNoA11yViolations(page)

    await page.getByLabel('Body').fill(body.replace(`[on Amazon](${link})`, `:buy[on Amazon]{asin="${GOLDEN.asin}"}`))
    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect(toast(page, 'Draft saved')).toContainText(`Check ${warned}`)
    await expect(page.getByRole('heading', { name: 'Edit guide', level: 1 })).toBeVisible()
  } finally {
    await deleteDocumentRow('guide', slugify(title))
  }
})
