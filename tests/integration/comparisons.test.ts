import type { SubmissionResult } from '@conform-to/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import { loader as sleevesLoader } from '#app/routes/_site.compare-sleeves.tsx'
import { loader as tableLoader } from '#app/routes/_site.compare.$slug.tsx'
import { loader as compareLoader } from '#app/routes/_site.compare._index.tsx'
import * as admin from '#app/routes/admin.comparisons.tsx'
import { loader as sitemapLoader } from '#app/routes/sitemaps.$file.ts'
import { unpackEmbeds, type DocumentView } from '#app/utils/document-view.ts'
import { db } from '#db/client.ts'
import { auditRowsOf } from '#tests/support/audit.ts'
import { createProduct, hoursAgo } from '#tests/support/catalogue.ts'
import { recordPageDrops } from '#tests/support/page-drops.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import {
  callAction,
  callLoader,
  loaderArgs,
  loaderData,
  redirectOf,
  replyOf,
  statusOf,
  thrownResponse,
} from '#tests/support/remix.ts'
import { rowCount } from '#tests/support/rows.ts'

// Comparison tables (docs/decisions/042): /admin/comparisons through its real loader and action (messages, audit rows,
// permissions, dropped pages), /compare/{slug} (sorting, stale prices, hidden products, ItemList), /compare?asins
// and the live tables of /compare-sleeves.

let adminId: number
const cookies: Record<'admin' | 'editor' | 'viewer', string> = { admin: '', editor: '', viewer: '' }
const drops = recordPageDrops()

// A catalogue to compare: asins in the curator's order A..E; D is stale, E hidden.
const P = {
  a: 'CMPA000001',
  b: 'CMPB000002',
  c: 'CMPC000003',
  d: 'CMPD000004',
  e: 'CMPE000005',
}

beforeAll(async () => {
  const user = await createPanelUser('admin')
  adminId = user.id
  cookies.admin = await panelCookie(user.id)
  cookies.editor = await panelCookie((await createPanelUser('editor')).id)
  cookies.viewer = await panelCookie((await createPanelUser('viewer')).id)
  await createProduct({
    asin: P.a,
    title: 'Alpha Mylar </script><b>',
    price: '30.00',
    rating: '4.5',
    review_count: 10,
    kind: 'sleeve',
    material: 'mylar',
    thickness_mil: '4.0',
    pack_count: 50,
    fits: ['silver'],
    inner_width: '7.250',
    inner_height: '10.500',
  })
  await createProduct({
    asin: P.b,
    title: 'Bravo Poly',
    price: '10.00',
    rating: '3.0',
    review_count: 200,
    kind: 'bag',
    material: 'polypropylene',
    thickness_mil: null,
    pack_count: 100,
    fits: ['modern'],
  })
  await createProduct({
    asin: P.c,
    title: 'Charlie Box',
    price: '20.00',
    manual_price: '15.00',
    rating: '5.0',
    review_count: 1,
    kind: 'box',
    material: 'corrugated',
    thickness_mil: '2.0',
    pack_count: 1,
    capacity: 300,
  })
  await createProduct({
    asin: P.d,
    title: 'Delta Stale',
    price: '1.00',
    last_updated: hoursAgo(25),
    rating: '4.0',
    review_count: 5,
    kind: 'sleeve',
    material: 'polyethylene',
    thickness_mil: '1.5',
  })
  await createProduct({ asin: P.e, title: 'Echo Hidden', soft_hidden: true, kind: 'sleeve', material: 'mylar' })
})

const post = (fields: Record<string, string | string[]>, who: keyof typeof cookies = 'admin', query = '') =>
  callAction(admin.action, `/admin/comparisons${query}`, fields, { cookie: cookies[who] })

function refusal(result: unknown) {
  const { status, data } = replyOf<SubmissionResult<string[]>>(result)
  return { status, message: firstErrorOf(data)?.[0], errors: data.error ?? {} }
}

const valid = (overrides: Record<string, string | string[]> = {}) => ({
  intent: 'create',
  name: 'Best Sleeves',
  description: 'Our picks.',
  asins: [P.a, P.b, P.c, P.d, P.e].join('\n'),
  columns: ['price', 'thickness', 'material', 'rating', 'unit_price'],
  ...overrides,
})

const tableBySlug = (slug: string) =>
  db.selectFrom('comparison_tables').selectAll().where('slug', '=', slug).executeTakeFirst()
const productsOf = async (tableId: number) =>
  (
    await db
      .selectFrom('comparison_table_products as tp')
      .innerJoin('products as p', 'p.id', 'tp.product_id')
      .select(['p.asin', 'tp.position'])
      .where('tp.table_id', '=', tableId)
      .orderBy('tp.position')
      .execute()
  ).map((row) => row.asin)
const audits = (entityId: number) => auditRowsOf('COMPARISON', entityId)
const tableCount = () => rowCount('comparison_tables')

describe('/admin/comparisons', () => {
  test('an admin creates a table: slug from the name, products in order, columns in the list order, audited', async () => {
    drops.take()
    const { status, location, toast } = await redirectOf(await post(valid(), 'admin', '?new'))
    expect(status).toBe(303)
    expect(location).toBe('/admin/comparisons')
    expect(toast).toMatchObject({ type: 'success', title: 'Comparison created successfully' })
    const table = await tableBySlug('best-sleeves')
    expect(table).toMatchObject({
      name: 'Best Sleeves',
      description: 'Our picks.',
      columns: ['thickness', 'material', 'price', 'unit_price', 'rating'],
    })
    expect(await productsOf(table!.id)).toEqual([P.a, P.b, P.c, P.d, P.e])
    const [audit] = await audits(table!.id)
    expect(audit).toMatchObject({ actor_id: adminId, action: 'CREATE' })
    expect(audit!.diff).toMatchObject({ name: 'Best Sleeves', slug: 'best-sleeves', asins: [P.a, P.b, P.c, P.d, P.e] })
    expect(drops.take()).toEqual([['catalogue', 'site']])
    // The list shows it with its count and columns.
    const list = await loaderData(callLoader(admin.loader, '/admin/comparisons', { cookie: cookies.viewer }))
    expect(list.comparisons).toEqual([expect.objectContaining({ slug: 'best-sleeves', product_count: 5 })])
  })

  test('an editor may create and edit; a viewer may do neither; only an admin deletes', async () => {
    expect((await redirectOf(await post(valid({ name: 'Editor Table' }), 'editor'))).status).toBe(303)
    const table = (await tableBySlug('editor-table'))!
    expect(await statusOf(() => post(valid({ name: 'Viewer Table' }), 'viewer'))).toBe(403)
    expect(await tableBySlug('viewer-table')).toBeUndefined()
    const update = { ...valid({ intent: 'update', name: 'Editor Table Renamed' }), id: String(table.id) }
    expect(await statusOf(() => post(update, 'viewer'))).toBe(403)
    expect((await redirectOf(await post(update, 'editor'))).status).toBe(303)
    expect(await statusOf(() => post({ intent: 'delete', id: String(table.id) }, 'editor'))).toBe(403)
    expect(await tableBySlug('editor-table')).toBeDefined()
    drops.take()
    const deleted = await redirectOf(await post({ intent: 'delete', id: String(table.id) }, 'admin'))
    expect(deleted.toast).toMatchObject({ title: 'Comparison deleted successfully' })
    expect(await tableBySlug('editor-table')).toBeUndefined()
    expect((await audits(table.id)).map((row) => row.action)).toEqual(['CREATE', 'UPDATE', 'DELETE'])
    expect(drops.take()).toEqual([['catalogue', 'site']])
  })

  test('edit: the slug stays, products reorder, the audit row holds what changed', async () => {
    await post(valid({ name: 'Reorder Me', asins: `${P.a}\n${P.b}` }))
    const table = (await tableBySlug('reorder-me'))!
    drops.take()
    const result = await post({
      ...valid({ intent: 'update', name: 'Reordered', asins: `${P.c.toLowerCase()}\n${P.a}\n${P.c}` }),
      id: String(table.id),
    })
    expect((await redirectOf(result)).toast).toMatchObject({ title: 'Comparison updated successfully' })
    const after = (await db.selectFrom('comparison_tables').selectAll().where('id', '=', table.id).executeTakeFirst())!
    expect(after).toMatchObject({ name: 'Reordered', slug: 'reorder-me' })
    expect(await productsOf(table.id)).toEqual([P.c, P.a])
    const update = (await audits(table.id)).at(-1)!
    expect(update.action).toBe('UPDATE')
    expect(update.diff).toEqual({
      name: { from: 'Reorder Me', to: 'Reordered' },
      asins: { from: [P.a, P.b], to: [P.c, P.a] },
    })
    expect(drops.take()).toEqual([['catalogue']])
    // The edit form is its own address and holds the table.
    const page = await loaderData(
      callLoader(admin.loader, `/admin/comparisons?edit=${table.id}`, { cookie: cookies.admin }),
    )
    expect(page.target).toMatchObject({ asins: [P.c, P.a], name: 'Reordered' })
  })

  test.each([
    ['a blank name', { name: '   ' }, 'name', 'Name is required'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    ['no columns', { columns: [] }, 'columns', 'Choose at least one column'],
    ['an unknown column', { columns: ['price', 'colour'] }, 'columns', 'Unknown column'],
    ['no products', { asins: '  \n ' }, 'asins', 'Add at least one product'],
    [
      'a malformed ASIN',
      { asins: `${P.a}\nnot-an-asin` },
      'asins',
      'This is not an ASIN (ten letters and digits): NOT-AN-ASIN',
    ],
    [
      '21 products',
      { asins: Array.from({ length: 21 }, (_, i) => `Z${String(i).padStart(9, '0')}`).join('\n') },
      'asins',
      'A table compares at most 20 products',
    ],
  ])('%s: 400 with the field message, nothing written', async (_what, overrides, field, message) => {
    const before = await tableCount()
    const fields: Record<string, string | string[]> = { ...valid({ name: 'Invalid One' }), ...overrides }
    const { status, errors } = refusal(await post(fields))
    expect(status).toBe(400)
    expect(errors[field]).toEqual([message])
    expect(await tableCount()).toBe(before)
  })

  test('unknown ASINs are named on the products field (400), nothing written', async () => {
    const before = await tableCount()
    const { status, errors } = refusal(await post(valid({ name: 'Unknowns', asins: `${P.a}\nZZZZ000001\nZZZZ000002` })))
    expect(status).toBe(400)
    expect(errors.asins).toEqual(['No product has the ASINs ZZZZ000001, ZZZZ000002.'])
    expect(await tableCount()).toBe(before)
  })

  test('a slug clash is a 409 on the name field', async () => {
    const before = await tableCount()
    const { status, errors } = refusal(await post(valid({ name: 'BEST -- sleeves!' })))
    expect(status).toBe(409)
    expect(errors.name).toEqual(['A comparison with the slug "best-sleeves" already exists.'])
    expect(await tableCount()).toBe(before)
  })

  test('an unknown id: 404 for the edit address, and a refusal for the write', async () => {
    expect(
      await statusOf(() => callLoader(admin.loader, '/admin/comparisons?edit=999999', { cookie: cookies.admin })),
    ).toBe(404)
    expect(
      await statusOf(() => callLoader(admin.loader, '/admin/comparisons?edit=abc', { cookie: cookies.admin })),
    ).toBe(404)
    expect(refusal(await post({ intent: 'delete', id: '999999' })).status).toBe(404)
  })
})

describe('/compare/{slug}', () => {
  const load = async (query = '') =>
    replyOf<Awaited<ReturnType<typeof tableLoader>>['data']>(
      await tableLoader(loaderArgs(`/compare/best-sleeves${query}`, { slug: 'best-sleeves' })),
    )
  const asins = (rows: Array<{ asin: string }>) => rows.map((row) => row.asin)

  test('the visible products in the curator order, the chosen columns, the prices as of the oldest', async () => {
    const { data, headers } = await load()
    expect(data.table).toEqual({ name: 'Best Sleeves', slug: 'best-sleeves', description: 'Our picks.' })
    expect(data.columns).toEqual(['thickness', 'material', 'price', 'unit_price', 'rating'])
    expect(asins(data.rows)).toEqual([P.a, P.b, P.c, P.d]) // E is hidden
    expect(data.sort).toBeNull()
    expect(data.pricesAsOf).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/)
    expect(headers.get('X-Fresh-Until')).toBeTruthy()
  })

  test('a stale price is not shown: no price, no unit price', async () => {
    const { data } = await load()
    const stale = data.rows.find((row) => row.asin === P.d)!
    expect(stale.price).toEqual({ current: false })
    expect(stale.unitPrice).toBeNull()
    const fresh = data.rows.find((row) => row.asin === P.a)!
    expect(fresh.unitPrice).toEqual({ formatted: '$0.60', per: 'sleeve' })
    // The page's data carries the price as shown; its amount and times stay on the server.
    expect(Object.keys(fresh.price).sort()).toEqual(['current', 'formatted'])
    // A manual price wins, and a box's unit is a book of its capacity.
    expect(data.rows.find((row) => row.asin === P.c)!.unitPrice).toEqual({
      formatted: '$0.05',
      per: 'book of capacity',
    })
  })

  test.each([
    ['price', 'asc', [P.b, P.c, P.a, P.d]],
    ['price', 'desc', [P.a, P.c, P.b, P.d]], // a stale price sorts last either way
    ['unit_price', 'asc', [P.c, P.b, P.a, P.d]],
    ['thickness', 'asc', [P.d, P.c, P.a, P.b]], // B's thickness is not known
    ['thickness', 'desc', [P.a, P.c, P.d, P.b]],
    ['material', 'asc', [P.c, P.a, P.d, P.b]], // Corrugated, Mylar, Polyethylene, Polypropylene
    ['rating', 'desc', [P.c, P.a, P.d, P.b]],
  ])('sort=%s&dir=%s', async (sort, dir, expected) => {
    const { data } = await load(`?sort=${sort}&dir=${dir}`)
    expect(data.sort).toEqual({ column: sort, dir })
    expect(asins(data.rows)).toEqual(expected)
  })

  test('a column the table does not show, or nonsense, is the curator order; a bad dir is ascending', async () => {
    for (const query of ['?sort=review_count', '?sort=%00', '?sort=price;drop', '?sort[]=x&dir=up']) {
      const { data } = await load(query)
      expect(data.sort).toBeNull()
      expect(asins(data.rows)).toEqual([P.a, P.b, P.c, P.d])
    }
    expect((await load('?sort=price&dir=sideways')).data.sort).toEqual({ column: 'price', dir: 'asc' })
  })

  test('ItemList JSON-LD: the curator order, product pages, names, escaped for HTML', async () => {
    const { data } = await load('?sort=price&dir=desc')
    const [script] = data.structuredData
    expect(script).not.toContain('</script>')
    expect(script).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(script!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Best Sleeves',
      numberOfItems: 4,
      itemListElement: [P.a, P.b, P.c, P.d].map((asin, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `http://localhost:3000/product/${asin}`,
        name: expect.any(String),
      })),
    })
    expect(JSON.parse(script!).itemListElement[0].name).toBe('Alpha Mylar </script><b>')
  })

  test('an unknown or impossible slug is 404 "Comparison not found."', async () => {
    for (const slug of ['no-such-table', 'Bad Slug', '-x-', 'a'.repeat(500)]) {
      const response = await thrownResponse(() => tableLoader(loaderArgs(`/compare/${slug}`, { slug })))
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('Comparison not found.')
    }
  })

  test('the sitemap lists the table', async () => {
    const response = (await sitemapLoader(loaderArgs('/sitemaps/pages.xml', { file: 'pages.xml' }))) as Response
    expect(await response.text()).toContain('/compare/best-sleeves</loc>')
  })
})

describe('/compare?asins=', () => {
  const load = async (query: string) => {
    const result = await compareLoader(loaderArgs(`/compare${query}`))
    return replyOf<{ asked: number; rows: Array<{ asin: string }>; left: string[] }>(result).data
  }

  test('repeated and comma-separated, each once, in the order asked', async () => {
    const data = await load(`?asins=${P.b},${P.a}&asins=${P.b}`)
    expect(data.rows.map((row) => row.asin)).toEqual([P.b, P.a])
    expect(data.left).toEqual([])
  })

  test('unknown, hidden, malformed and past the fourth are left out and named', async () => {
    const data = await load(
      `?asins=${P.a},ZZZZ999999,${P.e},bad!,${P.b}&asins=${P.c},${P.d}&asins=CMPZ000009,${'x'.repeat(40)}`,
    )
    // The stale one is still compared (with its price on Amazon); the fifth visible one is not.
    expect(data.rows.map((row) => row.asin)).toEqual([P.a, P.b, P.c, P.d])
    expect(data.left).toEqual([
      'ZZZZ999999 (not found)',
      `${P.e} (not found)`,
      'BAD! (not an ASIN)',
      'CMPZ000009 (not found)',
      `${'X'.repeat(20)}… (not an ASIN)`,
    ])
    const five = await load(`?asins=${[P.a, P.b, P.c, P.d, P.a].join(',')}&asins=${P.b}`)
    expect(five.left).toEqual([])
  })

  test('a fifth visible product is left out as "more than 4"', async () => {
    await createProduct({ asin: 'CMPF000006', title: 'Foxtrot' })
    const data = await load(`?asins=${[P.a, P.b, P.c, P.d, 'CMPF000006'].join(',')}`)
    expect(data.rows).toHaveLength(4)
    expect(data.left).toEqual(['CMPF000006 (more than 4)'])
  })

  test('no ASINs, or nonsense: an empty page, never a 500', async () => {
    expect(await load('')).toMatchObject({ asked: 0, rows: [], left: [] })
    for (const query of ['?asins=', '?asins=%00%00', `?asins=${'A,'.repeat(5000)}`, '?asins=%E2%80%AE', '?sort=x']) {
      expect(await statusOf(() => compareLoader(loaderArgs(`/compare${query}`)))).toBe(200)
    }
  })
})

describe('/compare-sleeves', () => {
  // The page is the owners' text; its live tables are its ::sleeve-table embeds (docs/decisions/052).
  const load = async (query = '') => {
    const result = await sleevesLoader(loaderArgs(`/compare-sleeves${query}`))
    const { document } = replyOf<{ document: DocumentView }>(result).data
    const tables = unpackEmbeds(document.embeds).flatMap((embed) =>
      embed.name === 'sleeve-table' ? [{ id: embed.material, rows: embed.rows, sort: embed.sort }] : [],
    )
    return { tables }
  }
  const table = (data: Awaited<ReturnType<typeof load>>, id: string) =>
    data.tables.find((candidate) => candidate.id === id)!.rows.map((row) => row.asin)

  test('a table per material, from the catalogue: visible sleeves and bags only, best rated first', async () => {
    const data = await load()
    // Its rows carry their prices as shown (JSON keeps them whole: docs/decisions/069).
    for (const { price } of data.tables.flatMap((candidate) => candidate.rows)) {
      expect(Object.keys(price).sort()).toEqual(price.current ? ['current', 'formatted'] : ['current'])
    }
    expect(data.tables.map((candidate) => candidate.id)).toEqual(['mylar', 'polypropylene', 'polyethylene'])
    expect(table(data, 'mylar')).toEqual([P.a]) // E is hidden
    expect(table(data, 'polypropylene')).toEqual([P.b])
    expect(table(data, 'polyethylene')).toEqual([P.d])
  })

  test('a new product appears in its table; a box of the same material does not', async () => {
    const added = await createProduct({ kind: 'bag-and-board', material: 'mylar', rating: '5.0', price: '50.00' })
    await createProduct({ kind: 'box', material: 'mylar', rating: '5.0' })
    const data = await load()
    expect(table(data, 'mylar')).toEqual([added.asin, P.a])
  })

  test('each table sorts by its own parameters', async () => {
    const data = await load('?mylar-sort=price&mylar-dir=asc&polyethylene-sort=bogus')
    expect(table(data, 'mylar')[0]).toBe(P.a) // $30 before $50
    expect(data.tables.find((candidate) => candidate.id === 'mylar')!.sort).toEqual({ column: 'price', dir: 'asc' })
    expect(data.tables.find((candidate) => candidate.id === 'polyethylene')!.sort).toBeNull()
    expect(data.tables.find((candidate) => candidate.id === 'polypropylene')!.sort).toBeNull()
  })

  test('at most eight rows a table', async () => {
    for (let i = 0; i < 10; i += 1) await createProduct({ kind: 'sleeve', material: 'polypropylene', rating: '4.9' })
    const data = await load()
    expect(table(data, 'polypropylene')).toHaveLength(8)
    expect(table(data, 'polypropylene')).not.toContain(P.b) // rated 3.0: below the eight
  })
})
