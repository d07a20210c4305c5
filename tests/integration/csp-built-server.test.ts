import { describe, expect, inject, test } from 'vitest'
import { scriptHashes } from '#app/lib/content-security-policy.server.ts'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'
import { runnableInlineScripts } from '#tests/support/inline-scripts.ts'

// The production build's CSP (docs/decisions/053): a document allows its inline scripts by their hashes, with no
// nonce anywhere, so one cached body and its header suit every visitor of our page cache and of a shared cache.
// The hashes are of the scripts Remix reported as it wrote them (docs/decisions/072); here they must be exactly
// the body's. That a browser runs them with no violation is tests/e2e/security-headers.spec.ts; that it runs no
// other is tests/integration/csp-injected-script.test.ts.

const database = await createSeededDatabase(inject('templateDatabase'))
const site = useBuiltServer(database)
/** What server.ts's helmet allows on every response: no inline script. */
const SITE_SCRIPT_SOURCES = ["'self'"]

async function get(path: string) {
  const response = await fetch(site.url + path)
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    policy: response.headers.get('content-security-policy') ?? '',
    body: await response.text(),
  }
}

function scriptSources(policy: string): string[] {
  const directive = policy.split(';').find((part) => part.trim().split(/\s+/)[0] === 'script-src')
  expect(directive, `no script-src in ${policy}`).toBeDefined()
  return directive!.trim().split(/\s+/).slice(1)
}

/** No nonce anywhere; script-src is the site's and exactly the hashes of the body's inline scripts. */
function expectHashedScripts(answer: { policy: string; body: string }) {
  expect(answer.policy).not.toMatch(/nonce/i)
  expect(answer.body).not.toMatch(/\snonce=/i)
  expect(scriptSources(answer.policy)).toEqual([
    ...SITE_SCRIPT_SOURCES,
    ...scriptHashes(runnableInlineScripts(answer.body)),
  ])
}

describe('CSP on the built server', () => {
  test('a cached public page: two renders and two hits, each with the hashes of its own scripts and no nonce', async () => {
    const path = `/product/${site.asin}`
    // Kept from its second request (docs/decisions/033): two renders, then two hits.
    const answers = [await get(path), await get(path), await get(path), await get(path)]
    expect(answers.map((answer) => [answer.status, answer.cache])).toEqual([
      [200, 'MISS'],
      [200, 'MISS'],
      [200, 'HIT'],
      [200, 'HIT'],
    ])
    for (const answer of answers) expectHashedScripts(answer)
    const [, kept, hit, again] = answers
    expect([hit!.body, hit!.policy]).toEqual([kept!.body, kept!.policy])
    expect([again!.body, again!.policy]).toEqual([kept!.body, kept!.policy])

    // Remix's scroll, context, module and data scripts are all there and all hashed; the product's JSON-LD is not.
    expect(kept!.body).toContain('application/ld+json')
    expect(runnableInlineScripts(kept!.body)).toHaveLength(5)
  })

  test('pages drawn by error boundaries and pages never cached are hashed the same way', async () => {
    const missing = await get('/product/B0NOTHERE0')
    expect(missing.status).toBe(404)
    expectHashedScripts(missing)
    const search = await get('/search?q=sleeves')
    expect(search.status).toBe(200)
    expectHashedScripts(search)
  })

  test('the page made for tests only is a 404 unless TEST_FIXTURE_ROUTES turns it on', async () => {
    const fixture = await get('/test-fixtures/injected-script')
    expect(fixture.status).toBe(404)
    expect(fixture.body).not.toContain('dataset.injected')
    expectHashedScripts(fixture)
  })

  test('a response that is no document allows no inline script at all', async () => {
    for (const path of [`/product/${site.asin}.data`, '/robots.txt', '/favicon.svg']) {
      const answer = await get(path)
      expect(answer.status, path).toBe(200)
      expect(scriptSources(answer.policy), path).toEqual(SITE_SCRIPT_SOURCES)
    }
  })
})
