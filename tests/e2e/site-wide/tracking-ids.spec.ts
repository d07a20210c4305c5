import { devices, expect, test } from '@playwright/test'
import { clickOut, clicksBy, e2eQuery, GUIDE, linkOut, PLACEMENTS } from '../support/outbound-placements.ts'

// Tracking IDs per placement (docs/decisions/079), in both projects: with a tracking ID listed for every placement
// and one guide's own, a real click from each placement reaches Amazon with that placement's tag, and `clicks`
// stores the tag and the placement. The list is the site's, so these projects run after all others, alone
// (playwright.config.ts); it is emptied again after them.

const TAGS: Record<string, string> = {
  home: 'cv-home-20',
  category: 'cv-category-20',
  product: 'cv-product-20',
  search: 'cv-search-20',
  comparison: 'cv-compare-20',
  'fit-finder': 'cv-fit-20',
}
/** The guide every guide placement is on has its own; all other guides share one. */
const OWN_GUIDE_TAG = 'cv-golden-age-20'

test.use({
  userAgent: async ({}, use, testInfo) =>
    use(`${devices['Desktop Chrome'].userAgent} e2e-${testInfo.project.name}-${testInfo.testId}`),
})

// Before each test, as a worker may run another file's tests between two of these.
test.beforeEach(async () => {
  await e2eQuery(
    `INSERT INTO tracking_ids (tag, placement, guide_id)
     SELECT tag, placement, NULL::integer FROM unnest($1::text[], $2::text[]) AS t(tag, placement)
     UNION ALL SELECT 'cv-guides-20', 'guide', NULL
     UNION ALL SELECT $3, 'guide', id FROM documents WHERE kind = 'guide' AND slug = $4
     ON CONFLICT DO NOTHING`,
    [Object.values(TAGS), Object.keys(TAGS), OWN_GUIDE_TAG, GUIDE.slice('/guides/'.length)],
  )
})

test.afterAll(async () => {
  await e2eQuery('DELETE FROM tracking_ids')
})

for (const placement of PLACEMENTS) {
  test(`a click from ${placement.name} reaches Amazon with that placement’s tracking ID`, async ({
    page,
    userAgent,
  }) => {
    const tag = placement.placement === 'guide' ? OWN_GUIDE_TAG : TAGS[placement.placement]!
    const link = await linkOut(page, placement)
    const amazon = await clickOut(page, link)
    expect(amazon.url.searchParams.getAll('tag')).toEqual([tag])
    expect(await clicksBy(userAgent!)).toEqual([
      { referrer: page.url(), source_path: new URL(page.url()).pathname, tag, placement: placement.placement },
    ])
  })
}

test('a click from another guide carries the tracking ID of all guides', async ({ page, userAgent }) => {
  await page.goto('/guides/mylar-vs-polypropylene-vs-polyethylene')
  const link = page
    .getByRole('main')
    .getByRole('link', { name: /^(View on |Check the price)/ })
    .first()
  await expect(link).toHaveAttribute('href', /\?from=guide$/)
  const amazon = await clickOut(page, link)
  expect(amazon.url.searchParams.getAll('tag')).toEqual(['cv-guides-20'])
  expect(await clicksBy(userAgent!)).toMatchObject([{ tag: 'cv-guides-20', placement: 'guide' }])
})
