import { describe, expect, test } from 'vitest'
import { getSessionUser } from '#app/lib/session.server.ts'
import * as dashboard from '#app/routes/admin._index.tsx'
import * as login from '#app/routes/admin_.login.tsx'
import * as logout from '#app/routes/admin_.logout.tsx'
import * as setup from '#app/routes/admin_.setup.tsx'
import { loginFailedTitle } from '#app/schemas/admin-auth.ts'
import { db } from '#db/client.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import { callAction, callLoader, getRequest, replyOf, toastOf } from '#tests/support/remix.ts'

// First-admin setup, login and logout, through the real actions.

let addressCount = 0
/** A new client address per call, so no test runs into another's rate limit. */
const nextIp = () => `192.0.2.${++addressCount}`

type Reply = Record<string, unknown> & {
  error?: Record<string, string[] | null>
  initialValue?: Record<string, unknown>
}

/** An answer's status and data; a refusal is Conform's reply, whose messages are `errors`. */
const reply = (result: unknown) => {
  const { status, data } = replyOf<Reply>(result)
  return { status, data, errors: data.error }
}

const admins = () =>
  db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.email', 'users.password_hash'])
    .where('role', '=', 'admin')
    .execute()

const runSetup = (fields: Record<string, string>) =>
  callAction(setup.action, '/admin/setup', fields, { clientIp: nextIp() })

const PASSWORD = 'correct horse battery'

describe('first-admin setup', () => {
  test.each([
    [{ email: 'nope', password: PASSWORD, confirmPassword: PASSWORD }, { email: ['Invalid email address'] }],
    [
      { email: 'a@example.com', password: 'short', confirmPassword: 'short' },
      { password: ['Password must be at least 8 characters'] },
    ],
    [
      { email: 'a@example.com', password: PASSWORD, confirmPassword: 'something else' },
      { confirmPassword: ["Passwords don't match"] },
    ],
    [
      { email: 'a@example.com', password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      { password: ['Password must be at most 128 characters'] },
    ],
  ])('refuses %j with the spec message and creates nothing', async (fields, errors) => {
    const result = reply(await runSetup(fields))
    expect(result.status).toBe(400)
    expect(result.errors).toMatchObject(errors)
    expect(await admins()).toEqual([])
  })

  test('a 1 MB password is refused without being hashed', async () => {
    const huge = 'x'.repeat(1024 * 1024)
    expect(reply(await runSetup({ email: 'a@example.com', password: huge, confirmPassword: huge })).status).toBe(413)
    expect(await admins()).toEqual([])
  })

  test('is open while no admin exists; "Create first admin" shows on login', async () => {
    expect(replyOf(await setup.loader()).data).toEqual({ adminExists: false })
    const page = replyOf(await callLoader(login.loader, '/admin/login', { clientIp: nextIp() }))
    expect(page.data).toEqual({ adminExists: false })
  })

  test('two simultaneous submissions create exactly one admin; the other is told setup is complete', async () => {
    // Sent by the JavaScript page (enhanced=1), which is answered in place; see the no-JS test below.
    const results = await Promise.all([
      runSetup({ email: 'first@example.com', password: PASSWORD, confirmPassword: PASSWORD, enhanced: '1' }),
      runSetup({ email: 'second@example.com', password: PASSWORD, confirmPassword: PASSWORD, enhanced: '1' }),
    ])
    const outcomes = results.map((result) => reply(result))
    expect(outcomes.map((o) => o.status).sort()).toEqual([201, 409])
    expect(outcomes.find((o) => o.status === 409)!.errors).toEqual({ '': ['An admin account already exists.'] })
    const [admin] = await admins()
    expect(await admins()).toHaveLength(1)
    expect(admin!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)

    const audit = await db.selectFrom('audit_log').selectAll().execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      entity_type: 'USER',
      action: 'CREATE_ADMIN',
      entity_id: String(audit[0]!.actor_id),
    })
    expect(audit[0]!.diff).toMatchObject({ email: admin!.email, timestamp: expect.any(String) })
  })

  test('without JavaScript, success goes straight to sign-in with "Admin Account Created"', async () => {
    await db.deleteFrom('user_roles').where('role', '=', 'admin').execute()
    const response = (await runSetup({
      email: 'plain@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    })) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/login')
    expect(await toastOf(response)).toEqual({ type: 'success', title: 'Admin Account Created' })
    expect(await admins()).toHaveLength(1)
  })

  test('afterwards it shows "Setup Complete" and refuses another admin', async () => {
    expect(replyOf(await setup.loader()).data).toEqual({ adminExists: true })
    const late = reply(await runSetup({ email: 'late@example.com', password: PASSWORD, confirmPassword: PASSWORD }))
    expect(late.status).toBe(409)
    expect(await admins()).toHaveLength(1)
  })
})

describe('login', () => {
  const signIn = (fields: Record<string, string>, options: { cookie?: string; clientIp?: string } = {}) =>
    callAction(login.action, '/admin/login', fields, { cookie: options.cookie, clientIp: options.clientIp ?? nextIp() })

  test('a wrong password and an unknown address get the same answer', async () => {
    const editor = await createPanelUser('editor', { password: PASSWORD })
    for (const fields of [
      { email: editor.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: PASSWORD },
      { email: editor.email, password: '' },
      { email: '', password: '' },
      { email: ['a', 'b'].join('@'), password: 'x'.repeat(5000) },
    ]) {
      const result = reply(await signIn(fields))
      expect([400, 401]).toContain(result.status)
      expect(result.errors?.['']).toEqual(['Invalid email or password.'])
      expect(loginFailedTitle(result.errors?.[''])).toBe('Login Failed')
      // What was typed comes back, never the password.
      expect(result.data.initialValue).not.toHaveProperty('password')
    }
  })

  test('a user without a role is turned away with "Access Denied" and no session', async () => {
    const reviewer = await createPanelUser(null, { password: PASSWORD })
    const result = reply(await signIn({ email: reviewer.email, password: PASSWORD }))
    expect(result.status).toBe(403)
    expect(result.errors).toEqual({ '': ['You do not have admin privileges.'] })
    expect(loginFailedTitle(result.errors?.[''])).toBe('Access Denied')
    expect(await db.selectFrom('sessions').selectAll().where('user_id', '=', reviewer.id).execute()).toEqual([])
  })

  test('success: "Welcome back!", to /admin, a new session id every time, HttpOnly and SameSite=Lax', async () => {
    const viewer = await createPanelUser('viewer', { password: PASSWORD })
    const oldCookie = await panelCookie(viewer.id)
    const response = (await signIn(
      { email: ` ${viewer.email.toUpperCase()} `, password: PASSWORD },
      { cookie: oldCookie },
    )) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin')
    expect(await toastOf(response)).toEqual({ type: 'success', title: 'Welcome back!' })
    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('cv_session='))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const newCookie = setCookie.split(';')[0]!
    expect(newCookie).not.toBe(oldCookie)
    // The session the browser came with is over; the new one works.
    expect(await getSessionUser(getRequest('/', { cookie: oldCookie }), 'panel')).toBeNull()
    expect(await getSessionUser(getRequest('/', { cookie: newCookie }), 'panel')).toMatchObject({
      userId: viewer.id,
    })
    // Signed in, the login page sends them on to the dashboard.
    await expect(
      callLoader(login.loader, '/admin/login', { cookie: newCookie, clientIp: nextIp() }),
    ).rejects.toMatchObject({ status: 302 })
  })

  test('ten failures for one account in 15 minutes lock it from any address; twenty from one address', async () => {
    const target = await createPanelUser('admin', { password: PASSWORD })
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(reply(await signIn({ email: target.email, password: `guess ${attempt}` })).status).toBe(401)
    }
    const locked = reply(await signIn({ email: target.email, password: PASSWORD }))
    expect(locked.status).toBe(429)
    expect(locked.errors).toEqual({ '': ['Too many attempts. Please wait a while and try again.'] })

    const clientIp = '198.51.100.200'
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(reply(await signIn({ email: `spray${attempt}@example.com`, password: 'x' }, { clientIp })).status).toBe(
        401,
      )
    }
    expect(reply(await signIn({ email: 'spray-last@example.com', password: 'x' }, { clientIp })).status).toBe(429)
  })
})

describe('logout and sessions', () => {
  test('logout deletes the session row and clears the cookie: "Logged out"', async () => {
    const editor = await createPanelUser('editor')
    const cookie = await panelCookie(editor.id)
    const response = (await callAction(logout.action, '/admin/logout', {}, { cookie, clientIp: nextIp() })) as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/login')
    expect(await toastOf(response)).toEqual({ type: 'success', title: 'Logged out' })
    expect(response.headers.getSetCookie().find((c) => c.startsWith('cv_session='))).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/,
    )
    expect(await db.selectFrom('sessions').selectAll().where('user_id', '=', editor.id).execute()).toEqual([])
  })

  test('a session past its idle limit or its absolute expiry no longer opens the panel', async () => {
    const admin = await createPanelUser('admin')
    const request = (cookie: string) => getRequest('/admin', { cookie })

    const idle = await panelCookie(admin.id)
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000) })
      .where('user_id', '=', admin.id)
      .execute()
    expect(await getSessionUser(request(idle), 'panel')).toBeNull()

    const expired = await panelCookie(admin.id)
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', admin.id)
      .execute()
    expect(await getSessionUser(request(expired), 'panel')).toBeNull()
  })
})

describe('dashboard', () => {
  test('shows real counts and clicks per day', async () => {
    const admin = await createPanelUser('admin')
    const cookie = await panelCookie(admin.id)
    const category = await db
      .insertInto('categories')
      .values({ name: 'Bags', slug: 'bags' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('products')
      .values([
        { asin: 'D000000001', title: 'One', category_id: category.id, is_featured: true },
        { asin: 'D000000002', title: 'Two', category_id: category.id },
      ])
      .execute()
    await db
      .insertInto('media')
      .values({ url: '/u/a.png', key: 'a.png', file_name: 'a.png', file_size: 10, mime_type: 'image/png' })
      .execute()
    await db
      .insertInto('clicks')
      .values([
        { product_asin: 'D000000001', ip_hash: 'h' },
        { product_asin: 'D000000001', ip_hash: 'h', clicked_at: new Date(Date.now() - 40 * 86_400_000) },
      ])
      .execute()
    const page = (await callLoader(dashboard.loader, '/admin', { cookie, clientIp: nextIp() })) as unknown as {
      counts: Record<string, number>
      clicks: Array<{ day: string; clicks: number }>
    }
    expect(page.counts).toEqual({ products: 2, categories: 1, media: 1, featured: 1 })
    expect(page.clicks).toHaveLength(30)
    expect(page.clicks.reduce((sum, day) => sum + day.clicks, 0)).toBe(1)
    expect(page.clicks.at(-1)!.clicks).toBe(1)
  })
})
