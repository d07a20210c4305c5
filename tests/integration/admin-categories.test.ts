import type { SubmissionResult } from '@conform-to/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { firstErrorOf, intentOf } from '#app/components/forms.tsx'
import * as categories from '#app/routes/admin.categories.tsx'
import { db } from '#db/client.ts'
import { auditRowsOf } from '#tests/support/audit.ts'
import { createCategory, createProduct } from '#tests/support/catalogue.ts'
import { recordPageDrops } from '#tests/support/page-drops.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import { callAction, callLoader, loaderData, redirectOf, replyOf } from '#tests/support/remix.ts'
import { rowCount } from '#tests/support/rows.ts'

// /admin/categories through its real loader and action: messages, slugs, audit rows,
// refusals that change nothing, and the cached public pages each write drops (docs/decisions/030).

let adminId: number
let adminCookie: string
let editorCookie: string
const drops = recordPageDrops()

beforeAll(async () => {
  const admin = await createPanelUser('admin')
  adminId = admin.id
  adminCookie = await panelCookie(admin.id)
  editorCookie = await panelCookie((await createPanelUser('editor')).id)
})

const post = (fields: Record<string, string>, { cookie = adminCookie, query = '' } = {}) =>
  callAction(categories.action, `/admin/categories${query}`, fields, { cookie })

/** A refusal (Conform's reply): its status, the form that sent it, its first message and the field errors. */
function refusal(result: unknown) {
  const { status, data } = replyOf<SubmissionResult<string[]>>(result)
  return { status, intent: intentOf(data), message: firstErrorOf(data)?.[0], errors: data.error }
}

async function success(result: unknown) {
  const { status, location, toast } = await redirectOf(result)
  expect(status).toBe(303)
  return { location, toast }
}

const load = (query = '', cookie = adminCookie) =>
  loaderData(callLoader(categories.loader, `/admin/categories${query}`, { cookie }))

const bySlug = (slug: string) => db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst()
const snapshot = () => db.selectFrom('categories').selectAll().orderBy('id').execute()
const auditRows = (entityId: number) => auditRowsOf('CATEGORY', entityId)
const auditCount = () => rowCount('audit_log')

describe('create', () => {
  test('derives the slug, writes the audit row, drops the lists of categories: "Category created successfully"', async () => {
    drops.take()
    const result = await post(
      {
        intent: 'create',
        name: '  Bags & Boards (Modern)  ',
        description: 'Everyday protection.',
        image_url: 'https://example.com/bags.png',
      },
      { query: '?q=bag&new' },
    )
    const { location, toast } = await success(result)
    expect(location).toBe('/admin/categories?q=bag')
    expect(toast).toMatchObject({ type: 'success', title: 'Category created successfully' })
    const created = await bySlug('bags-boards-modern')
    expect(created).toMatchObject({
      name: 'Bags & Boards (Modern)',
      description: 'Everyday protection.',
      image_url: 'https://example.com/bags.png',
      is_hidden: false,
    })
    const [audit] = await auditRows(created!.id)
    expect(audit).toMatchObject({ actor_id: adminId, action: 'CREATE' })
    expect(audit!.diff).toEqual({
      name: 'Bags & Boards (Modern)',
      slug: 'bags-boards-modern',
      description: 'Everyday protection.',
      image_url: 'https://example.com/bags.png',
    })
    // Every page's Shop menu lists it.
    expect(drops.take()).toEqual(['*'])
  })

  test('empty optional fields are stored as null; an editor may add', async () => {
    await success(
      await post({ intent: 'create', name: 'Plain', description: '', image_url: '' }, { cookie: editorCookie }),
    )
    expect(await bySlug('plain')).toMatchObject({ description: null, image_url: null })
  })

  test('a slug clash is a 409 with a clear message, and nothing is written', async () => {
    await createCategory({ slug: 'short-boxes', name: 'Short Boxes' })
    const before = await snapshot()
    const audits = await auditCount()
    drops.take()
    const result = refusal(await post({ intent: 'create', name: 'SHORT -- boxes!' }))
    expect(result).toMatchObject({
      status: 409,
      intent: 'create',
      message: 'A category with the slug "short-boxes" already exists.',
    })
    expect(result.errors?.['']).toEqual(['A category with the slug "short-boxes" already exists.'])
    expect(await snapshot()).toEqual(before)
    expect(await auditCount()).toBe(audits)
    expect(drops.take()).toEqual([])
  })

  test('two simultaneous adds of the same name: one is created, the other told of the clash', async () => {
    const results = await Promise.all([
      post({ intent: 'create', name: 'Race' }),
      post({ intent: 'create', name: 'race' }),
    ])
    const created = results.filter((result) => result instanceof Response)
    const refused = results.filter((result) => !(result instanceof Response)).map(refusal)
    expect(created).toHaveLength(1)
    expect(refused).toEqual([
      expect.objectContaining({ status: 409, message: 'A category with the slug "race" already exists.' }),
    ])
  })

  test.each([
    [{ name: '' }, { name: ['Name is required'] }],
    [{ name: '   ' }, { name: ['Name is required'] }],
    [{ name: '!!!' }, { name: ['The name needs at least one letter or digit to make its slug.'] }],
    [{ name: 'x'.repeat(101) }, { name: ['Name must be at most 100 characters'] }],
    [{ name: 'Long', description: 'y'.repeat(501) }, { description: ['Description must be at most 500 characters'] }],
    [{ name: 'Bad picture', image_url: 'javascript:alert(1)' }, { image_url: ['Must be a valid URL'] }],
    [{ name: 'Bad picture', image_url: 'not a url' }, { image_url: ['Must be a valid URL'] }],
  ])('refuses %j with a 400 and the message, writing nothing', async (fields, errors) => {
    const before = await snapshot()
    const result = refusal(await post({ intent: 'create', ...fields }))
    expect(result.status).toBe(400)
    expect(result.intent).toBe('create')
    expect(result.errors).toMatchObject(errors)
    expect(result.message).toBe(Object.values(errors)[0]![0])
    expect(await snapshot()).toEqual(before)
  })

  test('a body far beyond any valid form is a 413, never buffered', async () => {
    const result = refusal(await post({ intent: 'create', name: 'Huge', description: 'z'.repeat(100_000) }))
    expect(result.status).toBe(413)
    expect(await bySlug('huge')).toBeUndefined()
  })
})

describe('update', () => {
  test('changes name, description and picture; the slug stays; the audit row holds the diff', async () => {
    const category = await createCategory({ slug: 'long-boxes', name: 'Long Boxes', description: 'Old text' })
    drops.take()
    const { location, toast } = await success(
      await post({
        intent: 'update',
        id: String(category.id),
        name: 'Extra Long Boxes',
        description: 'Old text',
        image_url: '/images/long.svg',
      }),
    )
    expect(location).toBe('/admin/categories')
    expect(toast).toMatchObject({ title: 'Category updated successfully' })
    expect(await bySlug('long-boxes')).toMatchObject({ name: 'Extra Long Boxes', image_url: '/images/long.svg' })
    const audits = await auditRows(category.id)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ action: 'UPDATE', actor_id: adminId })
    expect(audits[0]!.diff).toEqual({
      name: { from: 'Long Boxes', to: 'Extra Long Boxes' },
      image_url: { from: null, to: '/images/long.svg' },
    })
    // The name is in every page's Shop menu.
    expect(drops.take()).toEqual(['*'])

    // Text and picture are shown on its own page and the home page only.
    await success(
      await post({ intent: 'update', id: String(category.id), name: 'Extra Long Boxes', description: 'New' }),
    )
    expect(drops.take()).toEqual([['site', 'category:long-boxes']])
  })

  test('a name that would slugify to another existing slug is fine: the slug does not change', async () => {
    const category = await createCategory({ slug: 'keep-me', name: 'Keep Me' })
    await success(await post({ intent: 'update', id: String(category.id), name: 'Short Boxes' }))
    expect(await bySlug('keep-me')).toMatchObject({ name: 'Short Boxes' })
  })

  test('saving without changes writes no audit row', async () => {
    const category = await createCategory({ slug: 'unchanged', name: 'Unchanged' })
    drops.take()
    await success(await post({ intent: 'update', id: String(category.id), name: 'Unchanged' }))
    expect(await auditRows(category.id)).toEqual([])
    expect(drops.take()).toEqual([])
  })

  test('bad fields are a 400 with the messages, nothing written', async () => {
    const category = await createCategory({ slug: 'stable', name: 'Stable' })
    const result = refusal(
      await post({ intent: 'update', id: String(category.id), name: '', description: 'd'.repeat(501) }),
    )
    expect(result).toMatchObject({ status: 400, intent: 'update', message: 'Name is required' })
    expect(result.errors).toMatchObject({
      name: ['Name is required'],
      description: ['Description must be at most 500 characters'],
    })
    expect(await bySlug('stable')).toMatchObject({ name: 'Stable', description: null })
  })

  test.each([
    ['missing', undefined, 400],
    ['forged', 'abc', 400],
    ['negative', '-1', 400],
    ['too large', '99999999999', 400],
    ['no longer there', '987654', 404],
  ])('a %s id is refused: "Category not found."', async (_label, id, status) => {
    const before = await snapshot()
    const result = refusal(await post({ intent: 'update', name: 'Ghost', ...(id === undefined ? {} : { id }) }))
    expect(result).toMatchObject({ status, intent: 'update', message: 'Category not found.' })
    expect(await snapshot()).toEqual(before)
  })
})

describe('hide and show', () => {
  test('hide, then show: audit rows HIDE and SHOW, every page dropped, "Category updated successfully"', async () => {
    const category = await createCategory({ slug: 'hide-me', name: 'Hide Me' })
    drops.take()
    const hidden = await success(
      await post({ intent: 'toggle-visibility', id: String(category.id), hidden: 'true' }, { query: '?q=hide' }),
    )
    expect(hidden.location).toBe('/admin/categories?q=hide')
    expect(hidden.toast).toMatchObject({
      title: 'Category updated successfully',
      description: '"Hide Me" is now hidden.',
    })
    expect(await bySlug('hide-me')).toMatchObject({ is_hidden: true })
    // Its products' pages lose its breadcrumb.
    expect(drops.take()).toEqual(['*'])

    // The same request again (a second click) changes nothing more.
    await success(await post({ intent: 'toggle-visibility', id: String(category.id), hidden: 'true' }))
    await success(
      await post({ intent: 'toggle-visibility', id: String(category.id), hidden: 'false' }, { cookie: editorCookie }),
    )
    expect(await bySlug('hide-me')).toMatchObject({ is_hidden: false })
    // Showing it again dropped every page; the second click in between dropped nothing.
    expect(drops.take()).toEqual(['*'])
    const audits = await auditRows(category.id)
    expect(audits.map((row) => [row.action, row.diff])).toEqual([
      ['HIDE', { is_hidden: { from: false, to: true } }],
      ['SHOW', { is_hidden: { from: true, to: false } }],
    ])
  })

  test('a forged state or id is refused', async () => {
    const category = await createCategory({ slug: 'toggled', name: 'Toggled' })
    expect(refusal(await post({ intent: 'toggle-visibility', id: String(category.id), hidden: 'maybe' })).status).toBe(
      400,
    )
    expect(refusal(await post({ intent: 'toggle-visibility', id: '424242', hidden: 'true' }))).toMatchObject({
      status: 404,
      intent: 'toggle-visibility',
      message: 'Category not found.',
    })
    expect(await bySlug('toggled')).toMatchObject({ is_hidden: false })
  })
})

describe('delete', () => {
  test('deletes an empty category: audit row, its pages dropped, "Category deleted successfully"', async () => {
    const category = await createCategory({ slug: 'delete-me', name: 'Delete Me', description: 'Bye' })
    drops.take()
    const { location, toast } = await success(await post({ intent: 'delete', id: String(category.id) }))
    expect(location).toBe('/admin/categories')
    expect(toast).toMatchObject({ title: 'Category deleted successfully' })
    expect(await bySlug('delete-me')).toBeUndefined()
    const [audit] = await auditRows(category.id)
    expect(audit).toMatchObject({ action: 'DELETE', actor_id: adminId })
    expect(audit!.diff).toEqual({
      name: 'Delete Me',
      slug: 'delete-me',
      description: 'Bye',
      image_url: null,
      is_hidden: false,
    })
    // Every page's Shop menu listed it.
    expect(drops.take()).toEqual(['*'])
  })

  test('a hidden category was in no Shop menu: its delete drops only its own pages', async () => {
    const category = await createCategory({ slug: 'hidden-gone', name: 'Hidden Gone', is_hidden: true })
    drops.take()
    await success(await post({ intent: 'delete', id: String(category.id) }))
    expect(drops.take()).toEqual([['site', 'category:hidden-gone']])
  })

  test('a category with products (hidden ones count) is refused and nothing changes', async () => {
    const category = await createCategory({ slug: 'in-use', name: 'In Use' })
    await createProduct({ category_id: category.id, soft_hidden: true })
    const before = await snapshot()
    const audits = await auditCount()
    expect(refusal(await post({ intent: 'delete', id: String(category.id) }))).toMatchObject({
      status: 409,
      intent: 'delete',
      message: 'This category still has 1 product. Move or delete them first.',
    })
    expect(await snapshot()).toEqual(before)
    expect(await auditCount()).toBe(audits)
  })

  test('a forged or vanished id is refused: "Category not found."', async () => {
    expect(refusal(await post({ intent: 'delete', id: '1; DROP TABLE categories' }))).toMatchObject({
      status: 400,
      message: 'Category not found.',
    })
    expect(refusal(await post({ intent: 'delete' }))).toMatchObject({ status: 400, intent: 'delete' })
    expect(refusal(await post({ intent: 'delete', id: '777777' }))).toMatchObject({
      status: 404,
      message: 'Category not found.',
    })
  })

  test('an editor may not delete (403), whatever the form says', async () => {
    const category = await createCategory({ slug: 'editor-cannot', name: 'Editor Cannot' })
    await expect(post({ intent: 'delete', id: String(category.id) }, { cookie: editorCookie })).rejects.toMatchObject({
      status: 403,
    })
    expect(await bySlug('editor-cannot')).toBeDefined()
  })

  test('an unknown intent or a body that is not a form is a 400; anonymous visitors go home first', async () => {
    expect(refusal(await post({ intent: 'rename-everything' })).status).toBe(400)
    const json = (cookie: string) =>
      callAction(categories.action, '/admin/categories', JSON.stringify({ intent: 'delete', id: 1 }), {
        cookie,
        headers: { 'Content-Type': 'application/json' },
      })
    expect(refusal(await json(adminCookie)).status).toBe(400)
    await expect(json('')).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) })
  })
})

describe('the list', () => {
  test('every category with its product count, hidden ones included, by name', async () => {
    const category = await createCategory({ slug: 'counted', name: 'Counted', is_hidden: true })
    await createProduct({ category_id: category.id })
    await createProduct({ category_id: category.id, soft_hidden: true })
    const page = await load()
    expect(page.categories.find((row) => row.slug === 'counted')).toMatchObject({ product_count: 2, is_hidden: true })
    const names = page.categories.map((row) => row.name)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  test('search matches name or description, and % and _ literally', async () => {
    await createCategory({ slug: 'percent-off', name: '100% Mylar' })
    await createCategory({ slug: 'hundred-mylar', name: '100 Mylar' })
    await createCategory({ slug: 'under-score', name: 'Snake', description: 'size_7 boards' })
    await createCategory({ slug: 'size-seven', name: 'Size 7', description: 'size 7 boards' })
    expect((await load('?q=%25')).categories.map((row) => row.slug)).toEqual(['percent-off'])
    expect((await load('?q=0%25+m')).categories.map((row) => row.slug)).toEqual(['percent-off'])
    expect((await load('?q=size_')).categories.map((row) => row.slug)).toEqual(['under-score'])
    expect((await load('?q=SNAKE')).categories.map((row) => row.slug)).toEqual(['under-score'])
  })

  test('?edit and ?delete of a category that does not exist are a 404; a viewer is never offered a form', async () => {
    await expect(load('?edit=999999')).rejects.toMatchObject({ status: 404 })
    await expect(load('?delete=abc')).rejects.toMatchObject({ status: 404 })
    const viewerCookie = await panelCookie((await createPanelUser('viewer')).id)
    const category = await createCategory({ slug: 'viewed', name: 'Viewed' })
    expect((await load('?new', viewerCookie)).panel).toBeNull()
    expect((await load(`?edit=${category.id}`, viewerCookie)).panel).toBeNull()
    expect((await load(`?delete=${category.id}`, editorCookie)).panel).toBeNull()
    expect((await load(`?delete=${category.id}`)).panel).toEqual({ mode: 'delete', id: category.id })
  })
})
