import type { BrowserContext, Page } from '@playwright/test'
import { waitForHydration } from '../support/hydration.ts'
import { clickOut, linkOut, PLACEMENTS } from '../support/outbound-placements.ts'
import { expect, test, type PanelUsers } from '../support/panel-fixture.ts'

// The Associates tag set in the panel (docs/decisions/076, 078), in both projects: with no store tagged, every
// panel page says that clicks earn nothing, linking to the setting; an admin sets the tag in Settings → Amazon, the
// banner is gone from every panel page, and a real click out through /go/ reaches Amazon with that tag. The tags
// are the site's, so these projects run after all others, alone (playwright.config.ts); the e2e site's tags
// (tests/support/e2e-server.ts) are set back through the same forms after the test, whether it passed or not.

const BANNER = 'No Associates tag is set: clicks earn nothing'
const PANEL_PAGES = ['/admin', '/admin/products', '/admin/guides', '/admin/settings']
const PANEL_TAG = 'cv-panel-set-20'
const PRODUCT_PAGE = PLACEMENTS.find((placement) => placement.placement === 'product')!

async function openSettings(page: Page) {
  await page.goto('/admin/settings#amazon')
  await waitForHydration(page)
  return page.getByRole('region', { name: 'Amazon' })
}

/** Saves a listed store's tag (empty: none, which takes a store other than the default off the list). */
async function saveTag(page: Page, store: string, tag: string, saved: string) {
  const section = await openSettings(page)
  await section.getByLabel(`Tag for ${store}`).fill(tag)
  await section.getByRole('button', { name: `Save the tag for ${store}` }).click()
  await expect(page.getByRole('status').filter({ hasText: saved })).toBeVisible()
}

/** Enrols a store that is not listed, with its tag. */
async function addStore(page: Page, store: string, tag: string) {
  const section = await openSettings(page)
  await section.getByLabel('Another store').selectOption({ label: store })
  await section.getByLabel('Its tag').fill(tag)
  await section.getByRole('button', { name: 'Add the store' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${store}: clicks carry ${tag}.` })).toBeVisible()
}

async function signInAdmin(page: Page, context: BrowserContext, panelUsers: PanelUsers) {
  await context.clearCookies()
  await panelUsers.signIn(context, 'admin')
}

test.afterEach(async ({ page, context, panelUsers }) => {
  await signInAdmin(page, context, panelUsers)
  await saveTag(page, 'Amazon.com', 'comicvault-20', 'Amazon.com: clicks carry comicvault-20.')
  const listed = (await openSettings(page)).getByRole('rowheader', { name: 'Amazon.co.uk' })
  if ((await listed.count()) === 0) await addStore(page, 'Amazon.co.uk', 'comicvault-21')
})

test('a tag set in the panel takes the banner off every panel page, and a click out carries it to Amazon', async ({
  page,
  context,
  panelUsers,
}) => {
  await signInAdmin(page, context, panelUsers)
  await saveTag(page, 'Amazon.co.uk', '', 'Amazon.co.uk: no tag.')
  await saveTag(page, 'Amazon.com', '', 'Amazon.com: no tag.')
  for (const path of PANEL_PAGES) {
    await page.goto(path)
    const banner = page.getByRole('link', { name: BANNER })
    await expect(banner, path).toHaveAttribute('href', '/admin/settings#amazon')
  }

  // The banner leads to the setting.
  await page.goto('/admin')
  await page.getByRole('link', { name: BANNER }).click()
  await expect(page).toHaveURL(/\/admin\/settings#amazon$/)
  await saveTag(page, 'Amazon.com', PANEL_TAG, `Amazon.com: clicks carry ${PANEL_TAG}.`)
  for (const path of PANEL_PAGES) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
    await expect(page.getByRole('link', { name: BANNER }), path).toHaveCount(0)
  }

  const amazon = await clickOut(page, await linkOut(page, PRODUCT_PAGE))
  expect(amazon.url.host).toBe('www.amazon.com')
  expect(amazon.url.searchParams.getAll('tag')).toEqual([PANEL_TAG])
})
