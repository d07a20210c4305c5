import { expect, test, type APIRequestContext } from '@playwright/test'
import {
  crawl,
  fetchPage,
  idsOf,
  origin,
  publicPageTypes,
  type CrawlResult,
  type FetchedPage,
} from '../support/crawl.ts'

// No link leads nowhere, and every page says what it is: every page a visitor can reach from the home page by
// following links, each fetched once (the crawl is shared by the tests of this file, which run in order in one
// worker), plus the kinds of page no link leads to (a search without results, a 404, links from e-mails).

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
    '/guides',
    '/guides/bag-and-board-a-golden-age-run',
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

test('every search result link leads to its product page, which answers 200', async () => {
  expect(site.openLinks.size, 'the footer’s searches list results').toBeGreaterThan(0)
  const wrong: string[] = []
  for (const [path, from] of site.openLinks) {
    const asin = new URL(path, origin()).searchParams.get('asin')
    const response = await http.get(path, { maxRedirects: 0 })
    const location = response.headers()['location'] ?? ''
    const landing = location ? (await http.get(location, { maxRedirects: 0 })).status() : 0
    if (response.status() !== 303 || location !== `/product/${asin}` || landing !== 200) {
      wrong.push(`${from[0]} → ${path} (${response.status()} ${location || 'no Location'} → ${landing})`)
    }
  }
  expect(wrong, 'search result links that do not lead to their product (page → link)').toEqual([])
})

test('every alternate link (the guides feed) answers with its type, and every guide the feed names answers 200', async () => {
  const alternates = new Map<string, { type: string; from: string }>()
  for (const page of site.pages.values()) {
    for (const link of page.document.querySelectorAll('link[rel="alternate"]')) {
      alternates.set(link.getAttribute('href') ?? '', { type: link.getAttribute('type') ?? '', from: page.path })
    }
  }
  expect([...alternates.keys()]).toContain('/guides/feed.xml')
  const wrong: string[] = []
  const entries: string[] = []
  for (const [href, { type, from }] of alternates) {
    const response = await http.get(href, { maxRedirects: 0 })
    const contentType = response.headers()['content-type'] ?? ''
    if (response.status() !== 200 || !contentType.startsWith(type)) {
      wrong.push(`${from} → ${href} (${response.status()} ${contentType})`)
    } else if (href === '/guides/feed.xml') {
      entries.push(
        ...[...(await response.text()).matchAll(/<link rel="alternate" type="text\/html" href="([^"]+)"\/>/g)].map(
          (match) => match[1]!,
        ),
      )
    }
  }
  expect(wrong, 'alternate links that do not answer 200 with their type (page → link)').toEqual([])
  expect(entries).toContain(`${process.env.E2E_BASE_URL}/guides`)
  expect(entries).toContain(`${process.env.E2E_BASE_URL}/guides/bag-and-board-a-golden-age-run`)
  for (const url of entries) {
    expect((await http.get(url, { maxRedirects: 0 })).status(), url).toBe(200)
  }
})

/** Every HTML page the crawl reached, and a page of every kind it did not (404s and bad links included). */
async function everyPublicPage(): Promise<FetchedPage[]> {
  const pages: FetchedPage[] = [...site.pages.values()].filter((page) => page.html)
  for (const { path } of publicPageTypes) if (!site.pages.has(path)) pages.push(await fetchPage(http, path))
  expect(pages.length).toBeGreaterThan(site.pages.size / 2)
  return pages
}

test('every public page has exactly one meaningful meta description', async () => {
  const pages = await everyPublicPage()

  const problems: string[] = []
  for (const page of pages) {
    const descriptions = page.document
      .querySelectorAll('meta[name="description"]')
      .map((meta) => (meta.getAttribute('content') ?? '').trim())
    if (descriptions.length !== 1) problems.push(`${page.path} (${page.status}): ${descriptions.length} descriptions`)
    else if (descriptions[0]!.length < 50)
      problems.push(`${page.path} (${page.status}): "${descriptions[0]}" is too short`)
  }
  expect(problems, 'pages without exactly one meta description of 50 characters or more').toEqual([])
})

test('every public page has one title, and it names the site (404 and error pages too)', async () => {
  const problems: string[] = []
  for (const page of await everyPublicPage()) {
    const titles = page.document.querySelectorAll('title').map((title) => title.text.trim())
    // "… | Comic Vault Supplies"; the home page puts the name first.
    if (titles.length !== 1 || !/^\S.* \| Comic Vault Supplies$|^Comic Vault Supplies \| \S/.test(titles[0]!)) {
      problems.push(`${page.path} (${page.status}): ${JSON.stringify(titles)}`)
    }
  }
  expect(problems, 'pages whose title is not "… | Comic Vault Supplies"').toEqual([])
})
