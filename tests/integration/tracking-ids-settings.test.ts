import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { callAction, callLoader, loaderData, replyOf, toastOf } from '#tests/support/remix.ts'

// The Tracking IDs section of /admin/settings (docs/decisions/079): admins list the default store's extra tracking
// IDs and assign each to a placement or one published or scheduled guide; every change audited, bad input a 400
// with its message and nothing written. Real Postgres.
process.env.AFFILIATE_TAGS = 'US:comicvault-20,UK:comicvault-21'
const SITE = 'http://shop.example.test'

const route = await import('#app/routes/admin.settings.tsx')
const { signedInPanelUser } = await import('#tests/support/panel-users.ts')
const { db } = await import('#db/client.ts')

const act = (cookie: string, fields: Record<string, string | number>) =>
  callAction(route.action, `${SITE}/admin/settings`, fields, { cookie }) as Promise<unknown>
const load = (cookie: string) => loaderData(callLoader(route.loader, `${SITE}/admin/settings`, { cookie }))

const refusal = (result: unknown) => {
  const { status, data } = replyOf<FormReply>(result)
  return { status, message: firstErrorOf(data)?.[0] }
}

const trackingIds = () => db.selectFrom('tracking_ids').select(['tag', 'placement', 'guide_id']).orderBy('id').execute()
const auditRows = () =>
  db
    .selectFrom('audit_log')
    .select(['actor_id', 'entity_type', 'action', 'diff'])
    .where('action', 'like', '%TRACKING_ID')
    .orderBy('id')
    .execute()

const guideId = (slug: string, status: string) =>
  db
    .insertInto('documents')
    .values({
      kind: 'guide',
      slug,
      title: `Guide ${slug}`,
      body: 'Text.',
      status,
      publish_at: new Date(),
      published_at: status === 'published' ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id)

let published: number
let scheduled: number
let draft: number
let admin: { id: number; cookie: string }

beforeAll(async () => {
  published = await guideId('tracked-published', 'published')
  scheduled = await guideId('tracked-scheduled', 'scheduled')
  draft = await guideId('tracked-draft', 'draft')
})

beforeEach(async () => {
  await db.deleteFrom('tracking_ids').execute()
  await db.deleteFrom('audit_log').execute()
  admin = await signedInPanelUser('admin')
})

const idOf = async (tag: string) =>
  (await db.selectFrom('tracking_ids').select('id').where('tag', '=', tag).executeTakeFirstOrThrow()).id

describe('an admin', () => {
  test('adds, reassigns and removes a tracking ID; each change audited, told in a toast', async () => {
    const added = (await act(admin.cookie, {
      intent: 'add-tracking-id',
      tag: ' cv-guides-20 ',
      assignment: 'guide',
    })) as Response
    expect(added.status).toBe(303)
    expect(await toastOf(added)).toMatchObject({ description: 'Tracking ID cv-guides-20 is listed.' })
    expect(await trackingIds()).toEqual([{ tag: 'cv-guides-20', placement: 'guide', guide_id: null }])

    const id = await idOf('cv-guides-20')
    await act(admin.cookie, { intent: 'assign-tracking-id', id, assignment: `guide-${published}` })
    expect(await trackingIds()).toEqual([{ tag: 'cv-guides-20', placement: 'guide', guide_id: published }])
    // The same again changes nothing, and records nothing.
    await act(admin.cookie, { intent: 'assign-tracking-id', id, assignment: `guide-${published}` })
    await act(admin.cookie, { intent: 'assign-tracking-id', id, assignment: 'none' })
    expect(await trackingIds()).toEqual([{ tag: 'cv-guides-20', placement: null, guide_id: null }])

    const removed = (await act(admin.cookie, { intent: 'remove-tracking-id', id })) as Response
    expect(await toastOf(removed)).toMatchObject({ description: 'Tracking ID cv-guides-20 is removed.' })
    expect(await trackingIds()).toEqual([])

    const audit = { actor_id: admin.id, entity_type: 'SETTINGS' }
    expect(await auditRows()).toEqual([
      { ...audit, action: 'ADD_TRACKING_ID', diff: { tag: 'cv-guides-20', placement: 'guide', guide_id: null } },
      {
        ...audit,
        action: 'ASSIGN_TRACKING_ID',
        diff: {
          tag: 'cv-guides-20',
          placement: { from: 'guide', to: 'guide' },
          guide_id: { from: null, to: published },
        },
      },
      {
        ...audit,
        action: 'ASSIGN_TRACKING_ID',
        diff: { tag: 'cv-guides-20', placement: { from: 'guide', to: null }, guide_id: { from: published, to: null } },
      },
      { ...audit, action: 'REMOVE_TRACKING_ID', diff: { tag: 'cv-guides-20', placement: null, guide_id: null } },
    ])
  })

  test('sees the list and the guides a tracking ID may be assigned to: published and scheduled, not drafts', async () => {
    await act(admin.cookie, { intent: 'add-tracking-id', tag: 'cv-home-20', assignment: 'home' })
    const data = (await load(admin.cookie)) as { trackingIds: unknown; guides: Array<{ id: number }> }
    expect(data.trackingIds).toEqual([
      { id: expect.any(Number), tag: 'cv-home-20', placement: 'home', guideId: null, guideTitle: null },
    ])
    const ids = data.guides.map((guide) => guide.id)
    expect(ids).toEqual(expect.arrayContaining([published, scheduled]))
    expect(ids).not.toContain(draft)
  })

  test('a scheduled guide may have its own', async () => {
    await act(admin.cookie, { intent: 'add-tracking-id', tag: 'cv-soon-20', assignment: `guide-${scheduled}` })
    expect(await trackingIds()).toEqual([{ tag: 'cv-soon-20', placement: 'guide', guide_id: scheduled }])
  })
})

describe('bad input is a 400 with its message; nothing is written', () => {
  beforeEach(async () => {
    await act(admin.cookie, { intent: 'add-tracking-id', tag: 'cv-home-20', assignment: 'home' })
    await act(admin.cookie, { intent: 'add-tracking-id', tag: 'cv-own-20', assignment: `guide-${published}` })
    await db.deleteFrom('audit_log').execute()
  })

  const INVALID =
    'A tracking ID is letters, digits and hyphens, such as comicvault-guides-20. Spaces, markup and other characters are not allowed.'

  test.each([
    [{ tag: 'cv home-20', assignment: 'none' }, INVALID],
    [{ tag: '<b>cv-20</b>', assignment: 'none' }, INVALID],
    [{ tag: 'cv-20"onmouseover=x', assignment: 'none' }, INVALID],
    [{ tag: '-cv-20', assignment: 'none' }, INVALID],
    [{ tag: 'x'.repeat(65), assignment: 'none' }, 'A tracking ID has at most 64 characters.'],
    [{ tag: '', assignment: 'none' }, 'Enter a tracking ID.'],
    [{ tag: 'cv-home-20', assignment: 'none' }, 'cv-home-20 is already listed.'],
    [{ tag: 'CV-HOME-20', assignment: 'none' }, 'CV-HOME-20 is already listed.'],
    [
      { tag: 'comicvault-20', assignment: 'none' },
      'comicvault-20 is the Amazon.com store’s own tag: list only extra tracking IDs here.',
    ],
    [
      { tag: 'comicvault-21', assignment: 'none' },
      'comicvault-21 is the Amazon.co.uk store’s own tag: list only extra tracking IDs here.',
    ],
    [
      { tag: 'cv-second-20', assignment: 'home' },
      'Home page already uses cv-home-20. Move that tracking ID first, or remove it.',
    ],
    [{ tag: 'cv-second-20', assignment: 'homepage' }, 'Choose where this tracking ID is used.'],
    [{ tag: 'cv-second-20', assignment: 'guide-0' }, 'Choose where this tracking ID is used.'],
    [{ tag: 'cv-second-20', assignment: 'guide-abc' }, 'Choose where this tracking ID is used.'],
  ])('adding %j', async (fields, message) => {
    const before = await trackingIds()
    expect(refusal(await act(admin.cookie, { intent: 'add-tracking-id', ...fields }))).toEqual({ status: 400, message })
    expect(await trackingIds()).toEqual(before)
    expect(await auditRows()).toEqual([])
  })

  test('a second tag for one guide, a draft or a missing guide', async () => {
    const add = (assignment: string) =>
      act(admin.cookie, { intent: 'add-tracking-id', tag: 'cv-second-20', assignment })
    expect(refusal(await add(`guide-${published}`))).toEqual({
      status: 400,
      message: `The guide “Guide tracked-published” already uses cv-own-20. Move that tracking ID first, or remove it.`,
    })
    for (const assignment of [`guide-${draft}`, 'guide-2147483000']) {
      expect(refusal(await add(assignment))).toEqual({
        status: 400,
        message: 'That guide is not published or scheduled.',
      })
    }
    expect(await trackingIds()).toHaveLength(2)
    expect(await auditRows()).toEqual([])
  })

  test('reassigning to a placement that has one, or a tracking ID that is gone', async () => {
    const own = await idOf('cv-own-20')
    expect(refusal(await act(admin.cookie, { intent: 'assign-tracking-id', id: own, assignment: 'home' }))).toEqual({
      status: 400,
      message: 'Home page already uses cv-home-20. Move that tracking ID first, or remove it.',
    })
    for (const intent of ['assign-tracking-id', 'remove-tracking-id']) {
      expect(refusal(await act(admin.cookie, { intent, id: 2147483000, assignment: 'none' }))).toEqual({
        status: 404,
        message: 'That tracking ID is no longer listed.',
      })
    }
    expect(await trackingIds()).toEqual([
      { tag: 'cv-home-20', placement: 'home', guide_id: null },
      { tag: 'cv-own-20', placement: 'guide', guide_id: published },
    ])
    expect(await auditRows()).toEqual([])
  })
})

describe('editors and viewers', () => {
  test.each(['editor', 'viewer'] as const)('a %s neither sees nor changes the tracking IDs', async (role) => {
    await act(admin.cookie, { intent: 'add-tracking-id', tag: 'cv-home-20', assignment: 'home' })
    const { cookie } = await signedInPanelUser(role)
    expect(((await load(cookie)) as { trackingIds: unknown }).trackingIds).toBeNull()
    const id = await idOf('cv-home-20')
    const writes: Array<Record<string, string | number>> = [
      { intent: 'add-tracking-id', tag: 'cv-search-20', assignment: 'search' },
      { intent: 'assign-tracking-id', id, assignment: 'none' },
      { intent: 'remove-tracking-id', id },
    ]
    for (const fields of writes) {
      const refused = await act(cookie, fields).catch((error: unknown) => error)
      expect((refused as Response).status).toBe(403)
    }
    expect(await trackingIds()).toEqual([{ tag: 'cv-home-20', placement: 'home', guide_id: null }])
  })
})
