import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// The server's security middleware (server.ts) and the CSP of documents (docs/decisions/053): inline scripts are
// allowed by their hashes, never a nonce, so a page the cache serves again (ours, or a shared one) is the same
// body and header for everyone, and still runs in the browser with no violation.

const ASIN = 'B073TEQUFH'
const PRODUCT = `/product/${ASIN}`

function scriptSources(csp: string | undefined): string[] {
  const scriptSrc = (csp ?? '')
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
  expect(scriptSrc, `no script-src directive in: ${csp}`).toBeDefined()
  return scriptSrc!.slice(1)
}

test('CSP allows inline scripts by hash only, the same for every hit; a cross-origin POST is refused', async ({
  request,
}) => {
  const first = await request.get('/')
  expect(first.status()).toBe(200)
  const sources = scriptSources(first.headers()['content-security-policy'])
  expect(sources).not.toContain("'unsafe-inline'")
  expect(sources.filter((source) => source.startsWith("'nonce-"))).toEqual([])
  expect(sources.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThanOrEqual(3)
  expect(await first.text()).not.toMatch(/\snonce=/)

  // Two hits of a cached page: one body and one header, for anyone.
  const hits = [await cachedGet(request, PRODUCT), await cachedGet(request, PRODUCT)]
  expect(await hits[1]!.text()).toBe(await hits[0]!.text())
  expect(hits[1]!.headers()['content-security-policy']).toBe(hits[0]!.headers()['content-security-policy'])

  const crossSite = await request.post('/', {
    headers: { Origin: 'http://evil.example' },
    form: { anything: '1' },
  })
  expect(crossSite.status()).toBe(403)
})

test('pages run their scripts with no CSP violation: rendered, served from the page cache, navigated', async ({
  page,
  request,
}) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text())
  })

  await page.goto('/')
  await expectWorking(page)

  // The same cached page twice, as two visitors of a shared cache would get it.
  for (let visit = 0; visit < 2; visit++) {
    await expect.poll(async () => (await gotoCached(page, request, PRODUCT)) ?? 'not a hit').toBe('HIT')
    await expectWorking(page)
  }

  if (isJsProject()) {
    // A client navigation: the router fetches data and imports the next route's module, all under the policy.
    await page.evaluate(() => Object.assign(window, { samePage: true }))
    await page.getByRole('main').locator('a[href^="/category/"]').first().click()
    await expect(page).toHaveURL(/\/category\//)
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true)
  }
  expect(violations).toEqual([])
})

test('public pages and the redirect out give other sites our origin; the panel gives them nothing', async ({
  request,
}) => {
  // docs/decisions/075. A redirect's policy is the one its next request is sent under: /go/'s must not be stricter.
  const out = await request.get(`/go/${ASIN}`, { maxRedirects: 0 })
  expect(out.status()).toBe(302)
  for (const response of [await request.get('/'), await cachedGet(request, PRODUCT), out]) {
    expect(response.headers()['referrer-policy'], response.url()).toBe('strict-origin-when-cross-origin')
  }
  expect((await request.get('/admin/login')).headers()['referrer-policy']).toBe('same-origin')
})

/** A GET the page cache answers (a page is kept from its second request, docs/decisions/033). */
async function cachedGet(request: APIRequestContext, path: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    if (response.headers()['x-page-cache'] === 'HIT') return response
  }
  throw new Error(`${path} was not served from the page cache`)
}

/** Opens `path` after asking for it twice (so it is kept); says how the cache answered the browser. */
async function gotoCached(page: Page, request: APIRequestContext, path: string) {
  await request.get(path)
  await request.get(path)
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  return response?.headers()['x-page-cache']
}

/** Hydrated with JavaScript on; in both modes, no nonce in the document. */
async function expectWorking(page: Page) {
  await waitForHydration(page)
  expect(await page.locator('[nonce]').count()).toBe(0)
}
