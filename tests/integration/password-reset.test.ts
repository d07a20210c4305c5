import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { startMailDelivery } from '#tests/support/mail-delivery.ts'
import { callAction, callLoader, getRequest, replyOf, toastOf, type FormFields } from '#tests/support/remix.ts'

// Forgot password → the real mail (BullMQ worker → SMTP) → the link → a new password, with every rule of
// SPEC §2/§8/§9: the same answer for any address, hashed single-use one-hour tokens, other sessions ended.
const SITE = 'http://shop.example.test'
const sink = await startMailDelivery({ siteUrl: SITE })

const forgot = await import('#app/routes/admin_.forgot-password.tsx')
const reset = await import('#app/routes/admin_.reset-password.tsx')
const { getSessionUser } = await import('#app/lib/session.server.ts')
const { verifyPassword } = await import('#app/lib/password.server.ts')
const { findOrCreateUserByEmail, findUserByEmail } = await import('#app/models/user.server.ts')
const { createPanelUser, panelCookie } = await import('#tests/support/panel-users.ts')
const { db } = await import('#db/client.ts')

let ipCount = 0
/** A new address per call, so each test starts under the per-IP limit. */
const nextIp = () => `203.0.113.${++ipCount}`

const requestLink = async (email: string, clientIp = nextIp()) =>
  replyOf(await callAction(forgot.action, `${SITE}/admin/forgot-password`, { email }, { clientIp }))

const submitReset = (fields: FormFields, cookie = '') =>
  callAction(reset.action, `${SITE}/admin/reset-password`, fields, { cookie, clientIp: nextIp() }) as Promise<unknown>

const loadReset = async (query: string) =>
  replyOf(await callLoader(reset.loader, `${SITE}/admin/reset-password${query}`))

/** A panel user holding `role`, with the password `password`. */
const panelUser = (role: 'admin' | 'editor' | 'viewer' = 'editor', password = 'old password 1') =>
  createPanelUser(role, { password })

/** Asks for a link for `email` and answers the token it mailed. */
async function mailedToken(email: string) {
  expect((await requestLink(email)).data).toEqual({ outcome: 'sent' })
  const mail = await sink.waitFor(email)
  sink.messages.splice(sink.messages.indexOf(mail), 1)
  const link = new URL(mail.text!.match(/https?:\/\/\S+/)![0])
  return { mail, link, token: link.searchParams.get('token')! }
}

const INVALID_LINK_TOAST = {
  type: 'error',
  title: 'Invalid or expired link',
  description: 'Please request a new password reset.',
}

async function expectInvalidLinkRedirect(response: unknown) {
  expect(response).toBeInstanceOf(Response)
  const redirect = response as Response
  expect(redirect.status).toBe(303)
  expect(redirect.headers.get('Location')).toBe('/admin/forgot-password')
  expect(await toastOf(redirect)).toEqual(INVALID_LINK_TOAST)
}

const loaderRedirect = (query: string) =>
  loadReset(query).then(
    () => expect.fail('the loader should have redirected'),
    (thrown: unknown) => thrown,
  )

describe('forgot password', () => {
  test('the same confirmation for an unknown address, a reviewer without a role and a panel user; mail only for the last', async () => {
    const reviewer = await findOrCreateUserByEmail(db, 'reviewer-only@example.com')
    const editor = await panelUser('editor')
    for (const email of ['nobody@example.com', reviewer.email, editor.email]) {
      const reply = await requestLink(email)
      expect(reply.data).toEqual({ outcome: 'sent' })
      expect(reply.status).toBe(200)
    }
    await sink.waitFor(editor.email)
    // Mail goes out in the order it was queued: once the panel user's arrived, the others would have too.
    const recipients = sink.messages.flatMap((m) => [m.to].flat().map((address) => address?.text))
    expect(recipients).toEqual([editor.email])
    const tokens = await db.selectFrom('password_reset_tokens').select('user_id').execute()
    expect(tokens).toEqual([{ user_id: editor.id }])
    sink.messages.splice(0)
  })

  test('the mail carries an absolute link with a 43-character token; only its SHA-256 is stored, for an hour', async () => {
    const user = await panelUser('viewer')
    const { mail, link, token } = await mailedToken(user.email.toUpperCase())
    expect(link.origin + link.pathname).toBe(`${SITE}/admin/reset-password`)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.html).toContain(`${SITE}/admin/reset-password?token=${token}`)
    expect(mail.text).toContain('expires in 1 hour')
    const row = await db
      .selectFrom('password_reset_tokens')
      .select(['token_hash', sql<number>`extract(epoch from expires_at - created_at)::int`.as('lifetime')])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(row.token_hash).not.toContain(token)
    expect(row.lifetime).toBe(3600)
  })

  test.each([
    ['not-an-address', 'Invalid email address'],
    ['', 'Required'],
  ])('refuses %j with "%s" and sends nothing', async (email, message) => {
    const reply = await requestLink(email)
    expect(reply.status).toBe(400)
    expect(reply.data).toMatchObject({ status: 'error', error: { email: [message] } })
  })

  test('three requests an hour per address, whatever the IP; then a 429 with Retry-After and no mail', async () => {
    const user = await panelUser()
    for (let i = 0; i < 3; i++) expect((await requestLink(user.email)).data).toEqual({ outcome: 'sent' })
    const refused = await requestLink(user.email)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(refused.data).toMatchObject({ error: { '': ['Too many attempts. Please wait a while and try again.'] } })
  })

  test('ten requests an hour per IP, whatever the address', async () => {
    const ip = nextIp()
    for (let i = 0; i < 10; i++)
      expect((await requestLink(`spray${i}@example.com`, ip)).data).toEqual({ outcome: 'sent' })
    expect((await requestLink('spray-last@example.com', ip)).status).toBe(429)
  })
})

describe('reset password', () => {
  test('a valid link shows the form for its user; the new password works, the old does not; the link works once', async () => {
    const user = await panelUser('editor', 'old password 1')
    const { token } = await mailedToken(user.email)
    expect((await loadReset(`?token=${token}`)).data).toEqual({ state: 'form', token, email: user.email })

    // Sent by the JavaScript page: on to ?updated, which says so for 1.5 s.
    const response = (await submitReset({
      token,
      password: 'brand new pass',
      confirmPassword: 'brand new pass',
      enhanced: '1',
    })) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/reset-password?updated')
    expect((await loadReset('?updated')).data).toEqual({ state: 'updated' })

    const stored = await findUserByEmail(db, user.email)
    expect(await verifyPassword(stored!.password_hash, 'brand new pass')).toBe(true)
    expect(await verifyPassword(stored!.password_hash, 'old password 1')).toBe(false)
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/)

    // Used: the page and the form both send the visitor back to ask for a new link.
    await expectInvalidLinkRedirect(await loaderRedirect(`?token=${token}`))
    await expectInvalidLinkRedirect(
      await submitReset({ token, password: 'another pass 2', confirmPassword: 'another pass 2' }),
    )
    expect(await verifyPassword((await findUserByEmail(db, user.email))!.password_hash, 'brand new pass')).toBe(true)
  })

  test('every other panel session of the user ends; the one resetting stays; other users keep theirs', async () => {
    const user = await panelUser('admin')
    const other = await panelUser('viewer')
    const [here, elsewhere, otherUsers] = [
      await panelCookie(user.id),
      await panelCookie(user.id),
      await panelCookie(other.id),
    ]
    const { token } = await mailedToken(user.email)
    await submitReset({ token, password: 'a fresh password', confirmPassword: 'a fresh password' }, here)
    const signedIn = (cookie: string) => getSessionUser(getRequest(SITE, { cookie }), 'panel')
    expect(await signedIn(here)).toMatchObject({ userId: user.id })
    expect(await signedIn(elsewhere)).toBeNull()
    expect(await signedIn(otherUsers)).toMatchObject({ userId: other.id })

    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'RESET_PASSWORD')
      .where('entity_id', '=', String(user.id))
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({
      actor_id: user.id,
      entity_type: 'USER',
      diff: { password: 'changed', sessionsEnded: 1 },
    })
    expect(JSON.stringify(audit.diff)).not.toContain('a fresh password')
  })

  test('without a session, every panel session of the user ends', async () => {
    const user = await panelUser()
    const cookie = await panelCookie(user.id)
    const { token } = await mailedToken(user.email)
    await submitReset({ token, password: 'a fresh password', confirmPassword: 'a fresh password' })
    expect(await getSessionUser(getRequest(SITE, { cookie }), 'panel')).toBeNull()
  })

  test('an expired link is refused by the page and by the form', async () => {
    const user = await panelUser()
    const { token } = await mailedToken(user.email)
    await db
      .updateTable('password_reset_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute()
    await expectInvalidLinkRedirect(await loaderRedirect(`?token=${token}`))
    await expectInvalidLinkRedirect(
      await submitReset({ token, password: 'brand new pass', confirmPassword: 'brand new pass' }),
    )
    expect(await verifyPassword((await findUserByEmail(db, user.email))!.password_hash, 'old password 1')).toBe(true)
  })

  test('a missing, malformed or unknown token is refused', async () => {
    for (const query of ['', '?token=', '?token=short', `?token=${'A'.repeat(43)}`]) {
      await expectInvalidLinkRedirect(await loaderRedirect(query))
    }
  })

  test('a newer link replaces an older one', async () => {
    const user = await panelUser()
    const first = await mailedToken(user.email)
    const second = await mailedToken(user.email)
    await expectInvalidLinkRedirect(await loaderRedirect(`?token=${first.token}`))
    expect((await loadReset(`?token=${second.token}`)).data).toMatchObject({ state: 'form' })
  })

  test.each([
    [{ password: 'short', confirmPassword: 'short' }, { password: ['Password too short'] }],
    [{ password: 'long enough 1', confirmPassword: 'long enough 2' }, { confirmPassword: ['Passwords do not match'] }],
    [
      { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      { password: ['Password must be at most 128 characters'] },
    ],
  ])('refuses %j with its message and keeps the link and the password', async (fields, errors) => {
    const user = await panelUser()
    const { token } = await mailedToken(user.email)
    const reply = replyOf<FormReply>(await submitReset({ token, ...fields }))
    expect(reply.status).toBe(400)
    expect(reply.data).toMatchObject({ error: errors })
    // The reply keeps what was typed, never the password.
    expect(reply.data.initialValue).not.toHaveProperty('password')
    expect((await loadReset(`?token=${token}`)).data).toMatchObject({ state: 'form' })
    expect(await verifyPassword((await findUserByEmail(db, user.email))!.password_hash, 'old password 1')).toBe(true)
  })

  test('a 1 MB password is refused with a 413 without being read whole', async () => {
    const user = await panelUser()
    const { token } = await mailedToken(user.email)
    const big = 'x'.repeat(1024 * 1024)
    const reply = replyOf(
      await submitReset(new URLSearchParams({ token, password: big, confirmPassword: big }).toString()),
    )
    expect(reply.status).toBe(413)
    expect((await loadReset(`?token=${token}`)).data).toMatchObject({ state: 'form' })
  })

  test('two submissions of one link at once: exactly one succeeds', async () => {
    const user = await panelUser()
    const { token } = await mailedToken(user.email)
    const results = (await Promise.all([
      submitReset({ token, password: 'first password', confirmPassword: 'first password' }),
      submitReset({ token, password: 'second password', confirmPassword: 'second password' }),
    ])) as Response[]
    // Without JavaScript, success goes straight to sign-in (with the toast).
    expect(results.map((r) => r.headers.get('Location')).sort()).toEqual(['/admin/forgot-password', '/admin/login'])
    const audits = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'RESET_PASSWORD')
      .where('entity_id', '=', String(user.id))
      .execute()
    expect(audits).toHaveLength(1)
  })
})
