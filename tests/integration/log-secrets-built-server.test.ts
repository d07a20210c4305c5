import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import {
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  startSession,
  visibleAsin,
  type BuiltServer,
} from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'

// No secret in a log (issue 53): every mailed link carries its token in the address, and the request log writes
// each address it serves. The built server, logging every request, mails real links through its own job
// runner; following them must leave each token out of everything the process printed, while the lines that
// served them are still there.

const database = await createSeededDatabase(inject('templateDatabase'))
const sink = await startSmtpSink()
const env = { ...builtServerEnv(database), SMTP_URL: sink.url, RUN_WORKER: 'true', LOG_LEVEL: 'info' }
let server: BuiltServer

beforeAll(async () => {
  server = await startBuiltServer(env)
}, 240_000)
afterAll(async () => {
  await server?.stop()
  await sink.close()
  await database.drop()
})

/** A form post as the browser sends it from one of the site's pages. */
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

/** The links of the first mail to `to`, our own site's only. */
async function mailedLinks(to: string): Promise<URL[]> {
  const mail = await sink.waitFor(to)
  return [...mail.text!.matchAll(/https?:\/\/\S+/g)]
    .map(([link]) => new URL(link))
    .filter((url) => url.origin === server.url)
}

test('the tokens of mailed links, followed, are in no line the server printed', async () => {
  const { userId } = await startSession(env, 'panel', 'admin')
  const adminEmail = await onServer(async (client) => {
    const { rows } = await client.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])
    return rows[0]!.email
  }, database.url)
  const asin = await visibleAsin(database.url)

  expect((await post('/admin/forgot-password', { email: adminEmail })).status).toBe(200)
  expect((await post('/subscribe', { email: 'reader@example.com' })).status).toBe(303)
  const review = {
    intent: 'review',
    email: 'reviewer@example.com',
    nickname: 'Slabber',
    rating: '4',
    comment: 'Fits my moderns perfectly.',
  }
  expect((await post(`/reviews/${asin}`, review)).status).toBe(303)

  const links = [
    ...(await mailedLinks(adminEmail)),
    ...(await mailedLinks('reader@example.com')),
    ...(await mailedLinks('reviewer@example.com')),
  ]
  const secrets = links.flatMap((link) =>
    ['token', 'sig'].flatMap((name) => link.searchParams.getAll(name)).map((value) => ({ link, value })),
  )
  // A reset, a confirmation, an unsubscribe and a sign-in link, each with its secret.
  expect(secrets.map(({ link }) => link.pathname).sort()).toEqual(
    ['/admin/reset-password', '/auth/review-link', '/subscribe/confirm', '/unsubscribe'].sort(),
  )
  for (const { link } of secrets) {
    const response = await fetch(link, { redirect: 'manual' })
    expect(response.status, link.pathname).toBeLessThan(500)
  }

  // The request was logged (a line is written once its response has finished), its secret replaced.
  for (const { link } of secrets) await expect.poll(() => server.output()).toContain(`${link.pathname}?`)
  const output = server.output()
  for (const { link, value } of secrets) {
    expect(output, `${link.pathname}'s secret`).not.toContain(value)
    expect(output, `${link.pathname}'s secret, as encoded in the address`).not.toContain(encodeURIComponent(value))
  }
  expect(output).toContain('token=[redacted]')
  expect(output).toContain('sig=[redacted]')
})
