import { sql } from 'kysely'
import { beforeEach, describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { startMailDelivery } from '#tests/support/mail-delivery.ts'
import { callAction, callLoader, getRequest, loaderData, replyOf, toastOf } from '#tests/support/remix.ts'

// /admin/settings: admins manage the panel's users (always one admin left, every change audited), every
// role reads the audit log. Real Postgres, Redis, BullMQ and SMTP.
const SITE = 'http://shop.example.test'
const sink = await startMailDelivery({ siteUrl: SITE })

const route = await import('#app/routes/admin.settings.tsx')
const resetRoute = await import('#app/routes/admin_.reset-password.tsx')
const { getSessionUser } = await import('#app/lib/session.server.ts')
const { findOrCreateUserByEmail, listUserRoles } = await import('#app/models/user.server.ts')
const { writeAudit } = await import('#app/models/audit.server.ts')
const { signedInPanelUser } = await import('#tests/support/panel-users.ts')
const { db } = await import('#db/client.ts')

beforeEach(async () => {
  await db.deleteFrom('user_roles').execute()
  await db.deleteFrom('sessions').execute()
  await db.deleteFrom('audit_log').execute()
  await db.deleteFrom('password_reset_tokens').execute()
})

type Role = 'admin' | 'editor' | 'viewer'

/** A panel user with a role and a password, signed in: answers the user and the cookie header of their session. */
const signedIn = (role: Role) => signedInPanelUser(role, { password: 'a password 123' })

const act = (cookie: string, fields: Record<string, string | number> | string) =>
  callAction(route.action, `${SITE}/admin/settings`, fields, { cookie }) as Promise<unknown>

const load = (cookie: string, query = '') =>
  loaderData(callLoader(route.loader, `${SITE}/admin/settings${query}`, { cookie }))

async function expectRedirectWithToast(result: unknown, toast: object) {
  expect(result).toBeInstanceOf(Response)
  const response = result as Response
  expect(response.status).toBe(303)
  expect(response.headers.get('Location')).toBe('/admin/settings')
  expect(await toastOf(response)).toMatchObject(toast)
}

/** A refusal's status and its message (Conform's reply: the form's own, else the field's). */
const refusal = (result: unknown) => {
  const { status, data } = replyOf<FormReply>(result)
  return { status, message: firstErrorOf(data)?.[0] }
}

const rolesOf = async (userId: number) => listUserRoles(db, userId)
const auditRows = () =>
  db.selectFrom('audit_log').select(['actor_id', 'entity_type', 'entity_id', 'action', 'diff']).orderBy('id').execute()
const sessionOf = (cookie: string) => getSessionUser(getRequest(SITE, { cookie }), 'panel')

const LAST_ADMIN = 'The last admin cannot be removed or demoted.'

describe('users: add', () => {
  test('an admin adds a user with a role; they get a set-password link that works; the change is audited', async () => {
    const admin = await signedIn('admin')
    const result = await act(admin.cookie, { intent: 'add-user', email: 'New.Editor@example.com', role: 'editor' })
    await expectRedirectWithToast(result, {
      type: 'success',
      title: 'User added',
      description: 'We sent New.Editor@example.com a link to set their password.',
    })

    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', 'New.Editor@example.com')
      .executeTakeFirstOrThrow()
    expect(await rolesOf(user.id)).toEqual(['editor'])
    expect(user.password_hash).toBeNull()
    expect(await auditRows()).toEqual([
      {
        actor_id: admin.id,
        entity_type: 'USER',
        entity_id: String(user.id),
        action: 'ADD_USER',
        diff: { email: 'New.Editor@example.com', role: { from: null, to: 'editor' } },
      },
    ])

    const mail = await sink.waitFor('new.editor@example.com')
    expect(mail.subject).toContain('Set your password')
    const link = mail.text!.match(/https?:\/\/\S+/)![0]
    expect(link.startsWith(`${SITE}/admin/reset-password?token=`)).toBe(true)
    const lifetime = await db
      .selectFrom('password_reset_tokens')
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as('seconds'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(lifetime.seconds).toBe(24 * 3600)
    const page = replyOf(await callLoader(resetRoute.loader, link))
    expect(page.data).toMatchObject({ state: 'form', email: 'New.Editor@example.com' })
  })

  test('a reviewer account (no role) becomes a panel user, keeping its row', async () => {
    const admin = await signedIn('admin')
    const reviewer = await findOrCreateUserByEmail(db, 'reader@example.com')
    await act(admin.cookie, { intent: 'add-user', email: 'READER@example.com', role: 'viewer' })
    expect(await rolesOf(reviewer.id)).toEqual(['viewer'])
  })

  test('someone who already has a role is not added twice', async () => {
    const admin = await signedIn('admin')
    const editor = await signedIn('editor')
    expect(refusal(await act(admin.cookie, { intent: 'add-user', email: editor.email, role: 'admin' }))).toEqual({
      status: 409,
      message: `${editor.email} is already a panel user. Change their role instead.`,
    })
    expect(await rolesOf(editor.id)).toEqual(['editor'])
    expect(await auditRows()).toEqual([])
  })

  test.each([
    [{ intent: 'add-user', email: 'x@example.com', role: 'owner' }, 'Choose a role: admin, editor or viewer.'],
    [{ intent: 'add-user', email: 'x@example.com', role: '' }, 'Choose a role: admin, editor or viewer.'],
    [{ intent: 'add-user', email: 'not-an-address', role: 'viewer' }, 'Invalid email address'],
    [{ intent: 'change-role', userId: '1', role: 'superuser' }, 'Choose a role: admin, editor or viewer.'],
    [{ intent: 'change-role', userId: 'abc', role: 'viewer' }, 'Unknown user.'],
    // Ids no integer column can hold are not looked up (they made the database fail: docs/decisions/025).
    [{ intent: 'change-role', userId: '2147483648', role: 'viewer' }, 'Unknown user.'],
    [{ intent: 'remove-user', userId: '1e308' }, 'Unknown user.'],
  ])('forged or invalid input %j is a 400 with its message; nothing changes', async (fields, message) => {
    const admin = await signedIn('admin')
    expect(refusal(await act(admin.cookie, fields))).toEqual({ status: 400, message })
    expect(await db.selectFrom('users').select('id').where('email', '=', 'x@example.com').execute()).toEqual([])
    expect(await rolesOf(admin.id)).toEqual(['admin'])
    expect(await auditRows()).toEqual([])
  })

  test('an unknown intent and a body over 4 kB are refused', async () => {
    const admin = await signedIn('admin')
    expect(refusal(await act(admin.cookie, { intent: 'promote-everyone' })).status).toBe(400)
    expect(refusal(await act(admin.cookie, `intent=add-user&role=viewer&email=${'x'.repeat(5000)}`)).status).toBe(413)
  })
})

describe('users: change role and remove', () => {
  test('an admin changes a role: audited with from → to', async () => {
    const admin = await signedIn('admin')
    const editor = await signedIn('editor')
    await expectRedirectWithToast(
      await act(admin.cookie, { intent: 'change-role', userId: editor.id, role: 'viewer' }),
      {
        title: 'Role updated',
        description: `${editor.email} is now viewer.`,
      },
    )
    expect(await rolesOf(editor.id)).toEqual(['viewer'])
    expect(await auditRows()).toEqual([
      {
        actor_id: admin.id,
        entity_type: 'USER',
        entity_id: String(editor.id),
        action: 'CHANGE_ROLE',
        diff: { role: { from: 'editor', to: 'viewer' } },
      },
    ])
    // The role is read on every request: the session now carries the viewer's rights.
    expect(await sessionOf(editor.cookie)).toMatchObject({ userId: editor.id })
  })

  test('promoting to admin, and choosing the same role again (no audit row)', async () => {
    const admin = await signedIn('admin')
    const viewer = await signedIn('viewer')
    await act(admin.cookie, { intent: 'change-role', userId: viewer.id, role: 'admin' })
    expect(await rolesOf(viewer.id)).toEqual(['admin'])
    await act(admin.cookie, { intent: 'change-role', userId: viewer.id, role: 'admin' })
    expect((await auditRows()).map((row) => row.action)).toEqual(['CHANGE_ROLE'])
  })

  test('an admin removes a user: roles, password and panel sessions gone, the row and their links kept out', async () => {
    const admin = await signedIn('admin')
    const editor = await signedIn('editor')
    await db
      .insertInto('password_reset_tokens')
      .values({ user_id: editor.id, token_hash: 'pending', expires_at: sql`now() + interval '1 hour'` })
      .execute()
    await expectRedirectWithToast(await act(admin.cookie, { intent: 'remove-user', userId: editor.id }), {
      title: 'User removed',
      description: `${editor.email} can no longer use the admin panel.`,
    })
    expect(await rolesOf(editor.id)).toEqual([])
    const row = await db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '=', editor.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ email: editor.email, password_hash: null })
    expect(await sessionOf(editor.cookie)).toBeNull()
    expect(
      await db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', editor.id).execute(),
    ).toEqual([])
    expect(await auditRows()).toEqual([
      {
        actor_id: admin.id,
        entity_type: 'USER',
        entity_id: String(editor.id),
        action: 'REMOVE_USER',
        diff: { email: editor.email, role: { from: 'editor', to: null } },
      },
    ])
  })

  test('a user without a role cannot be changed or removed (404)', async () => {
    const admin = await signedIn('admin')
    const reviewer = await findOrCreateUserByEmail(db, 'just-a-reader@example.com')
    expect(refusal(await act(admin.cookie, { intent: 'remove-user', userId: reviewer.id })).status).toBe(404)
    expect(refusal(await act(admin.cookie, { intent: 'change-role', userId: 999_999, role: 'viewer' })).status).toBe(
      404,
    )
    expect(await rolesOf(reviewer.id)).toEqual([])
  })
})

describe('the last admin', () => {
  test('cannot be demoted or removed, even by themselves', async () => {
    const admin = await signedIn('admin')
    const attempts: Array<Record<string, string | number>> = [
      { intent: 'change-role', userId: admin.id, role: 'editor' },
      { intent: 'remove-user', userId: admin.id },
    ]
    for (const fields of attempts) {
      expect(refusal(await act(admin.cookie, fields))).toEqual({ status: 409, message: LAST_ADMIN })
    }
    expect(await rolesOf(admin.id)).toEqual(['admin'])
    expect(await auditRows()).toEqual([])
  })

  test('with two admins one may go; then the other is the last', async () => {
    const first = await signedIn('admin')
    const second = await signedIn('admin')
    await expectRedirectWithToast(await act(first.cookie, { intent: 'remove-user', userId: second.id }), {
      title: 'User removed',
    })
    expect(refusal(await act(first.cookie, { intent: 'change-role', userId: first.id, role: 'viewer' })).status).toBe(
      409,
    )
  })

  test('two admins demoting each other at the same moment leave exactly one admin', async () => {
    for (let round = 0; round < 5; round++) {
      await db.deleteFrom('user_roles').execute()
      const a = await signedIn('admin')
      const b = await signedIn('admin')
      const results = await Promise.allSettled([
        act(a.cookie, { intent: 'change-role', userId: b.id, role: 'editor' }),
        act(b.cookie, { intent: 'change-role', userId: a.id, role: 'editor' }),
      ])
      // The second to run is either refused as the last admin (409), or, if it started after the first had
      // committed, no longer an admin at all (403, thrown).
      const statuses = results.map((result) => {
        if (result.status === 'rejected') return (result.reason as Response).status
        return result.value instanceof Response ? result.value.status : refusal(result.value).status
      })
      expect(statuses.filter((status) => status === 303)).toHaveLength(1)
      const admins = await db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute()
      expect(admins).toHaveLength(1)
    }
  })
})

describe('who may manage users', () => {
  test.each(['editor', 'viewer'] as const)(
    'a panel user with role %s gets a 403 for every action, and nothing changes',
    async (role) => {
      const admin = await signedIn('admin')
      const user = await signedIn(role)
      const attempts: Array<Record<string, string | number>> = [
        { intent: 'add-user', email: 'sneaky@example.com', role: 'admin' },
        { intent: 'change-role', userId: user.id, role: 'admin' },
        { intent: 'change-role', userId: admin.id, role: 'viewer' },
        { intent: 'remove-user', userId: admin.id },
      ]
      for (const fields of attempts) {
        await expect(act(user.cookie, fields)).rejects.toMatchObject({ status: 403 })
      }
      expect(await rolesOf(user.id)).toEqual([role])
      expect(await rolesOf(admin.id)).toEqual(['admin'])
      expect(await db.selectFrom('users').select('id').where('email', '=', 'sneaky@example.com').execute()).toEqual([])
      expect(await auditRows()).toEqual([])
    },
  )

  test('without a panel session every action and the page go to the home page', async () => {
    const thrown = await act('', { intent: 'add-user', email: 'anon@example.com', role: 'admin' }).catch(
      (r: unknown) => r,
    )
    expect((thrown as Response).headers.get('Location')).toBe('/')
    const page = await load('').catch((r: unknown) => r)
    expect((page as Response).headers.get('Location')).toBe('/')
  })

  test('the users section is loaded for admins only; the audit log for every role', async () => {
    const admin = await signedIn('admin')
    const editor = await signedIn('editor')
    const viewer = await signedIn('viewer')
    const adminPage = await load(admin.cookie)
    expect(adminPage.users?.map((user) => [user.email, user.role])).toEqual(
      [
        [admin.email, 'admin'],
        [editor.email, 'editor'],
        [viewer.email, 'viewer'],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    )
    for (const user of [editor, viewer]) {
      const page = await load(user.cookie)
      expect(page.users).toBeNull()
      expect(page.audit).toMatchObject({ total: 0, entries: [] })
    }
  })
})

describe('audit log', () => {
  test('newest first, 50 a page, filtered by entity and actor', async () => {
    const admin = await signedIn('admin')
    const editor = await signedIn('editor')
    for (let i = 0; i < 60; i++) {
      await writeAudit(db, {
        actorId: i % 2 === 0 ? admin.id : editor.id,
        entityType: i % 3 === 0 ? 'PRODUCT' : 'CATEGORY',
        entityId: i,
        action: 'UPDATE',
        diff: { title: { from: `old ${i}`, to: `new ${i}` } },
      })
    }
    await writeAudit(db, { actorId: null, entityType: 'REFRESH', entityId: null, action: 'RUN', diff: { updated: 3 } })

    const first = await load(editor.cookie)
    expect(first.audit).toMatchObject({ total: 61, page: 1, pageCount: 2 })
    expect(first.audit.entries).toHaveLength(50)
    expect(first.audit.entries[0]).toMatchObject({
      actor: null,
      entity: 'REFRESH',
      action: 'RUN',
      changes: ['updated: 3'],
    })
    expect(first.audit.entries[1]).toMatchObject({
      actor: editor.email,
      entity: 'CATEGORY 59',
      changes: ['title: old 59 → new 59'],
    })
    expect(first.audit.entries[1]!.when).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \w+/)
    const second = await load(editor.cookie, '?page=2')
    expect(second.audit.entries.map((entry) => entry.entity)).toEqual(
      Array.from({ length: 11 }, (_, i) => 10 - i).map((j) => `${j % 3 === 0 ? 'PRODUCT' : 'CATEGORY'} ${j}`),
    )

    const products = await load(editor.cookie, `?entity=PRODUCT&actor=${admin.id}`)
    // i divisible by 6: 0, 6, ..., 54.
    expect(products.audit.total).toBe(10)
    expect(products.audit.entries.map((entry) => entry.entity)[0]).toBe('PRODUCT 54')
    expect(products.filter).toEqual({ entity: 'PRODUCT', actor: String(admin.id) })
    expect(products.actors.map((actor) => actor.email).sort()).toEqual([admin.email, editor.email].sort())

    // Unknown filters are ignored rather than failing the page.
    const lenient = await load(editor.cookie, '?entity=NOPE&actor=abc&page=-3')
    expect(lenient.audit).toMatchObject({ total: 61, page: 1 })
    expect(lenient.filter).toEqual({ entity: '', actor: '' })
    const outOfRange = await load(editor.cookie, '?actor=2147483648&page=99999999999999999999')
    expect(outOfRange.audit).toMatchObject({ total: 61, page: 1 })
  })
})
