import { Secret, TOTP } from 'otpauth'
import { afterEach, describe, expect, test } from 'vitest'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { callAction, callLoader, loaderData, redirectOf, replyOf, setCookie, statusOf } from '#tests/support/remix.ts'

// Two-factor sign-in (docs/decisions/048) through the routes, with codes computed here as an authenticator app
// would: enrolment, the second step (aal1 → aal2 on a new session id), replay, recovery codes, the rate limit,
// removal with a fresh check, and the site-wide requirement.

const account = await import('#app/routes/admin.account.tsx')
const verify = await import('#app/routes/admin_.login_.verify.tsx')
const login = await import('#app/routes/admin_.login.tsx')
const dashboard = await import('#app/routes/admin._index.tsx')
const shell = await import('#app/routes/admin.tsx')
const settingsRoute = await import('#app/routes/admin.settings.tsx')
const { createPanelUser, enrolAuthenticator, panelCookie, userAudit } = await import('#tests/support/panel-users.ts')
const { setRequireTwoFactor } = await import('#app/services/two-factor.server.ts')
const { TOO_MANY_REQUESTS } = await import('#app/lib/rate-limit.server.ts')
const { db } = await import('#db/client.ts')

let ipCount = 0
/** A new address per test, so the per-IP limit of one test does not reach the next. */
const nextIp = () => `198.51.100.${++ipCount}`

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate(
    {
      timestamp: Date.now() + offsetSteps * 30_000,
    },
  )
/** A code that is none of the current window's. */
const wrongCode = (secret: string) => {
  const near = new Set([-1, 0, 1].map((offset) => codeFor(secret, offset)))
  let code = 0
  while (near.has(String(code).padStart(6, '0'))) code++
  return String(code).padStart(6, '0')
}

const sessionsOf = (userId: number) =>
  db.selectFrom('sessions').select(['id', 'aal']).where('user_id', '=', userId).where('kind', '=', 'panel').execute()
const factorOf = (userId: number) =>
  db.selectFrom('mfa_factors').selectAll().where('user_id', '=', userId).executeTakeFirst()

const post = (
  action: typeof account.action | typeof verify.action,
  path: string,
  fields: Record<string, string>,
  cookie: string,
  clientIp: string,
) => callAction(action, `http://localhost:3000${path}`, fields, { cookie, clientIp }) as Promise<unknown>

/** A signed-in user at aal1 who starts enrolment: the pending factor's id and the secret the page shows. */
async function startEnrolment(role: 'admin' | 'editor' = 'editor') {
  const user = await createPanelUser(role, { password: 'a good password' })
  const cookie = await panelCookie(user.id)
  const ip = nextIp()
  expect(
    await redirectOf(await post(account.action, '/admin/account', { intent: 'start-totp' }, cookie, ip)),
  ).toMatchObject({
    status: 303,
    location: '/admin/account#two-factor-setup',
  })
  const page = await loaderData(await callLoader(account.loader, 'http://localhost:3000/admin/account', { cookie }))
  expect(page.status).toMatchObject({ enrolled: false, available: true })
  expect(page.pending?.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
  return { user, cookie, ip, factorId: page.pending!.factorId, secret: page.pending!.secret.replace(/\s/g, '') }
}

afterEach(async () => {
  await db.updateTable('site_settings').set({ require_two_factor: false }).execute()
})

describe('enrolment', () => {
  test('a wrong code is refused with a 400 and nothing is saved; a tampered form too; the right code turns it on', async () => {
    const { user, cookie, ip, factorId, secret } = await startEnrolment()
    const confirm = (fields: Record<string, string>) =>
      post(account.action, '/admin/account', { intent: 'confirm-totp', ...fields }, cookie, ip)

    const wrong = replyOf<FormReply>(await confirm({ factorId: String(factorId), code: wrongCode(secret) }))
    expect(wrong.status).toBe(400)
    expect(wrong.data.error?.code?.[0]).toMatch(/Invalid or expired code/)
    for (const fields of [
      { factorId: String(factorId + 1000), code: codeFor(secret) },
      { factorId: 'not-a-number', code: codeFor(secret) },
      { factorId: String(factorId), code: '12 34' },
    ]) {
      expect(replyOf(await confirm(fields)).status).toBe(400)
    }
    expect((await factorOf(user.id))?.verified_at).toBeNull()
    expect(await db.selectFrom('mfa_recovery_codes').where('user_id', '=', user.id).selectAll().execute()).toEqual([])
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(['aal1'])

    const good = replyOf<{ recoveryCodes: string[] }>(
      await confirm({ factorId: String(factorId), code: codeFor(secret) }),
    )
    expect(good.status).toBe(200)
    expect(good.data.recoveryCodes).toHaveLength(10)
    // The secret is stored encrypted, the codes hashed.
    const factor = await factorOf(user.id)
    expect(factor?.verified_at).not.toBeNull()
    expect(factor?.totp_secret).toMatch(/^v1\./)
    expect(factor?.totp_secret).not.toContain(secret)
    const hashes = await db
      .selectFrom('mfa_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute()
    expect(hashes).toHaveLength(10)
    expect(hashes.map((row) => row.code_hash)).not.toContain(good.data.recoveryCodes[0])
    // The session that proved the factor is past the second step (aal2, in place): the panel is open to it.
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(['aal2'])
    expect(await statusOf(() => callLoader(dashboard.loader, '/admin', { cookie }))).toBe(200)
    const actions = (await userAudit(user.id)).map((row) => row.action)
    // The wrong code, the tampered forms and the malformed code: each a failed attempt.
    expect(actions).toEqual([...Array(4).fill('TWO_FACTOR_FAILED'), 'TWO_FACTOR_ENROLLED'])
  })
})

async function thrownResponse(work: () => unknown) {
  try {
    await work()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
  throw new Error('expected a thrown Response')
}

/** An enrolled user who has just typed the right password: the aal1 session's cookie. */
async function signedInWithPassword(role: 'admin' | 'editor' = 'editor') {
  const user = await createPanelUser(role, { password: 'a good password' })
  const { secret, recoveryCodes } = await enrolAuthenticator(user.id)
  const ip = nextIp()
  const response = (await callAction(
    login.action,
    'http://localhost:3000/admin/login',
    { email: user.email, password: 'a good password' },
    { clientIp: ip },
  )) as Response
  expect((await redirectOf(response)).location).toBe('/admin/login/verify')
  const cookie = setCookie(response, 'cv_session')!
  return { user, secret, recoveryCodes, cookie, ip }
}

describe('the second step of sign-in', () => {
  test('password first (aal1: every panel page sends to the second step), then the code: aal2 on a new session id', async () => {
    const { user, secret, cookie, ip } = await signedInWithPassword()
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(['aal1'])
    for (const loader of [dashboard.loader, shell.loader, account.loader]) {
      const thrown = await thrownResponse(() => callLoader(loader, 'http://localhost:3000/admin', { cookie }))
      expect(thrown.headers.get('Location')).toBe('/admin/login/verify')
    }
    const page = await loaderData(
      await callLoader(verify.loader, 'http://localhost:3000/admin/login/verify', { cookie }),
    )
    expect(page.methods).toEqual(['totp', 'recovery'])

    const answer = (await post(
      verify.action,
      '/admin/login/verify',
      { method: 'totp', code: codeFor(secret) },
      cookie,
      ip,
    )) as Response
    expect(await redirectOf(answer)).toMatchObject({ location: '/admin', toast: { title: 'Welcome back!' } })
    const upgraded = setCookie(answer, 'cv_session')!
    expect(upgraded).not.toBe(cookie)
    expect((await sessionsOf(user.id)).map((s) => s.aal)).toEqual(['aal2'])
    expect(await statusOf(() => callLoader(dashboard.loader, '/admin', { cookie: upgraded }))).toBe(200)
    // The old id is gone: the password-only cookie now opens nothing.
    expect(
      (await thrownResponse(() => callLoader(dashboard.loader, '/admin', { cookie }))).headers.get('Location'),
    ).toBe('/')
  })

  test('a code is good once: the same code at the next sign-in is refused, and the failure audited', async () => {
    const { user, secret, ip } = await signedInWithPassword()
    const code = codeFor(secret)
    const first = await panelCookie(user.id)
    expect(await statusOf(() => post(verify.action, '/admin/login/verify', { method: 'totp', code }, first, ip))).toBe(
      303,
    )
    const second = await panelCookie(user.id)
    const replay = replyOf<FormReply>(
      await post(verify.action, '/admin/login/verify', { method: 'totp', code }, second, ip),
    )
    expect(replay.status).toBe(400)
    expect(replay.data.error?.code?.[0]).toMatch(/Invalid or expired code/)
    expect((await userAudit(user.id)).map((row) => row.action)).toContain('TWO_FACTOR_FAILED')
  })

  test('a recovery code signs in once, and its use is audited', async () => {
    const { user, recoveryCodes, cookie, ip } = await signedInWithPassword()
    const [code] = recoveryCodes as [string]
    // Typed in lower case without the dash: still the code.
    const used = await post(
      verify.action,
      '/admin/login/verify',
      { method: 'recovery', code: code.toLowerCase().replace('-', '') },
      cookie,
      ip,
    )
    expect((await redirectOf(used)).location).toBe('/admin')
    const again = await panelCookie(user.id)
    const reused = replyOf<FormReply>(
      await post(verify.action, '/admin/login/verify', { method: 'recovery', code }, again, ip),
    )
    expect(reused.status).toBe(400)
    expect(reused.data.error?.code?.[0]).toBe('Invalid or already used recovery code.')
    const audit = await userAudit(user.id)
    expect(audit.find((row) => row.action === 'RECOVERY_CODE_USED')?.diff).toEqual({ recovery_codes_left: 9 })
  })

  test('after 5 failed codes (wrong, malformed) even the right one gets a 429 with Retry-After', async () => {
    const { secret, cookie, ip } = await signedInWithPassword()
    const failures = [wrongCode(secret), 'abc', wrongCode(secret), '', 'x'.repeat(40)]
    for (const code of failures) {
      expect(
        await statusOf(() => post(verify.action, '/admin/login/verify', { method: 'totp', code }, cookie, ip)),
      ).toBe(400)
    }
    const refused = replyOf<FormReply>(
      await post(verify.action, '/admin/login/verify', { method: 'totp', code: codeFor(secret) }, cookie, ip),
    )
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(refused.data.error?.['']).toEqual([TOO_MANY_REQUESTS])
  })

  test('a user without a factor goes straight in with the password', async () => {
    const user = await createPanelUser('viewer', { password: 'a good password' })
    const answer = await redirectOf(
      await callAction(
        login.action,
        'http://localhost:3000/admin/login',
        { email: user.email, password: 'a good password' },
        { clientIp: nextIp() },
      ),
    )
    expect(answer.location).toBe('/admin')
  })
})

describe('the account page', () => {
  test('removing the authenticator app needs a fresh code: a wrong one changes nothing; the last factor takes the recovery codes', async () => {
    const user = await createPanelUser('editor')
    const { secret } = await enrolAuthenticator(user.id)
    const cookie = await panelCookie(user.id, { aal: 'aal2' })
    const ip = nextIp()
    const wrong = replyOf<FormReply>(
      await post(account.action, '/admin/account', { intent: 'remove-totp', code: wrongCode(secret) }, cookie, ip),
    )
    expect(wrong.status).toBe(400)
    expect(await factorOf(user.id)).toBeDefined()
    const removed = await redirectOf(
      await post(account.action, '/admin/account', { intent: 'remove-totp', code: codeFor(secret) }, cookie, ip),
    )
    expect(removed.toast).toMatchObject({
      title: 'Authenticator app removed',
      description: 'Your password alone now signs you in.',
    })
    expect(await factorOf(user.id)).toBeUndefined()
    expect(await db.selectFrom('mfa_recovery_codes').where('user_id', '=', user.id).selectAll().execute()).toEqual([])
    expect((await userAudit(user.id)).map((row) => row.action)).toEqual(['TWO_FACTOR_FAILED', 'TWO_FACTOR_REMOVED'])
  })

  test('malformed codes count against the limit like wrong ones: the sixth form gets a 429', async () => {
    const user = await createPanelUser('editor')
    const { secret } = await enrolAuthenticator(user.id)
    const cookie = await panelCookie(user.id, { aal: 'aal2' })
    const ip = nextIp()
    const remove = (code: string) => post(account.action, '/admin/account', { intent: 'remove-totp', code }, cookie, ip)
    for (const code of ['', '1', wrongCode(secret), 'x'.repeat(33), '12'])
      expect(replyOf(await remove(code)).status).toBe(400)
    expect(replyOf(await remove(codeFor(secret))).status).toBe(429)
    expect(await factorOf(user.id)).toBeDefined()
  })

  test('new recovery codes need a fresh code; the old ones stop working', async () => {
    const user = await createPanelUser('editor')
    const { secret, recoveryCodes } = await enrolAuthenticator(user.id)
    const cookie = await panelCookie(user.id, { aal: 'aal2' })
    const ip = nextIp()
    const fresh = replyOf<{ recoveryCodes: string[] }>(
      await post(account.action, '/admin/account', { intent: 'regenerate-codes', code: codeFor(secret) }, cookie, ip),
    )
    expect(fresh.data.recoveryCodes).toHaveLength(10)
    expect(fresh.data.recoveryCodes).not.toContain(recoveryCodes[0])
    const old = replyOf(
      await post(account.action, '/admin/account', { intent: 'regenerate-codes', code: recoveryCodes[0]! }, cookie, ip),
    )
    expect(old.status).toBe(400)
    expect((await userAudit(user.id)).map((row) => row.action)).toEqual([
      'RECOVERY_CODES_REGENERATED',
      'TWO_FACTOR_FAILED',
    ])
  })
})

test('removing a panel user takes their second factor too: added again, they start without it', async () => {
  const { removePanelUser } = await import('#app/services/panel-user.server.ts')
  const admin = await createPanelUser('admin')
  const user = await createPanelUser('editor')
  await enrolAuthenticator(user.id)
  await removePanelUser(admin.id, user.id)
  expect(await factorOf(user.id)).toBeUndefined()
  expect(await db.selectFrom('mfa_recovery_codes').where('user_id', '=', user.id).selectAll().execute()).toEqual([])
})

describe('require two-factor for every panel user', () => {
  test('is an admin setting; a user without a factor is sent to the account page from every other panel page', async () => {
    const admin = await createPanelUser('admin')
    await setRequireTwoFactor(admin.id, true)
    const user = await createPanelUser('editor')
    const cookie = await panelCookie(user.id)
    const thrown = await thrownResponse(() => callLoader(dashboard.loader, 'http://localhost:3000/admin', { cookie }))
    expect(thrown.headers.get('Location')).toBe('/admin/account')
    // The shell and the account page itself let them in, to enrol.
    expect(await statusOf(() => callLoader(shell.loader, 'http://localhost:3000/admin/account', { cookie }))).toBe(200)
    const page = await loaderData(await callLoader(account.loader, 'http://localhost:3000/admin/account', { cookie }))
    expect(page.required).toBe(true)
    // Enrolled, at aal2: everywhere again.
    await enrolAuthenticator(user.id)
    const aal2 = await panelCookie(user.id, { aal: 'aal2' })
    expect(await statusOf(() => callLoader(dashboard.loader, '/admin', { cookie: aal2 }))).toBe(200)
    const settings = await db
      .selectFrom('audit_log')
      .select('diff')
      .where('entity_type', '=', 'SETTINGS')
      .where('actor_id', '=', admin.id)
      .execute()
    expect(settings.map((row) => row.diff)).toEqual([{ require_two_factor: { from: false, to: true } }])
  })

  test('an admin turns it on and off from Settings; each change is audited once', async () => {
    const admin = await createPanelUser('admin')
    const cookie = await panelCookie(admin.id)
    const save = (fields: Record<string, string>) =>
      callAction(
        settingsRoute.action,
        'http://localhost:3000/admin/settings',
        { intent: 'require-two-factor', ...fields },
        { cookie },
      )
    expect((await redirectOf(await save({ requireTwoFactor: 'on' }))).toast?.description).toBe(
      'Every panel user must now set up two-factor sign-in.',
    )
    // The admin has no factor yet: the setting now sends them to set one up too.
    const sent = await thrownResponse(() => save({}))
    expect(sent.headers.get('Location')).toBe('/admin/account')
    await setRequireTwoFactor(admin.id, false)
    const diffs = await db
      .selectFrom('audit_log')
      .select('diff')
      .where('entity_type', '=', 'SETTINGS')
      .where('actor_id', '=', admin.id)
      .orderBy('id')
      .execute()
    expect(diffs.map((row) => row.diff)).toEqual([
      { require_two_factor: { from: false, to: true } },
      { require_two_factor: { from: true, to: false } },
    ])
  })
})
