import { devices, expect, test, type Locator, type Page } from '@playwright/test'
import { comparisons } from '#db/seed-data/comparisons.ts'
import { e2eServiceEnv } from '#tests/support/e2e-env.ts'
import { onServer } from '#tests/support/postgres.ts'

// A real click out, from every kind of placement, with and without JavaScript (docs/decisions/075): Amazon sees
// our origin, and /go/ records the page the click came from. Amazon is this browser's route, not the network.

const GUIDE = '/guides/bag-and-board-a-golden-age-run'
const TABLE = comparisons.find((comparison) => comparison.slug === 'golden-age-sleeves')!
const firstCard = (main: Locator) =>
  main
    .locator('.product-card')
    .first()
    .getByRole('link', { name: /^View on / })

const PLACEMENTS: { name: string; path: string; link: (main: Locator) => Locator }[] = [
  {
    name: 'the product page’s button',
    path: '/product/B073TEQUFH',
    link: (main) => main.getByRole('link', { name: /^View on / }).first(),
  },
  { name: 'a featured card on the home page', path: '/', link: firstCard },
  { name: 'a card on a category page', path: '/category/mylar-sleeves', link: firstCard },
  { name: 'a card in search results', path: '/search?q=mylar', link: firstCard },
  {
    name: 'a guide’s product box',
    path: GUIDE,
    link: (main) =>
      main
        .getByRole('article')
        .getByRole('article')
        .first()
        .getByRole('link', { name: /^View on / }),
  },
  { name: 'a guide’s grid of cards', path: GUIDE, link: firstCard },
  {
    name: 'a guide’s table',
    path: GUIDE,
    link: (main) =>
      main
        .getByRole('table', { name: TABLE.name })
        .getByRole('link', { name: /^View on / })
        .first(),
  },
  {
    name: 'a guide’s inline buy link',
    path: GUIDE,
    link: (main) => main.getByRole('link', { name: /^Check the price/ }),
  },
  {
    name: 'a comparison table',
    path: `/compare/${TABLE.slug}`,
    link: (main) =>
      main
        .getByRole('table')
        .getByRole('link', { name: /^View on / })
        .first(),
  },
  {
    name: 'the fit finder’s answer',
    path: '/fit?era=silver&silver=120',
    link: (main) => main.getByRole('link', { name: /^View on / }).first(),
  },
]

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
    await page.goto(placement.path)
    const link = placement.link(page.getByRole('main'))
    await expect(link).toHaveAttribute('href', /^\/go\/[A-Z0-9]{10}$/)

    const amazonReferer = await clickOut(page, link)
    expect(amazonReferer).toBe(`${baseURL}/`)
    expect(await clicksBy(userAgent!)).toEqual([{ referrer: page.url(), source_path: new URL(page.url()).pathname }])
  })
}

/** Clicks the link out (a new tab, through /go/) and answers the Referer the request to Amazon carried. */
async function clickOut(page: Page, link: Locator): Promise<string | undefined> {
  const context = page.context()
  const amazon = new Promise<string | undefined>((resolve) => {
    void context.route('https://www.amazon.com/**', async (route) => {
      resolve(route.request().headers()['referer'])
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Amazon</title>' })
    })
  })
  const tab = context.waitForEvent('page')
  await link.click()
  await tab
  return amazon
}

async function clicksBy(userAgent: string) {
  return onServer(async (client) => {
    const { rows } = await client.query<{ referrer: string | null; source_path: string | null }>(
      'SELECT referrer, source_path FROM clicks WHERE user_agent = $1',
      [userAgent],
    )
    return rows
  }, e2eServiceEnv(process.env.E2E_DATABASE!).DATABASE_URL)
}
