import { describe, expect, test } from 'vitest'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import {
  callAction,
  callLoader,
  loaderData,
  redirectOf,
  replyOf,
  responseOf,
  setCookie,
  statusOf,
  thrownResponse,
} from '#tests/support/remix.ts'
import { SoftAuthenticator } from '#tests/support/soft-authenticator.ts'

// Passkeys (docs/decisions/049) through the routes, answered by a software authenticator so the server's real
// WebAuthn verification runs: adding one (the first factor brings recovery codes), the second step, sign-in by a
// passkey alone (aal2 at once), replayed and forged answers, the rate limit, and removal with a fresh check.

const account = await import('#app/routes/admin.account.tsx')
const verify = await import('#app/routes/admin_.login_.verify.tsx')
const passkeyLogin = await import('#app/routes/admin_.login_.passkey.ts')
const options = await import('#app/routes/admin_.passkeys.options.ts')
const dashboard = await import('#app/routes/admin._index.tsx')
const { createPanelUser, enrolAuthenticator, panelCookie, cookieFor, userAudit } =
  await import('#tests/support/panel-users.ts')
const { PASSKEY_FAILED, PASSKEY_MALFORMED, PASSKEY_STALE } = await import('#app/schemas/two-factor.ts')
const { TOO_MANY_REQUESTS } = await import('#app/lib/rate-limit.server.ts')
const { getEnv } = await import('#app/lib/env.server.ts')
const { totpCode } = await import('#app/lib/mfa.server.ts')
const { db } = await import('#db/client.ts')

const SITE = getEnv().SITE_URL
let ipCount = 0
const nextIp = () => `198.51.100.${100 + ++ipCount}`

type Options = Parameters<SoftAuthenticator['register']>[0] & Parameters<SoftAuthenticator['authenticate']>[0]

async function optionsFor(purpose: string, cookie: string, ip: string) {
  const answer = responseOf(
    await callAction(options.action, `${SITE}/admin/passkeys/options`, { purpose }, { cookie, clientIp: ip }),
  )
  return { status: answer.status, data: (await answer.json()) as Options & { error?: string } }
}

const post = (
  action: typeof account.action | typeof verify.action | typeof passkeyLogin.action,
  path: string,
  fields: Record<string, string>,
  cookie: string,
  ip: string,
) => callAction(action, `${SITE}${path}`, fields, { cookie, clientIp: ip }) as Promise<unknown>
/** Sign-in by a passkey alone: the answer as the sign-in page's script posts it. */
const signInWithPasskey = (response: unknown, ip: string) =>
  post(passkeyLogin.action, '/admin/login/passkey', { response: JSON.stringify(response) }, '', ip)

const sessionsOf = (userId: number) =>
  db.selectFrom('sessions').select(['id', 'aal']).where('user_id', '=', userId).where('kind', '=', 'panel').execute()
const passkeysOf = (userId: number) =>
  db
    .selectFrom('mfa_factors')
    .select(['id', 'name', 'webauthn_counter', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'webauthn')
    .execute()

/** A panel user signed in (aal1, no factor yet) who adds a passkey from the account page. */
async function withPasskey(role: 'editor' | 'admin' = 'editor') {
  const user = await createPanelUser(role)
  const cookie = await panelCookie(user.id)
  const ip = nextIp()
  const authenticator = new SoftAuthenticator(SITE)
  const created = await optionsFor('register', cookie, ip)
  expect(created.status).toBe(200)
  const answer = await post(
    account.action,
    '/admin/account',
    { intent: 'add-passkey', name: 'Work laptop', response: JSON.stringify(authenticator.register(created.data)) },
    cookie,
    ip,
  )
  return { user, cookie, ip, authenticator, answer }
}

describe('adding a passkey', () => {
  test('the first factor: recovery codes shown once, the session at aal2 in place, audited', async () => {
    const { user, cookie, answer } = await withPasskey()
    expect(replyOf<{ recoveryCodes: string[] }>(answer).data.recoveryCodes).toHaveLength(10)
    expect(await passkeysOf(user.id)).toMatchObject([{ name: 'Work laptop', webauthn_counter: 0 }])
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(['aal2'])
    expect(await userAudit(user.id)).toMatchObject([
      { action: 'TWO_FACTOR_ENROLLED', diff: { method: 'passkey', name: 'Work laptop', recovery_codes: 10 } },
    ])
    const page = await loaderData(await callLoader(account.loader, `${SITE}/admin/account`, { cookie }))
    expect(page.status).toMatchObject({ enrolled: true, totp: false, recoveryCodesLeft: 10 })
    expect(page.status.passkeys).toMatchObject([{ name: 'Work laptop', lastUsed: null }])
  })

  test('beside an authenticator app: no new recovery codes; the next options exclude the passkey', async () => {
    const user = await createPanelUser('editor')
    await enrolAuthenticator(user.id)
    const cookie = await panelCookie(user.id, { aal: 'aal2' })
    const ip = nextIp()
    const authenticator = new SoftAuthenticator(SITE)
    const created = await optionsFor('register', cookie, ip)
    const added = await redirectOf(
      await post(
        account.action,
        '/admin/account',
        { intent: 'add-passkey', response: JSON.stringify(authenticator.register(created.data)) },
        cookie,
        ip,
      ),
    )
    expect(added.toast).toMatchObject({ title: 'Passkey added', description: 'Passkey 1' })
    const next = await optionsFor('register', cookie, ip)
    expect((next.data as { excludeCredentials?: Array<{ id: string }> }).excludeCredentials?.map((c) => c.id)).toEqual([
      authenticator.credentials[0]!.id.toString('base64url'),
    ])
  })

  test('an authenticator app after a passkey keeps the saved recovery codes', async () => {
    const { user, cookie, ip, answer } = await withPasskey()
    const saved = replyOf<{ recoveryCodes: string[] }>(answer).data.recoveryCodes
    await post(account.action, '/admin/account', { intent: 'start-totp' }, cookie, ip)
    const page = await loaderData(await callLoader(account.loader, `${SITE}/admin/account`, { cookie }))
    const secret = page.pending!.secret.replace(/\s/g, '')
    const added = await redirectOf(
      await post(
        account.action,
        '/admin/account',
        { intent: 'confirm-totp', factorId: String(page.pending!.factorId), code: totpCode(secret) },
        cookie,
        ip,
      ),
    )
    expect(added.toast?.title).toBe('Authenticator app added')
    const after = await loaderData(await callLoader(account.loader, `${SITE}/admin/account`, { cookie }))
    expect(after.status).toMatchObject({ totp: true, recoveryCodesLeft: 10 })
    // The codes saved with the passkey still work.
    const verifyCookie = await panelCookie(user.id)
    const signedIn = await post(
      verify.action,
      '/admin/login/verify',
      { method: 'recovery', code: saved[0]! },
      verifyCookie,
      ip,
    )
    expect(responseOf(signedIn).headers.get('Location')).toBe('/admin')
  })

  test('an answer from another origin, to another challenge, or malformed is refused and changes nothing', async () => {
    const user = await createPanelUser('editor')
    const cookie = await panelCookie(user.id)
    const ip = nextIp()
    const add = (response: string) =>
      post(account.action, '/admin/account', { intent: 'add-passkey', response }, cookie, ip)
    const phished = new SoftAuthenticator('https://comic-vault.example.evil')
    const created = await optionsFor('register', cookie, ip)
    const refused = replyOf<FormReply>(await add(JSON.stringify(phished.register(created.data))))
    expect(refused.status).toBe(400)
    expect(refused.data.error?.response).toEqual([PASSKEY_FAILED])
    // A challenge the server never made.
    const invented = new SoftAuthenticator(SITE).register({ ...created.data, challenge: 'bm90LWEtY2hhbGxlbmdl' })
    expect(replyOf<FormReply>(await add(JSON.stringify(invented))).data.error?.response).toEqual([PASSKEY_STALE])
    for (const malformed of ['{not json', JSON.stringify({ id: 'x' }), '']) {
      const reply = replyOf<FormReply>(await add(malformed))
      expect(reply.status).toBe(400)
      expect(reply.data.error?.response).toEqual([PASSKEY_MALFORMED])
    }
    expect(await passkeysOf(user.id)).toEqual([])
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(['aal1'])
    expect((await userAudit(user.id)).every((row) => row.action === 'TWO_FACTOR_FAILED')).toBe(true)
  })
})

describe('the second step with a passkey', () => {
  test('after the password: aal2 at a new session id, the counter recorded; the same answer again is refused', async () => {
    const { user, authenticator } = await withPasskey()
    const ip = nextIp()
    const cookie = await panelCookie(user.id)
    const page = await loaderData(await callLoader(verify.loader, `${SITE}/admin/login/verify`, { cookie }))
    expect(page.methods).toEqual(['passkey', 'recovery'])
    const asked = await optionsFor('authenticate', cookie, ip)
    expect(asked.status).toBe(200)
    const assertion = JSON.stringify(authenticator.authenticate(asked.data))
    const answer = responseOf(
      await post(verify.action, '/admin/login/verify', { method: 'passkey', response: assertion }, cookie, ip),
    )
    expect(await redirectOf(answer)).toMatchObject({ location: '/admin', toast: { title: 'Welcome back!' } })
    const upgraded = setCookie(answer, 'cv_session')!
    expect(await statusOf(() => callLoader(dashboard.loader, `${SITE}/admin`, { cookie: upgraded }))).toBe(200)
    expect(await passkeysOf(user.id)).toMatchObject([{ webauthn_counter: 1, last_used_at: expect.any(Date) }])

    // Replayed at the next sign-in: its challenge is used up.
    const again = await panelCookie(user.id)
    const replay = replyOf<FormReply>(
      await post(verify.action, '/admin/login/verify', { method: 'passkey', response: assertion }, again, ip),
    )
    expect(replay.status).toBe(400)
    expect(replay.data.error?.response).toEqual([PASSKEY_STALE])
    expect((await userAudit(user.id)).at(-1)).toMatchObject({
      action: 'TWO_FACTOR_FAILED',
      diff: { step: 'sign-in', method: 'passkey' },
    })
    expect(
      (await thrownResponse(() => callLoader(dashboard.loader, `${SITE}/admin`, { cookie: again }))).headers.get(
        'Location',
      ),
    ).toBe('/admin/login/verify')
  })

  test("another user's passkey does not pass anyone else's second step", async () => {
    const mine = await withPasskey()
    const theirs = await withPasskey()
    const ip = nextIp()
    const cookie = await panelCookie(mine.user.id)
    const asked = await optionsFor('authenticate', cookie, ip)
    const foreign = theirs.authenticator.authenticate(asked.data, { credential: theirs.authenticator.credentials[0]! })
    const reply = replyOf<FormReply>(
      await post(
        verify.action,
        '/admin/login/verify',
        { method: 'passkey', response: JSON.stringify(foreign) },
        cookie,
        ip,
      ),
    )
    expect(reply.status).toBe(400)
    expect(reply.data.error?.response).toEqual([PASSKEY_FAILED])
  })

  test('failed answers count against the limit: after 5, even a good one gets a 429', async () => {
    const { user, authenticator } = await withPasskey()
    const ip = nextIp()
    const cookie = await panelCookie(user.id)
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await post(verify.action, '/admin/login/verify', { method: 'passkey', response: '{}' }, cookie, ip)
      expect(replyOf(reply).status).toBe(400)
    }
    const asked = await optionsFor('authenticate', cookie, ip)
    const good = JSON.stringify(authenticator.authenticate(asked.data))
    const limited = replyOf<FormReply>(
      await post(verify.action, '/admin/login/verify', { method: 'passkey', response: good }, cookie, ip),
    )
    expect(limited.status).toBe(429)
    expect(limited.data.error?.['']).toEqual([TOO_MANY_REQUESTS])
  })
})

describe('signing in with a passkey alone', () => {
  test('a passkey that verifies its user signs in at aal2, with no password', async () => {
    const { user, authenticator } = await withPasskey('admin')
    const ip = nextIp()
    const asked = await optionsFor('sign-in', '', ip)
    expect(asked.data).toMatchObject({ userVerification: 'required', rpId: new URL(SITE).hostname })
    const answer = responseOf(await signInWithPasskey(authenticator.authenticate(asked.data), ip))
    expect(await redirectOf(answer)).toMatchObject({ location: '/admin', toast: { title: 'Welcome back!' } })
    const cookie = setCookie(answer, 'cv_session')!
    expect(await statusOf(() => callLoader(dashboard.loader, `${SITE}/admin`, { cookie }))).toBe(200)
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toContain('aal2')
  })

  test('without user verification, replayed, or unknown: refused with a 401 and no session', async () => {
    const { user, authenticator } = await withPasskey()
    const before = (await sessionsOf(user.id)).length
    const ip = nextIp()
    const signIn = (response: unknown) => signInWithPasskey(response, ip)

    const presenceOnly = new SoftAuthenticator(SITE, { userVerified: false })
    presenceOnly.credentials.push(...authenticator.credentials)
    const unverified = replyOf<FormReply>(
      await signIn(presenceOnly.authenticate((await optionsFor('sign-in', '', ip)).data)),
    )
    expect(unverified.status).toBe(401)
    expect(unverified.data.error?.['']).toEqual([PASSKEY_FAILED])

    const good = authenticator.authenticate((await optionsFor('sign-in', '', ip)).data)
    expect(responseOf(await signIn(good)).status).toBe(303)
    const replay = replyOf<FormReply>(await signIn(good))
    expect(replay.status).toBe(401)
    expect(replay.data.error?.['']).toEqual([PASSKEY_STALE])

    const stranger = new SoftAuthenticator(SITE)
    stranger.register({ challenge: 'eA', rp: {}, user: { id: 'eA' } })
    const unknown = replyOf<FormReply>(await signIn(stranger.authenticate((await optionsFor('sign-in', '', ip)).data)))
    expect(unknown.status).toBe(401)
    expect((await sessionsOf(user.id)).length).toBe(before + 1)
  })

  test('a challenge made for one purpose does not serve another', async () => {
    const { user, authenticator } = await withPasskey()
    const ip = nextIp()
    const cookie = await panelCookie(user.id)
    // A second-step challenge, answered to the sign-in endpoint.
    const asked = await optionsFor('authenticate', cookie, ip)
    const reply = replyOf<FormReply>(await signInWithPasskey(authenticator.authenticate(asked.data), ip))
    expect(reply.status).toBe(401)
    expect(reply.data.error?.['']).toEqual([PASSKEY_STALE])
  })
})

describe('the options', () => {
  test('adding needs a panel session past its second step; using needs one; signing in needs none', async () => {
    const ip = nextIp()
    const registerAs = async (cookie: string) =>
      (await thrownResponse(() => optionsFor('register', cookie, ip))).headers.get('Location')
    expect(await registerAs('')).toBe('/')
    expect(await registerAs(await cookieFor('no-role'))).toBe('/')
    expect(await registerAs(await cookieFor('enrolled-aal1'))).toBe('/admin/login/verify')
    expect((await optionsFor('authenticate', '', ip)).status).toBe(401)
    // A user without a passkey is not asked for one.
    const withoutPasskey = await optionsFor('authenticate', await panelCookie((await createPanelUser('editor')).id), ip)
    expect(withoutPasskey).toMatchObject({
      status: 409,
      data: { error: 'You have no passkey yet: use another method.' },
    })
    expect((await optionsFor('sign-in', '', ip)).status).toBe(200)
    expect((await optionsFor('something-else', '', ip)).status).toBe(400)
    expect(
      await statusOf(() =>
        callAction(options.action, `${SITE}/admin/passkeys/options`, 'x'.repeat(2000), { clientIp: ip }),
      ),
    ).toBe(413)
  })
})

describe('removing a passkey', () => {
  test('needs a fresh check, here by the passkey itself; the last factor takes the recovery codes', async () => {
    const { user, authenticator } = await withPasskey()
    const cookie = await panelCookie(user.id, { aal: 'aal2' })
    const ip = nextIp()
    const [passkey] = await passkeysOf(user.id)
    const remove = (fields: Record<string, string>) =>
      post(
        account.action,
        '/admin/account',
        { intent: 'remove-passkey', factorId: String(passkey!.id), ...fields },
        cookie,
        ip,
      )

    expect(replyOf<FormReply>(await remove({})).data.error?.code).toEqual([
      'Enter a code from your authenticator app or a recovery code.',
    ])
    expect(await passkeysOf(user.id)).toHaveLength(1)
    const asked = await optionsFor('authenticate', cookie, ip)
    const removed = await redirectOf(await remove({ passkey: JSON.stringify(authenticator.authenticate(asked.data)) }))
    expect(removed.toast).toMatchObject({
      title: 'Passkey removed',
      description: 'Work laptop no longer signs you in. Your password alone now signs you in.',
    })
    expect(await passkeysOf(user.id)).toEqual([])
    expect(await db.selectFrom('mfa_recovery_codes').where('user_id', '=', user.id).selectAll().execute()).toEqual([])
    expect((await userAudit(user.id)).at(-1)).toMatchObject({
      action: 'TWO_FACTOR_REMOVED',
      diff: { method: 'passkey', name: 'Work laptop', recovery_codes: 'removed' },
    })
    // Gone, and two-factor sign-in with it: removing it again is refused.
    expect(replyOf<FormReply>(await remove({ code: 'ABCD-EFGH' })).data.error?.['']).toEqual([
      'Two-factor sign-in is not on.',
    ])
  })

  test("another user's passkey id is not removed", async () => {
    const mine = await withPasskey()
    const theirs = await withPasskey()
    const [their] = await passkeysOf(theirs.user.id)
    const cookie = await panelCookie(mine.user.id, { aal: 'aal2' })
    const ip = nextIp()
    const asked = await optionsFor('authenticate', cookie, ip)
    const reply = replyOf<FormReply>(
      await post(
        account.action,
        '/admin/account',
        {
          intent: 'remove-passkey',
          factorId: String(their!.id),
          passkey: JSON.stringify(mine.authenticator.authenticate(asked.data)),
        },
        cookie,
        ip,
      ),
    )
    expect(reply.status).toBe(404)
    expect(await passkeysOf(theirs.user.id)).toHaveLength(1)
  })
})
