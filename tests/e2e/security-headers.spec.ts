import { expect, test } from '@playwright/test'

// Smoke test of the server's security middleware (server.ts): nonce-based CSP and the cross-origin POST guard.
// It uses the request fixture only, so it behaves the same in both projects.

test('CSP uses a fresh nonce for scripts, no unsafe-inline; a cross-origin POST is refused', async ({ request }) => {
  const nonceOf = (csp: string) => {
    const scriptSrc = csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
    expect(scriptSrc, `no script-src directive in: ${csp}`).toBeDefined()
    const sources = scriptSrc!.slice(1)
    expect(sources).not.toContain("'unsafe-inline'")
    const nonce = sources.find((source) => source.startsWith("'nonce-"))
    expect(nonce, `no nonce in script-src: ${sources.join(' ')}`).toBeDefined()
    return nonce!.slice("'nonce-".length, -1)
  }

  const first = await request.get('/')
  expect(first.status()).toBe(200)
  const csp = first.headers()['content-security-policy']
  expect(csp, 'content-security-policy header').toBeTruthy()
  const nonce = nonceOf(csp!)
  // The page's inline scripts carry that nonce, and the next response gets another one.
  expect(await first.text()).toContain(`nonce="${nonce}"`)
  const second = await request.get('/')
  expect(nonceOf(second.headers()['content-security-policy'] ?? '')).not.toBe(nonce)

  const crossSite = await request.post('/', {
    headers: { Origin: 'http://evil.example' },
    form: { anything: '1' },
  })
  expect(crossSite.status()).toBe(403)
})
