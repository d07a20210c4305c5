import { devices, expect, test } from '@playwright/test'
import { clickOut, clicksBy, linkOut, PLACEMENTS } from './support/outbound-placements.ts'

// A real click out, from every kind of placement, with and without JavaScript (docs/decisions/075): Amazon sees
// our origin, and /go/ records the page the click came from and its placement (docs/decisions/079). With no
// tracking IDs listed, every click carries the store's tag; site-wide/tracking-ids.spec.ts lists them.

// Each test's clicks are told apart in the shared database by a browser of its own.
test.use({
  userAgent: async ({}, use, testInfo) =>
    use(`${devices['Desktop Chrome'].userAgent} e2e-${testInfo.project.name}-${testInfo.testId}`),
})

for (const placement of PLACEMENTS) {
  test(`a click from ${placement.name} carries the page to /go/ and our origin to Amazon`, async ({
    page,
    baseURL,
    userAgent,
  }) => {
    const link = await linkOut(page, placement)
    const amazon = await clickOut(page, link)
    expect(amazon.referer).toBe(`${baseURL}/`)
    expect(amazon.url.searchParams.getAll('tag')).toEqual(['comicvault-20'])
    expect(await clicksBy(userAgent!)).toEqual([
      {
        referrer: page.url(),
        source_path: new URL(page.url()).pathname,
        tag: 'comicvault-20',
        placement: placement.placement,
      },
    ])
  })
}
