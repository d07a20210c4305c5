import { expect, type Locator, type Page } from '@playwright/test'
import { comparisons } from '#db/seed-data/comparisons.ts'
import { e2eServiceEnv } from '#tests/support/e2e-env.ts'
import { onServer } from '#tests/support/postgres.ts'

// Every kind of placement that links out through /go/, and a real click out of one: what Amazon's side received
// (this browser's route, not the network) and what /go/ stored (docs/decisions/075, 079).

export const GUIDE = '/guides/bag-and-board-a-golden-age-run'
const TABLE = comparisons.find((comparison) => comparison.slug === 'golden-age-sleeves')!
const firstCard = (main: Locator) =>
  main
    .locator('.product-card')
    .first()
    .getByRole('link', { name: /^View on / })

export interface OutboundPlacement {
  name: string
  path: string
  /** The placement its links name, and its clicks are counted under. */
  placement: string
  link: (main: Locator) => Locator
}

export const PLACEMENTS: OutboundPlacement[] = [
  {
    name: 'the product page’s button',
    path: '/product/B073TEQUFH',
    placement: 'product',
    link: (main) => main.getByRole('link', { name: /^View on / }).first(),
  },
  { name: 'a featured card on the home page', path: '/', placement: 'home', link: firstCard },
  { name: 'a card on a category page', path: '/category/mylar-sleeves', placement: 'category', link: firstCard },
  { name: 'a card in search results', path: '/search?q=mylar', placement: 'search', link: firstCard },
  {
    name: 'a guide’s product box',
    path: GUIDE,
    placement: 'guide',
    link: (main) =>
      main
        .getByRole('article')
        .getByRole('article')
        .first()
        .getByRole('link', { name: /^View on / }),
  },
  { name: 'a guide’s grid of cards', path: GUIDE, placement: 'guide', link: firstCard },
  {
    name: 'a guide’s table',
    path: GUIDE,
    placement: 'guide',
    link: (main) =>
      main
        .getByRole('table', { name: TABLE.name })
        .getByRole('link', { name: /^View on / })
        .first(),
  },
  {
    name: 'a guide’s inline buy link',
    path: GUIDE,
    placement: 'guide',
    link: (main) => main.getByRole('link', { name: /^Check the price/ }),
  },
  {
    name: 'a comparison table',
    path: `/compare/${TABLE.slug}`,
    placement: 'comparison',
    link: (main) =>
      main
        .getByRole('table')
        .getByRole('link', { name: /^View on / })
        .first(),
  },
  {
    name: 'the fit finder’s answer',
    path: '/fit?era=silver&silver=120',
    placement: 'fit-finder',
    link: (main) => main.getByRole('link', { name: /^View on / }).first(),
  },
]

/** Opens the placement's page and checks its link out names the placement. */
export async function linkOut(page: Page, placement: OutboundPlacement): Promise<Locator> {
  await page.goto(placement.path)
  const link = placement.link(page.getByRole('main'))
  await expect(link).toHaveAttribute('href', new RegExp(`^/go/[A-Z0-9]{10}\\?from=${placement.placement}$`))
  return link
}

/** Clicks the link out (a new tab, through /go/): the address Amazon was asked for, and the Referer it carried. */
export async function clickOut(page: Page, link: Locator): Promise<{ url: URL; referer: string | undefined }> {
  const context = page.context()
  const amazon = new Promise<{ url: URL; referer: string | undefined }>((resolve) => {
    void context.route('https://www.amazon.com/**', async (route) => {
      resolve({ url: new URL(route.request().url()), referer: route.request().headers()['referer'] })
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Amazon</title>' })
    })
  })
  const tab = context.waitForEvent('page')
  await link.click()
  await tab
  return amazon
}

/** Runs SQL on the e2e run's database. */
export function e2eQuery<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
  return onServer(
    async (client) => (await client.query<Row>(text, values)).rows,
    e2eServiceEnv(process.env.E2E_DATABASE!).DATABASE_URL,
  )
}

/** The clicks a browser (told apart by its user agent) made. */
export function clicksBy(userAgent: string) {
  return e2eQuery<{
    referrer: string | null
    source_path: string | null
    tag: string | null
    placement: string | null
  }>('SELECT referrer, source_path, tag, placement FROM clicks WHERE user_agent = $1', [userAgent])
}
