import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// The e2e suite runs against the production build, on a database of its own made fresh for this run.
const port = Number(process.env.E2E_PORT ?? 3210)
process.env.E2E_DATABASE ??= `cv_e2e_${process.pid}_${Date.now().toString(36)}`
// localhost, not 127.0.0.1: a passkey is bound to a domain, and WebAuthn takes no IP address for one.
process.env.E2E_BASE_URL = `http://localhost:${port}`
// The web server's SMTP sink writes every message here; tests read them (tests/e2e/support/mailbox.ts).
process.env.E2E_MAIL_DIR ??= join(tmpdir(), `${process.env.E2E_DATABASE}-mail`)

// Debian's Chromium where it is installed (our machines and CI); Playwright's own browser elsewhere.
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Long flows run several axe checks; on a busy 2-core machine a page state can take seconds.
  timeout: 60_000,
  globalTeardown: './tests/support/e2e-teardown.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // First-admin setup needs a site with no admin: it runs alone, before everything else, in both modes.
  projects: [
    { name: 'first-admin-js', testMatch: /first-admin\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'first-admin-no-js',
      testMatch: /first-admin\.spec\.ts/,
      dependencies: ['first-admin-js'],
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
    },
    {
      name: 'js',
      testIgnore: [/first-admin\.spec\.ts/, /site-checks\//, /site-wide\//],
      dependencies: ['first-admin-no-js'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'no-js',
      testIgnore: [/first-admin\.spec\.ts/, /site-checks\//, /site-wide\//],
      dependencies: ['first-admin-no-js'],
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
    },
    // Checks of the HTML the server sends (links, Nu HTML checker, structured data, meta tags): no browser
    // involved, so they run once, not once per JavaScript mode.
    {
      name: 'site-checks',
      testMatch: /site-checks\/.*\.spec\.ts/,
      dependencies: ['first-admin-no-js'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Site-wide settings (e.g. requiring two-factor sign-in of every panel user) would disturb the tests running
    // in parallel: these run after all others, alone, one test at a time, in both modes. To run just these, add
    // --workers=1 to --no-deps, which drops the order between the two as well.
    {
      name: 'site-wide-js',
      testMatch: /site-wide\/.*\.spec\.ts/,
      dependencies: ['js', 'no-js', 'site-checks'],
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'site-wide-no-js',
      testMatch: /site-wide\/.*\.spec\.ts/,
      dependencies: ['site-wide-js'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
    },
  ],
  webServer: {
    // `npm test` builds once, for the integration suite, and says so with E2E_PREBUILT: no second build here.
    command: `${process.env.E2E_PREBUILT ? '' : 'npm run build && '}tsx tests/support/e2e-server.ts`,
    url: `${process.env.E2E_BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_DATABASE: process.env.E2E_DATABASE,
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: process.env.E2E_BASE_URL,
    },
  },
})
