import { beforeAll, describe, expect, test } from 'vitest'
import type { EditorReply } from '#app/components/admin/document-preview.tsx'
import { firstErrorOf, intentOf } from '#app/components/forms.tsx'
import { defaultPages } from '#app/content/default-pages.ts'
import { getEnv } from '#app/lib/env.server.ts'
import * as guide from '#app/routes/admin.guides.$id.tsx'
import * as guides from '#app/routes/admin.guides._index.tsx'
import * as newGuide from '#app/routes/admin.guides.new.tsx'
import * as page from '#app/routes/admin.pages.$slug.tsx'
import * as pages from '#app/routes/admin.pages._index.tsx'
import {
  COVER_NOT_IN_LIBRARY,
  SCHEDULE_IN_PAST,
  SLUG_FORMAT,
  slugTakenMessage,
  STALE_FORM,
} from '#app/schemas/document.ts'
import { unpackEmbeds } from '#app/utils/document-view.ts'
import { toWallTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'
import { auditRowsOf } from '#tests/support/audit.ts'
import { createProduct } from '#tests/support/catalogue.ts'
import { recordPageDrops } from '#tests/support/page-drops.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import {
  callAction,
  callLoader,
  loaderData,
  redirectOf,
  replyOf,
  statusOf,
  thrownResponse,
} from '#tests/support/remix.ts'

// The guide and page editors (docs/decisions/052) through their real loaders and actions: each button's save and
// its toast, refusals that change nothing (stale forms, unsafe or oversized text, taken slugs), revisions compared
// and restored, the preview that saves nothing, audit rows and the permissions of each role.

const ASIN = { a: 'GDEA000001', b: 'GDEB000002' }
const cookies: Record<'admin' | 'editor' | 'viewer', string> = { admin: '', editor: '', viewer: '' }
let editorId: number
const drops = recordPageDrops()

beforeAll(async () => {
  cookies.admin = await panelCookie((await createPanelUser('admin')).id)
  const editor = await createPanelUser('editor')
  editorId = editor.id
  cookies.editor = await panelCookie(editor.id)
  cookies.viewer = await panelCookie((await createPanelUser('viewer')).id)
  await createProduct({ asin: ASIN.a, title: 'Alpha Mylar sleeves' })
  await createProduct({ asin: ASIN.b, title: 'Bravo boards' })
})

type Who = keyof typeof cookies
type Fields = Record<string, string>

const SUMMARY = 'How to bag, board and box a run of comics so that it still looks new in twenty years.'

const guideForm = (overrides: Fields = {}): Fields => ({
  intent: 'save',
  title: 'Storing a long run',
  slug: '',
  summary: SUMMARY,
  body: `Start here.\n\n::product{asin="${ASIN.a}"}\n\n## Boxes\n\nLong boxes hold about 300 books.\n`,
  revision: '0',
  coverMediaId: '',
  lastReviewedOn: '2026-11-20',
  seoTitle: '',
  publishAt: '',
  ...overrides,
})

const create = (fields: Fields, who: Who = 'editor') =>
  callAction(newGuide.action, '/admin/guides/new', fields, { cookie: cookies[who] })
const post = (id: number, fields: Fields, who: Who = 'editor') =>
  callAction(guide.action, `/admin/guides/${id}`, fields, { cookie: cookies[who], params: { id: String(id) } })
const loadGuide = (id: number, query = '', who: Who = 'editor') =>
  loaderData(
    callLoader(guide.loader, `/admin/guides/${id}${query}`, { cookie: cookies[who], params: { id: String(id) } }),
  )

/** A refusal (Conform's reply): its status, the form that sent it, its first message, the field errors, what was typed. */
function refusal(result: unknown) {
  const { status, data } = replyOf<EditorReply>(result)
  return { status, intent: intentOf(data), message: firstErrorOf(data)?.[0], errors: data.error ?? {}, data }
}

const documentOf = (id: number) => db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const bySlug = (slug: string) =>
  db.selectFrom('documents').selectAll().where('kind', '=', 'guide').where('slug', '=', slug).executeTakeFirst()
const revisionsOf = (id: number) =>
  db.selectFrom('document_revisions').selectAll().where('document_id', '=', id).orderBy('revision').execute()
const auditsOf = (entity: 'GUIDE' | 'PAGE', id: number) => auditRowsOf(entity, id)
const guideCount = async () =>
  (
    await db
      .selectFrom('documents')
      .select(db.fn.countAll<number>().as('n'))
      .where('kind', '=', 'guide')
      .executeTakeFirstOrThrow()
  ).n

/** Creates a draft through the editor; answers its id. */
async function draft(overrides: Fields = {}) {
  const { location } = await redirectOf(await create(guideForm(overrides)))
  return Number(location!.split('/').at(-1))
}

/** An image of the media library, stored under `key`. */
const libraryImage = (key: string) =>
  db
    .insertInto('media')
    .values({
      url: `http://localhost:3000/uploads/${key}`,
      key,
      file_name: key,
      file_size: 100,
      mime_type: 'image/png',
      width: 1,
      height: 1,
    })
    .returning(['id', 'url'])
    .executeTakeFirstOrThrow()

const wallTime = (fromNow: number) => toWallTime(new Date(Date.now() + fromNow), getEnv().REFRESH_TZ)

describe('/admin/guides/new and /admin/guides/{id}', () => {
  test('an editor saves a draft: slug from the title, revision 1, its embeds, an audit row, "Draft saved"', async () => {
    drops.take()
    const result = await create(guideForm())
    const { status, location, toast } = await redirectOf(result)
    expect(status).toBe(303)
    const row = (await bySlug('storing-a-long-run'))!
    expect(location).toBe(`/admin/guides/${row.id}`)
    expect(toast).toMatchObject({ title: 'Draft saved' })
    expect(row).toMatchObject({ status: 'draft', revision: 1, title: 'Storing a long run', published_at: null })
    expect(await revisionsOf(row.id)).toEqual([expect.objectContaining({ revision: 1, author_id: editorId })])
    const embeds = await db.selectFrom('document_embeds').selectAll().where('document_id', '=', row.id).execute()
    expect(embeds).toEqual([{ document_id: row.id, target_type: 'product', target: ASIN.a }])
    expect((await auditsOf('GUIDE', row.id)).map((audit) => [audit.action, audit.actor_id])).toEqual([
      ['CREATE', editorId],
    ])
    expect(drops.take()).toEqual([['content', 'search', 'site']])
    // The editor opens at that revision, as a draft.
    const loaded = await loadGuide(row.id)
    expect(loaded.guide).toMatchObject({ state: 'draft', revision: 1, lastReviewedOn: '2026-11-20' })
    expect(loaded.revisions.map((revision) => revision.revision)).toEqual([1])
  })

  test('publish, schedule (in the past: 400; in the future: scheduled), unpublish; each a revision and an audit row', async () => {
    const form = (overrides: Fields) => guideForm({ title: 'Publishing states', ...overrides })
    const id = await draft(form({}))
    const published = await redirectOf(await post(id, form({ intent: 'publish', revision: '1' })))
    expect(published.toast).toMatchObject({ title: 'Guide published' })
    const live = await documentOf(id)
    expect(live).toMatchObject({ status: 'published', revision: 2 })
    expect(live.published_at).toBeInstanceOf(Date)

    const unpublished = await redirectOf(await post(id, form({ intent: 'unpublish', revision: '2' })))
    expect(unpublished.toast).toMatchObject({ title: 'Guide unpublished' })
    expect(await documentOf(id)).toMatchObject({ status: 'draft', revision: 3 })

    const past = refusal(await post(id, form({ intent: 'schedule', revision: '3', publishAt: wallTime(-3_600_000) })))
    expect(past.status).toBe(400)
    expect(past.errors.publishAt).toEqual([SCHEDULE_IN_PAST])
    expect(await documentOf(id)).toMatchObject({ status: 'draft', revision: 3 })

    const at = wallTime(2 * 86_400_000)
    const scheduled = await redirectOf(await post(id, form({ intent: 'schedule', revision: '3', publishAt: at })))
    expect(scheduled.toast?.title).toMatch(/^Guide scheduled for [A-Z][a-z]{2} \d{1,2}, \d{4}/)
    const row = await documentOf(id)
    expect(row).toMatchObject({ status: 'scheduled', revision: 4 })
    expect(toWallTime(row.publish_at!, getEnv().REFRESH_TZ)).toBe(at)
    expect((await loadGuide(id)).guide).toMatchObject({ state: 'scheduled', publishAt: at })

    expect((await auditsOf('GUIDE', id)).map((audit) => audit.action)).toEqual([
      'CREATE',
      'PUBLISH',
      'UNPUBLISH',
      'SCHEDULE',
    ])
  })

  test('a published guide whose slug changes keeps its old address as a redirect', async () => {
    const id = await draft({ title: 'Moving guide' })
    await post(id, guideForm({ intent: 'publish', title: 'Moving guide', revision: '1' }))
    const moved = await redirectOf(
      await post(id, guideForm({ intent: 'save', title: 'Moving guide', slug: 'moved-guide', revision: '2' })),
    )
    expect(moved.toast).toMatchObject({ title: 'Guide saved' })
    expect(await documentOf(id)).toMatchObject({ slug: 'moved-guide', status: 'published' })
    const redirects = await db.selectFrom('document_redirects').selectAll().where('document_id', '=', id).execute()
    expect(redirects).toEqual([expect.objectContaining({ kind: 'guide', old_slug: 'moving-guide' })])
  })

  test('a save from a stale form is a 409 with the typed text kept, and nothing is saved', async () => {
    const id = await draft({ title: 'Two editors' })
    await post(id, guideForm({ title: 'Two editors', summary: `${SUMMARY} First.`, revision: '1' }))
    const before = await documentOf(id)
    const stale = refusal(await post(id, guideForm({ title: 'My late words', revision: '1' })))
    expect(stale.status).toBe(409)
    expect(stale.message).toBe(STALE_FORM)
    expect(stale.intent).toBe('save')
    expect(stale.data.initialValue).toMatchObject({ title: 'My late words', revision: '1' })
    expect(await documentOf(id)).toEqual(before)
    expect(await revisionsOf(id)).toHaveLength(2)
  })

  test.each([
    ['a text over 100,000 characters', { body: 'x'.repeat(100_001) }, 'The text must be at most 100,000 characters'],
    [
      'more than 50 embeds',
      { body: Array.from({ length: 51 }, () => `::product{asin="${ASIN.a}"}`).join('\n\n') },
      'A text may hold up to 50 embeds; this one holds 51.',
    ],
    ['raw HTML', { body: 'Hello\n\n<script>alert(1)</script>\n' }, 'HTML is not allowed in the text'],
    ['a javascript: link', { body: 'See [x](javascript:alert(1)).' }, 'is not allowed: use http(s), mailto'],
    ['markup in an ASIN', { body: '::product{asin="B0<b>x</b>"}' }, '::product: asin must be a 10-character ASIN'],
  ])('%s: 400 on the body, nothing saved', async (_what, overrides, message) => {
    const before = await guideCount()
    const { status, errors } = refusal(await create(guideForm({ title: 'Refused text', ...overrides })))
    expect(status).toBe(400)
    expect(errors.body?.[0]).toContain(message)
    expect(await guideCount()).toBe(before)
    expect(await bySlug('refused-text')).toBeUndefined()
  })

  test('a taken slug is a 409 and a malformed one a 400, on the slug field', async () => {
    await draft({ title: 'Unique words' })
    const before = await guideCount()
    const taken = refusal(await create(guideForm({ title: 'Other words', slug: 'unique-words' })))
    expect(taken.status).toBe(409)
    expect(taken.errors.slug).toEqual([slugTakenMessage('unique-words')])
    for (const slug of ['Not A Slug!', '-leading', 'double--hyphen', 'a'.repeat(101)]) {
      const malformed = refusal(await create(guideForm({ title: 'Other words', slug })))
      expect(malformed.status).toBe(400)
      expect(malformed.errors.slug).toHaveLength(1)
    }
    expect(refusal(await create(guideForm({ slug: 'Not A Slug!' }))).errors.slug).toEqual([SLUG_FORMAT])
    expect(await guideCount()).toBe(before)
  })

  test('a day that is not on the calendar is a 400 on its field, not an error from the database', async () => {
    const before = await guideCount()
    const day = refusal(await create(guideForm({ title: 'Odd days', lastReviewedOn: '2026-02-31' })))
    expect(day.status).toBe(400)
    expect(day.errors.lastReviewedOn).toEqual(['Enter a date such as 2026-11-26'])
    const time = refusal(
      await create(guideForm({ intent: 'schedule', title: 'Odd days', publishAt: '2027-02-30T09:00' })),
    )
    expect(time.errors.publishAt).toEqual(['Enter a date and time such as 2026-12-01 09:30'])
    expect(await guideCount()).toBe(before)
  })

  test('a cover must be an image of the media library', async () => {
    const media = await libraryImage('1764000000000-0123456789abcdef.png')
    const missing = refusal(await create(guideForm({ title: 'With a cover', coverMediaId: '2147483000' })))
    expect(missing.status).toBe(400)
    expect(missing.errors.coverMediaId).toEqual([COVER_NOT_IN_LIBRARY])
    const id = await draft({ title: 'With a cover', coverMediaId: String(media.id) })
    expect(await documentOf(id)).toMatchObject({ cover_media_id: media.id })
    expect((await loadGuide(id)).cover).toMatchObject({ id: media.id, picked: false })
    // Back from the media picker's page (without JavaScript): its first image is the form's cover, not yet saved;
    // an address that is no image of the library leaves the saved cover.
    const picked = `?images=${encodeURIComponent(media.url)}&images=x`
    const opened = await loaderData(
      callLoader(newGuide.loader, `/admin/guides/new${picked}`, { cookie: cookies.editor }),
    )
    expect(opened.cover).toEqual({ id: media.id, url: media.url, picked: true })
    const foreign = `?images=${encodeURIComponent('https://evil.example/x.png')}`
    expect((await loadGuide(id, foreign)).cover).toMatchObject({ id: media.id, picked: false })
  })

  test('revisions: compared with the current text, restored as a new revision', async () => {
    const id = await draft({ title: 'Changing text' })
    const body = `Start here.\n\n::product{asin="${ASIN.b}"}\n\n## Boxes\n\nShort boxes hold about 150 books.\n`
    await post(id, guideForm({ title: 'Changing text', body, revision: '1' }))

    const { diff } = await loadGuide(id, '?diff=1')
    expect(diff).toMatchObject({
      revision: 1,
      linesAdded: 2,
      linesRemoved: 2,
      products: { added: [ASIN.b], removed: [ASIN.a] },
      title: null,
    })
    expect(diff!.rows).toContainEqual({ kind: 'removed', text: 'Long boxes hold about 300 books.' })
    expect(diff!.rows).toContainEqual({ kind: 'added', text: 'Short boxes hold about 150 books.' })
    // An address that names no revision shows no comparison.
    expect((await loadGuide(id, '?diff=99')).diff).toBeNull()
    expect((await loadGuide(id, '?diff=x')).diff).toBeNull()

    drops.take()
    const restored = await redirectOf(await post(id, { intent: 'restore', restore: '1', revision: '2' }))
    expect(restored.toast).toMatchObject({ title: 'Revision 1 restored' })
    const row = await documentOf(id)
    expect(row.revision).toBe(3)
    expect(row.body).toBe(guideForm().body)
    expect((await revisionsOf(id)).map((revision) => revision.revision)).toEqual([1, 2, 3])
    expect((await auditsOf('GUIDE', id)).at(-1)).toMatchObject({ action: 'RESTORE', diff: { restored: 1 } })
    expect(drops.take()).toEqual([['content', 'search', 'site']])
    // Restoring over a newer save is stale too.
    expect(refusal(await post(id, { intent: 'restore', restore: '2', revision: '2' })).status).toBe(409)
    expect(refusal(await post(id, { intent: 'restore', restore: '9', revision: '3' })).status).toBe(404)
  })

  test('preview saves nothing and answers the text as visitors will see it, with what they will not', async () => {
    const before = await guideCount()
    const body = `Intro.\n\n::product{asin="${ASIN.a}"}\n\n::product{asin="ZZZZ000000"}\n\n::nope\n`
    const { status, data } = replyOf<EditorReply>(
      await create(guideForm({ intent: 'preview', title: 'Just looking', body })),
    )
    expect(status).toBe(200)
    expect(data.initialValue).toMatchObject({ title: 'Just looking', body })
    expect(data.preview).toMatchObject({ title: 'Just looking', eyebrow: null })
    expect(unpackEmbeds(data.preview!.view.embeds)).toEqual([
      expect.objectContaining({ name: 'product' }),
      { name: 'missing', of: 'product', reason: 'ZZZZ000000 is not in the catalogue.' },
    ])
    expect(data.preview!.view.problems).toEqual([
      { line: 7, column: 1, message: '::nope is not an embed this site knows.' },
    ])
    expect(await guideCount()).toBe(before)
    // On a saved guide too: its row stays as it was.
    const id = await draft({ title: 'Previewed later' })
    const saved = await documentOf(id)
    const again = replyOf<EditorReply>(
      await post(id, guideForm({ intent: 'preview', title: 'New title', revision: '1' })),
    )
    expect(again.data.preview?.title).toBe('New title')
    expect(await documentOf(id)).toEqual(saved)
  })

  describe('a guide is checked before it goes out (docs/decisions/077)', () => {
    const LINK = 'https://amzn.to/3xYz'
    const linkRefused = `The link "${LINK}" goes straight to Amazon: use :buy[…]{asin="…"} or a product box, which go through /go/.`
    const FOREIGN = 'https://images.example/box.png'
    const imageRefused = `The image "${FOREIGN}" is not in the media library: upload it under Media and paste the address its page shows.`
    const priceWarned = `"$12.99" is a price typed in the text: it goes stale. Use :price{asin="…"}, which shows the price with its time.`

    test('a link straight to Amazon or an image from elsewhere refuses each save: 400, the text kept, nothing written', async () => {
      const id = await draft({ title: 'Checked text' })
      const before = await documentOf(id)
      const revisions = await revisionsOf(id)
      const refused: Array<[body: string, message: string]> = [
        [`Start here.\n\nOr buy it [on Amazon](${LINK}).\n`, `Line 3, column 11: ${linkRefused}`],
        [`Start here.\n\n![A box](${FOREIGN})\n`, `Line 3, column 1: ${imageRefused}`],
      ]
      for (const [body, message] of refused) {
        for (const intent of ['save', 'publish', 'schedule']) {
          const fields = { title: 'Checked text', intent, body, revision: '1', publishAt: wallTime(86_400_000) }
          const answer = refusal(await post(id, guideForm(fields)))
          expect(answer).toMatchObject({ status: 400, intent, errors: { body: [message] } })
          expect(answer.data.initialValue).toMatchObject({ body })
        }
      }
      expect(await documentOf(id)).toEqual(before)
      expect(await revisionsOf(id)).toEqual(revisions)
    })

    test('a typed price is saved, published and said with its place; the preview lists what refuses and what warns', async () => {
      const media = await libraryImage('1764000000001-0123456789abcdef.png')
      const body = `Start here.\n\nA pack is $12.99 today.\n\n![A box](${media.url})\n`
      const saved = await redirectOf(await create(guideForm({ title: 'A typed price', body })))
      expect(saved.toast).toMatchObject({
        title: 'Draft saved',
        description: `Check Line 3, column 11: ${priceWarned}`,
      })
      const id = Number(saved.location!.split('/').at(-1))
      const published = await redirectOf(
        await post(id, guideForm({ title: 'A typed price', body, intent: 'publish', revision: '1' })),
      )
      expect(published.toast).toMatchObject({
        title: 'Guide published',
        description: `It is at /guides/a-typed-price. Check Line 3, column 11: ${priceWarned}`,
      })
      expect(await documentOf(id)).toMatchObject({ status: 'published', revision: 2, body })

      const previewed = `Buy [here](${LINK}).\n\nA pack is $12.99 today.\n\n![A box](${FOREIGN}) ![Ours](${media.url})\n`
      const { data } = replyOf<EditorReply>(
        await post(id, guideForm({ intent: 'preview', body: previewed, revision: '2' })),
      )
      expect(data.preview!.view.problems).toEqual([
        { line: 1, column: 5, message: linkRefused },
        { line: 3, column: 11, message: priceWarned, warning: true },
        { line: 5, column: 1, message: imageRefused },
      ])
      expect(await documentOf(id)).toMatchObject({ revision: 2, body })
    })
  })

  test('viewers read, editors write, only an admin deletes', async () => {
    const id = await draft({ title: 'Whose guide' })
    // A viewer reads the editor, and may not use any of its buttons, nor start a guide.
    expect((await loadGuide(id, '', 'viewer')).guide.title).toBe('Whose guide')
    expect(await statusOf(() => callLoader(newGuide.loader, '/admin/guides/new', { cookie: cookies.viewer }))).toBe(403)
    for (const intent of ['save', 'publish', 'preview']) {
      expect(await statusOf(() => create(guideForm({ intent, title: 'Viewer guide' }), 'viewer'))).toBe(403)
    }
    for (const intent of ['save', 'publish', 'schedule', 'unpublish', 'preview', 'restore', 'delete']) {
      expect(await statusOf(() => post(id, guideForm({ intent, revision: '1' }), 'viewer'))).toBe(403)
    }
    expect(await bySlug('viewer-guide')).toBeUndefined()
    // An editor may not delete; the admin may.
    expect(await statusOf(() => post(id, { intent: 'delete' }, 'editor'))).toBe(403)
    expect((await loadGuide(id, '?delete', 'editor')).deleting).toBe(false)
    expect((await loadGuide(id, '?delete', 'admin')).deleting).toBe(true)
    const deleted = await redirectOf(await post(id, { intent: 'delete' }, 'admin'))
    expect(deleted).toMatchObject({ location: '/admin/guides', toast: { title: 'Guide deleted' } })
    expect(await db.selectFrom('documents').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
    expect((await auditsOf('GUIDE', id)).map((audit) => audit.action)).toEqual(['CREATE', 'DELETE'])
    // Gone: the editor is a 404, and so is a second delete.
    const response = await thrownResponse(() => loadGuide(id))
    expect(response.status).toBe(404)
    expect(refusal(await post(id, { intent: 'delete' }, 'admin')).status).toBe(404)
  })

  test('an unknown or impossible id is "Guide not found."; a page is not a guide', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const response = await thrownResponse(() =>
        callLoader(guide.loader, `/admin/guides/${id}`, { cookie: cookies.editor, params: { id } }),
      )
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('Guide not found.')
    }
  })

  test('the list: search by title or slug, filter by status', async () => {
    const id = await draft({ title: 'Listed and published' })
    await post(id, guideForm({ intent: 'publish', title: 'Listed and published', revision: '1' }))
    const list = (query: string) =>
      loaderData(callLoader(guides.loader, `/admin/guides${query}`, { cookie: cookies.viewer }))
    const all = await list('')
    expect(all.guides.find((row) => row.id === id)).toMatchObject({
      status: 'published',
      publishing: expect.stringMatching(/\d{4}/),
    })
    expect((await list('?q=listed and')).guides.map((row) => row.id)).toEqual([id])
    expect((await list('?status=published')).guides.every((row) => row.status === 'published')).toBe(true)
    expect((await list('?status=draft')).guides.some((row) => row.id === id)).toBe(false)
    // A status that is none of them is "All".
    expect((await list('?status=%00nope')).guides).toHaveLength(all.guides.length)
  })
})

describe('/admin/pages', () => {
  const postPage = (slug: string, fields: Fields, who: Who = 'editor') =>
    callAction(page.action, `/admin/pages/${slug}`, fields, { cookie: cookies[who], params: { slug } })
  const loadPage = (slug: string, who: Who = 'editor') =>
    loaderData(callLoader(page.loader, `/admin/pages/${slug}`, { cookie: cookies[who], params: { slug } }))
  const pageRow = (slug: string) =>
    db.selectFrom('documents').selectAll().where('kind', '=', 'page').where('slug', '=', slug).executeTakeFirst()
  const pageForm = (overrides: Fields = {}): Fields => ({
    intent: 'save',
    eyebrow: 'About us',
    title: 'About the shop',
    summary: SUMMARY,
    body: 'We are collectors.\n\n## Brands {#brands}\n\nThe ones we trust.\n',
    revision: '0',
    ...overrides,
  })

  test('the seven pages, each "Default text" until saved', async () => {
    const { pages: listed } = await loaderData(callLoader(pages.loader, '/admin/pages', { cookie: cookies.viewer }))
    expect(listed.map((row) => row.slug)).toEqual([
      'about',
      'disclosure',
      'faq',
      'starter-kits',
      'sizes-guide',
      'compare-sleeves',
      'contact',
    ])
    expect(listed.find((row) => row.slug === 'faq')).toEqual({
      slug: 'faq',
      title: defaultPages.faq.title,
      savedAt: null,
    })
  })

  test('a page never saved opens with its default text at revision 0; preview saves nothing; the first save creates it', async () => {
    const opened = await loadPage('about')
    expect(opened.page).toMatchObject({ revision: 0, title: defaultPages.about.title, body: defaultPages.about.body })
    expect(opened.revisions).toEqual([])

    const preview = replyOf<EditorReply>(await postPage('about', pageForm({ intent: 'preview' })))
    expect(preview.data.preview).toMatchObject({ title: 'About the shop', eyebrow: 'About us' })
    expect(await pageRow('about')).toBeUndefined()

    drops.take()
    const saved = await redirectOf(await postPage('about', pageForm()))
    expect(saved).toMatchObject({ location: '/admin/pages/about', toast: { title: 'Page saved' } })
    const row = (await pageRow('about'))!
    expect(row).toMatchObject({ status: 'published', revision: 1, title: 'About the shop', eyebrow: 'About us' })
    expect((await auditsOf('PAGE', row.id)).map((audit) => audit.action)).toEqual(['CREATE'])
    expect(drops.take()).toEqual([['content', 'search', 'site']])

    // A second form opened before that save is stale.
    const stale = refusal(await postPage('about', pageForm({ title: 'Late' })))
    expect(stale).toMatchObject({ status: 409, message: STALE_FORM })
    expect(await pageRow('about')).toMatchObject({ revision: 1, title: 'About the shop' })

    await postPage('about', pageForm({ title: 'About us, again', revision: '1' }))
    const restored = await redirectOf(await postPage('about', { intent: 'restore', restore: '1', revision: '2' }))
    expect(restored.toast).toMatchObject({ title: 'Revision 1 restored' })
    expect(await pageRow('about')).toMatchObject({ revision: 3, title: 'About the shop' })
    const reopened = await loadPage('about')
    expect(reopened.revisions.map((revision) => revision.revision)).toEqual([3, 2, 1])
    expect(reopened.savedAt).toMatch(/\d{4}/)
  })

  test('a page with a link straight to Amazon is refused with a 400 that keeps the text (docs/decisions/077)', async () => {
    const body = 'Our picks are [on Amazon](https://www.amazon.com/shop/comics).\n'
    const answer = refusal(await postPage('disclosure', pageForm({ body })))
    expect(answer.status).toBe(400)
    expect(answer.errors.body?.[0]).toMatch(
      /^Line 1, column 15: The link "https:\/\/www\.amazon\.com\/shop\/comics" goes/,
    )
    expect(answer.data.initialValue).toMatchObject({ body })
    expect(await pageRow('disclosure')).toBeUndefined()
  })

  test('viewers read a page but cannot save, preview or restore it', async () => {
    expect((await loadPage('faq', 'viewer')).page.title).toBe(defaultPages.faq.title)
    for (const intent of ['save', 'preview', 'restore']) {
      expect(await statusOf(() => postPage('faq', pageForm({ intent }), 'viewer'))).toBe(403)
    }
    expect(await pageRow('faq')).toBeUndefined()
  })

  test('an unknown page is "Page not found."; a restore before the first save is a 404', async () => {
    for (const slug of ['nope', 'About', '..']) {
      const response = await thrownResponse(() => loadPage(slug))
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('Page not found.')
    }
    expect(refusal(await postPage('contact', { intent: 'restore', restore: '1', revision: '0' })).status).toBe(404)
  })
})
