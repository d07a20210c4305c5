import { chromium } from 'playwright-core'
import { expect, inject, test } from 'vitest'
import { scriptHashes } from '#app/lib/content-security-policy.server.ts'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'
import { runnableInlineScripts } from '#tests/support/inline-scripts.ts'

// A script injected into a page's HTML, as an HTML-injection bug would leave one (played by a page for tests only,
// app/routes/_site.test-fixtures.injected-script.tsx), is not allowed by the document's CSP, which lists the
// scripts the app wrote as it wrote them (docs/decisions/072): Chromium refuses it and runs the app's own.

const PATH = '/test-fixtures/injected-script'
/** The text of the script the fixture's raw HTML carries. */
const INJECTED = "document.documentElement.dataset.injected='yes'"

const database = await createSeededDatabase(inject('templateDatabase'))
const site = useBuiltServer(database, (env) => ({ ...env, TEST_FIXTURE_ROUTES: 'true' }))

test("the policy allows the app's scripts and not one injected into the page, which Chromium then refuses", async () => {
  const response = await fetch(site.url + PATH)
  expect(response.status).toBe(200)
  const policy = response.headers.get('content-security-policy') ?? ''
  const hashes = policy.match(/'sha256-[^']+'/g) ?? []
  const scripts = runnableInlineScripts(await response.text())
  expect(scripts).toContain(INJECTED)
  expect(hashes).not.toContain(scriptHashes([INJECTED])[0])
  // Every other inline script in the body is the app's, and allowed: scroll, context, modules, data and its end.
  const own = scripts.filter((script) => script !== INJECTED)
  expect(own).toHaveLength(5)
  expect(hashes).toEqual(scriptHashes(own))

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
  try {
    const page = await browser.newPage()
    // Playwright's init script, which the page's policy does not govern, records violations from the document's start.
    await page.addInitScript(() => {
      const seen: Array<{ directive: string; blocked: string }> = []
      Object.assign(window, { violations: seen })
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
      )
    })
    expect((await page.goto(site.url + PATH))?.status()).toBe(200)
    // The app's own scripts ran: Remix's context is there and React hydrated the document.
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')))
    expect(await page.evaluate(() => typeof (window as { __remixContext?: unknown }).__remixContext)).toBe('object')
    // The injected one did not, and its refusal is the page's only violation.
    expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined()
    expect(await page.evaluate(() => (window as unknown as { violations: unknown }).violations)).toEqual([
      { directive: 'script-src-elem', blocked: 'inline' },
    ])
  } finally {
    await browser.close()
  }
}, 60_000)
