import { expect, test, type APIRequestContext } from '@playwright/test'
import { crawl, idsOf, type CrawlResult } from '../support/crawl.ts'

// No link leads nowhere: every page a visitor can reach from the home page by following links, each checked
// once (the crawl is shared by the tests of this file, which run in order in one worker).

test.describe.configure({ mode: 'default', timeout: 240_000 })

// The side panel's Close link without JavaScript: it points at no element on purpose, so that the panel stops
// being the :target (app/components/side-panel.tsx).
const TARGETS_NOTHING = new Set(['close-menu'])

let site: CrawlResult
let http: APIRequestContext

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000)
  http = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })
  site = await crawl(http)
  const info = `${site.pages.size} pages, ${site.links.length} links, ${site.affiliateLinks.size} affiliate links`
  test.info().annotations.push({ type: 'crawl', description: info })
  console.log(`crawl: ${info}`)
})

test('every internal link answers 200, and every #fragment is on its page', async () => {
  // The crawl reached what a visitor finds from the home page, the FAQ that /compare-sleeves links to included.
  for (const path of [
    '/',
    '/faq',
    '/compare-sleeves',
    '/category/mylar-sleeves',
    '/product/B073TEQUFH',
    '/disclosure',
  ]) {
    expect(site.pages.get(path)?.status, `${path} was reached`).toBe(200)
  }
  expect(site.pages.size).toBeGreaterThan(100)

  const broken = site.links
    .filter((link) => link.status !== 200)
    .map((link) => `${link.from} → ${link.href} (${link.status})`)
  expect([...new Set(broken)], 'links that do not answer 200 (page → link)').toEqual([])

  const missingTargets = site.links
    .filter((link) => link.fragment && !TARGETS_NOTHING.has(link.fragment) && link.status === 200)
    .filter((link) => !idsOf(site.pages.get(link.to)!).has(link.fragment))
    .map((link) => `${link.from} → ${link.href} (no id "${link.fragment}")`)
  expect([...new Set(missingTargets)], 'links to a #fragment that is not on the page').toEqual([])
})

test.afterAll(async () => {
  await http?.dispose()
})

test('every /go/ affiliate link redirects to Amazon', async () => {
  expect(site.affiliateLinks.size, 'product pages link out through /go/').toBeGreaterThan(0)
  const wrong: string[] = []
  for (const [path, from] of site.affiliateLinks) {
    const response = await http.get(path, { maxRedirects: 0 })
    const location = response.headers()['location'] ?? ''
    if (![301, 302, 303, 307, 308].includes(response.status()) || !location.startsWith('https://www.amazon.com/')) {
      wrong.push(`${from[0]} → ${path} (${response.status()} ${location || 'no Location'})`)
    }
  }
  expect(wrong, 'affiliate links that do not redirect to Amazon (page → link)').toEqual([])
})
