import { beforeAll, describe, expect, test } from 'vitest'
import { recordProblem } from '#app/models/link-health.server.ts'
import * as dashboard from '#app/routes/admin._index.tsx'
import * as edit from '#app/routes/admin.products.$id.tsx'
import * as linkHealth from '#app/routes/admin.products_.link-health.tsx'
import { db } from '#db/client.ts'
import { createCategory, createProduct } from '#tests/support/catalogue.ts'
import { createGuide, createPage, updateGuide } from '#tests/support/documents.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import { callLoader, loaderData } from '#tests/support/remix.ts'

// Where a product is embedded (docs/decisions/052), as the panel shows it: the product edit panel's "Used in",
// the Link health tab's "In: …" and the dashboard's guides card, through the real loaders on real Postgres. The
// guides and the page are saved by the service, so their embeds are the ones a save records.

const editor = await createPanelUser('editor')
const cookie = await panelCookie(editor.id)

const bags = await createCategory({ slug: 'bags' })
const boxed = await createProduct({ title: 'Boxed sleeve', category_id: bags.id })
const compared = await createProduct({ title: 'Compared board' })
const priced = await createProduct({ title: 'Priced box' })
const lonely = await createProduct({ title: 'Lonely divider' })

const guideIds: Record<string, number> = {}
beforeAll(async () => {
  // Every kind of embed that names a product: ::product, ::products and ::compare by ASINs, :price and :buy.
  const saved = await Promise.all([
    createGuide(editor.id, {
      title: 'Bagging basics',
      body: `::product{asin="${boxed.asin}"}\n\n::compare{asins="${boxed.asin},${compared.asin}"}`,
    }),
    createGuide(editor.id, {
      title: 'Archival boxes',
      intent: 'save',
      body: `A box costs :price{asin="${priced.asin}"}; :buy[buy it]{asin="${boxed.asin}"}.\n\n::products{category="bags"}`,
    }),
    createGuide(editor.id, { title: 'Comparing boards', body: `::products{asins="${compared.asin},${priced.asin}"}` }),
  ])
  for (const guide of saved) guideIds[guide.slug] = guide.id
  await createPage(editor.id, 'faq', { title: 'FAQ', body: `Ask us.\n\n::product{asin="${boxed.asin}"}` })
})

const usedIn = async (id: number) => {
  const data = await loaderData(
    callLoader(edit.loader, `/admin/products/${id}`, { cookie, params: { id: String(id) } }),
  )
  return data.usedIn.map(({ kind, title, status }) => `${kind}: ${title} (${status})`)
}

describe('the product edit panel', () => {
  test('lists the guides (drafts too) and pages that embed the product, by any kind of embed', async () => {
    expect(await usedIn(boxed.id)).toEqual([
      'guide: Archival boxes (draft)',
      'guide: Bagging basics (published)',
      'page: FAQ (published)',
    ])
    expect(await usedIn(compared.id)).toEqual([
      'guide: Bagging basics (published)',
      'guide: Comparing boards (published)',
    ])
    expect(await usedIn(priced.id)).toEqual(['guide: Archival boxes (draft)', 'guide: Comparing boards (published)'])
  })

  test('a product no text names is used nowhere; a guide saved without it no longer lists it', async () => {
    expect(await usedIn(lonely.id)).toEqual([])
    await updateGuide(editor.id, guideIds['comparing-boards']!, 1, {
      title: 'Comparing boards',
      intent: 'publish',
      body: `::products{asins="${priced.asin}"}`,
    })
    expect(await usedIn(compared.id)).toEqual(['guide: Bagging basics (published)'])
    expect(await usedIn(priced.id)).toEqual(['guide: Archival boxes (draft)', 'guide: Comparing boards (published)'])
  })
})

describe('the Link health tab', () => {
  test('each problem names the guides and pages its product sits in; one in none names none', async () => {
    await recordProblem(db, boxed.id, 'unavailable', 'Currently unavailable.')
    await recordProblem(db, lonely.id, 'no-offer', 'No offer')
    await recordProblem(db, compared.id, 'price-jump', '$10.00 → $14.50 (+45%)')
    const { problems } = await loaderData(callLoader(linkHealth.loader, '/admin/products/link-health', { cookie }))
    const named = Object.fromEntries(
      problems.map((problem) => [problem.title, problem.usedIn.map((document) => document.title)]),
    )
    expect(named).toEqual({
      'Boxed sleeve': ['Archival boxes', 'Bagging basics', 'FAQ'],
      'Lonely divider': [],
      'Compared board': ['Bagging basics'],
    })
    const faq = problems.find((problem) => problem.title === 'Boxed sleeve')!.usedIn.find((d) => d.kind === 'page')
    expect(faq).toMatchObject({ kind: 'page', slug: 'faq' })
  })
})

describe('the dashboard', () => {
  const guidesCard = async () => (await loaderData(callLoader(dashboard.loader, '/admin', { cookie }))).guides

  test('counts the published guides and those with an embed a visitor cannot see', async () => {
    await db.deleteFrom('link_problems').execute()
    // Two published guides whose embeds all show; the draft is not counted, however broken.
    expect(await guidesCard()).toEqual({ published: 2, broken: 0 })

    const table = await db
      .insertInto('comparison_tables')
      .values({ slug: 'boards-table', name: 'Boards', description: null, columns: ['price'] })
      .returning('id')
      .executeTakeFirstOrThrow()
    const broken = (title: string, body: string) => createGuide(editor.id, { title, body })
    await broken('Gone product', '::product{asin="B000000000"}')
    expect(await guidesCard()).toEqual({ published: 3, broken: 1 })
    await broken('A table', '::compare{table="boards-table"}')
    await broken('A category', '::products{category="bags"}')
    expect(await guidesCard()).toEqual({ published: 5, broken: 1 })

    // Hidden by a curator, refused by Amazon, a category hidden, a table deleted: each breaks what embeds it.
    await db.updateTable('products').set({ soft_hidden: true }).where('id', '=', lonely.id).execute()
    expect((await guidesCard()).broken).toBe(1)
    await db.updateTable('products').set({ soft_hidden: true }).where('id', '=', priced.id).execute()
    expect(await guidesCard()).toEqual({ published: 5, broken: 2 }) // Comparing boards
    await recordProblem(db, boxed.id, 'rejected', 'ItemNotAccessible')
    expect((await guidesCard()).broken).toBe(3) // and Bagging basics
    await db.updateTable('categories').set({ is_hidden: true }).where('id', '=', bags.id).execute()
    expect((await guidesCard()).broken).toBe(4) // and A category
    await db.deleteFrom('comparison_tables').where('id', '=', table.id).execute()
    expect(await guidesCard()).toEqual({ published: 5, broken: 5 })

    // An open problem of another kind does not hide a product from a guide.
    await db.updateTable('link_problems').set({ resolved_at: new Date() }).execute()
    await recordProblem(db, boxed.id, 'unavailable', 'Currently unavailable.')
    expect((await guidesCard()).broken).toBe(4)
  })
})
