import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import type { ParsedMail } from 'mailparser'
import { e2eServiceEnv, SMTP_URL_FILE } from '#tests/support/e2e-env.ts'
import { onServer } from '#tests/support/postgres.ts'
import { expectNoA11yViolations } from './support/axe.ts'
import { waitForHydration } from './support/hydration.ts'
import { linkIn, waitForMail } from './support/mailbox.ts'
import { signUpFromHome } from './support/signup.ts'
import { uniqueEmail } from './support/unique-email.ts'

// The weekly digest as a subscriber lives it: sign up, confirm, receive `npm run digest`, leave by its link
// (with and without JavaScript) or by the mail provider's one-click button.

const run = promisify(execFile)
const DIGEST_SUBJECT = 'This week at'

function database(): string {
  const name = process.env.E2E_DATABASE
  if (!name) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')
  return name
}

/** `npm run digest` against the e2e site: its database, Redis, secret, public URL and SMTP sink. */
async function runDigest(): Promise<string> {
  const smtpUrl = (await readFile(join(process.env.E2E_MAIL_DIR!, SMTP_URL_FILE), 'utf8')).trim()
  const { stdout } = await run('npx', ['tsx', 'jobs/digest-cli.ts'], {
    env: {
      ...process.env,
      ...e2eServiceEnv(database()),
      NODE_ENV: 'production',
      SITE_URL: process.env.E2E_BASE_URL,
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
    },
    timeout: 60_000,
  })
  return stdout
}

function listUnsubscribe(mail: ParsedMail): { url: string; post: string | undefined } {
  const value = (name: string) =>
    mail.headerLines
      .find((entry) => entry.key === name)
      ?.line.replace(/\r?\n[ \t]+/g, ' ')
      .slice(name.length + 1)
      .trim()
  return { url: /^<(.+)>$/.exec(value('list-unsubscribe') ?? '')?.[1] ?? '', post: value('list-unsubscribe-post') }
}

const statusOf = (email: string) =>
  onServer(async (client) => {
    const { rows } = await client.query<{ status: string }>('SELECT status FROM subscribers WHERE email = $1', [email])
    return rows[0]?.status
  }, e2eServiceEnv(database()).DATABASE_URL)

test('subscribe, confirm, get the digest, unsubscribe from its link', async ({ page, request }) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('digest')
  await signUpFromHome(page, email)
  const confirmation = await waitForMail(email, { subject: 'Confirm your subscription' })
  await page.goto(linkIn(confirmation, '/subscribe/confirm'))
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible()

  expect(await runDigest()).toMatch(/^Digest sent to \d+ subscribers?\.$/m)
  const digest = await waitForMail(email, { subject: DIGEST_SUBJECT })
  expect(digest.text).toContain('New this week')
  expect(listUnsubscribe(digest)).toEqual({
    url: linkIn(digest, '/unsubscribe'),
    post: 'List-Unsubscribe=One-Click',
  })
  // Product links open the product's page on our site, never /go or Amazon (docs/decisions/076).
  const product = linkIn(digest, '/product/')
  expect(product.startsWith(`${process.env.E2E_BASE_URL}/product/`)).toBe(true)
  expect(digest.text).not.toContain('/go/')
  expect((await request.get(product, { maxRedirects: 0 })).status()).toBe(200)

  await page.goto(linkIn(digest, '/unsubscribe'))
  await expect(page.getByRole('heading', { name: 'Unsubscribe from the weekly digest?' })).toBeVisible()
  await expectNoA11yViolations(page)
  expect(await statusOf(email)).toBe('confirmed')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('heading', { name: 'You have been unsubscribed' })).toBeVisible()
  await expectNoA11yViolations(page)
  expect(await statusOf(email)).toBe('unsubscribed')
})

test("the mail provider's one-click unsubscribe: one POST, no Origin, no JavaScript, no cookie", async ({
  request,
}) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('one-click')
  await onServer(
    (client) => client.query("INSERT INTO subscribers (email, status) VALUES ($1, 'confirmed')", [email]),
    e2eServiceEnv(database()).DATABASE_URL,
  )
  await runDigest()
  const { url, post } = listUnsubscribe(await waitForMail(email, { subject: DIGEST_SUBJECT }))
  expect(post).toBe('List-Unsubscribe=One-Click')

  const response = await request.post(url, { form: { 'List-Unsubscribe': 'One-Click' } })
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('no-store')
  expect(await statusOf(email)).toBe('unsubscribed')

  const forged = await request.post(url.replace(/sig=[\w-]+/, 'sig=forged'), {
    form: { 'List-Unsubscribe': 'One-Click' },
  })
  expect(forged.status()).toBe(400)
})
