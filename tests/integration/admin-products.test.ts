import type { SubmissionResult } from '@conform-to/react'
import { parse } from 'csv-parse/sync'
import { describe, expect, test } from 'vitest'
import { firstErrorOf, intentOf } from '#app/components/forms.tsx'
import * as edit from '#app/routes/admin.products.$id.tsx'
import * as exportRoute from '#app/routes/admin.products.export.ts'
import * as list from '#app/routes/admin.products.tsx'
import { db } from '#db/client.ts'
import { createCategory, createProduct, createReview } from '#tests/support/catalogue.ts'
import { recordPageDrops } from '#tests/support/page-drops.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import { callAction, callLoader, replyOf, thrownResponse, toastOf } from '#tests/support/remix.ts'

// The admin Products page: the list's filters, the toggles, the edit panel, review
// moderation and the CSV export, through the real loaders and actions.

// A site with its own Associates tag; the untagged one is tests/integration/affiliate-tag-unset-built-server.test.ts.
process.env.AFFILIATE_TAG = 'comicvault-20'
const editor = await createPanelUser('editor')
const cookie = await panelCookie(editor.id)
const drops = recordPageDrops()

const bags = await createCategory({ slug: 'bags' })
const boxes = await createCategory({ slug: 'boxes' })
const alpha = await createProduct({ title: 'Alpha 100% Mylar', brand: 'BCW', category_id: bags.id, price: '10.00' })
const beta = await createProduct({ title: 'Beta_box', brand: 'Ultra Pro', category_id: boxes.id, price: '30.00' })
const gamma = await createProduct({
  title: 'Gamma board',
  brand: 'BCW',
  category_id: bags.id,
  price: '20.00',
  manual_price: '18.50',
  soft_hidden: true,
})

async function loadList(query = '') {
  return (await callLoader(list.loader, `/admin/products${query}`, { cookie })) as unknown as {
    products: { rows: Array<{ asin: string; title: string }>; total: number } | null
    reviews: { rows: Array<{ id: number; status: string }>; total: number } | null
  }
}

/** A form post to the list or, for /admin/products/{id}, the edit panel. */
function post(path: string, fields: Record<string, string | string[]>, params: Record<string, string> = {}) {
  const module = path.startsWith('/admin/products/') ? edit : list
  return callAction(module.action, path, fields, { cookie, params })
}

const productRow = (id: number) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const audits = (entityType: string) =>
  db.selectFrom('audit_log').selectAll().where('entity_type', '=', entityType).orderBy('id').execute()

describe('products list', () => {
  test('search on title, ASIN or brand, with % and _ taken literally', async () => {
    const titles = async (query: string) => (await loadList(query)).products!.rows.map((row) => row.title).sort()
    expect(await titles('?q=bcw')).toEqual(['Alpha 100% Mylar', 'Gamma board'])
    expect(await titles(`?q=${beta.asin.toLowerCase()}`)).toEqual(['Beta_box'])
    expect(await titles('?q=100%25')).toEqual(['Alpha 100% Mylar'])
    expect(await titles('?q=_')).toEqual(['Beta_box'])
  })

  test('filters by category, visibility and price source, sorts both ways, counts', async () => {
    const asins = async (query: string) => (await loadList(query)).products!.rows.map((row) => row.asin)
    expect(await asins(`?category=${bags.id}&sort=title&dir=asc`)).toEqual([alpha.asin, gamma.asin])
    expect(await asins('?visibility=hidden')).toEqual([gamma.asin])
    expect((await asins('?visibility=visible')).sort()).toEqual([alpha.asin, beta.asin].sort())
    expect(await asins('?price=manual')).toEqual([gamma.asin])
    expect(await asins('?sort=price&dir=asc')).toEqual([alpha.asin, gamma.asin, beta.asin])
    expect(await asins('?sort=price&dir=desc')).toEqual([beta.asin, gamma.asin, alpha.asin])
    expect((await loadList('?category=999999')).products!.total).toBe(0)
    // Nonsense in the URL is ignored, never an error: a category no integer column can hold is "all".
    expect((await loadList('?sort=drop&dir=sideways&page=-3&visibility=x')).products!.total).toBe(3)
    for (const category of ['99999999999999999999', '1e308', '2147483648', 'NaN']) {
      expect((await loadList(`?category=${category}`)).products!.total).toBe(3)
    }
    // NUL is dropped from the search (Postgres refuses it in text), not an error.
    expect((await loadList('?q=b%00cw')).products!.total).toBe(2)
  })
})

describe('featured and visible switches', () => {
  test('toggle, audit, drop the cached pages that show it, and go back to the same list', async () => {
    drops.take()
    const response = (await post('/admin/products', {
      intent: 'toggle-featured',
      id: String(alpha.id),
      value: 'true',
      redirectTo: '/admin/products?q=alpha',
    })) as Response
    expect(response.status).toBe(303)
    // At the switch's row: the next Tab after the page comes back is there (issue 27).
    expect(response.headers.get('Location')).toBe(`/admin/products?q=alpha#product-${alpha.id}`)
    expect(await toastOf(response)).toEqual({ type: 'success', title: 'Product updated successfully' })
    expect((await productRow(alpha.id)).is_featured).toBe(true)
    // Featured is shown by the home page's list only (docs/decisions/030).
    expect(drops.take()).toEqual([['site']])

    await post('/admin/products', { intent: 'toggle-visible', id: String(alpha.id), value: 'false' })
    expect((await productRow(alpha.id)).soft_hidden).toBe(true)
    await post('/admin/products', { intent: 'toggle-visible', id: String(alpha.id), value: 'true' })
    expect((await productRow(alpha.id)).soft_hidden).toBe(false)
    const alphaShown = [`product:${alpha.asin}`, 'category:bags', 'search', 'catalogue', 'site']
    expect(drops.take()).toEqual([alphaShown, alphaShown])
    // Asking for the state it is in changes nothing, and drops nothing.
    await post('/admin/products', { intent: 'toggle-visible', id: String(alpha.id), value: 'true' })
    expect(drops.take()).toEqual([])

    const trail = await audits('PRODUCT')
    expect(trail.slice(-3).map((row) => row.diff)).toEqual([
      { is_featured: { from: false, to: true } },
      { soft_hidden: { from: false, to: true } },
      { soft_hidden: { from: true, to: false } },
    ])
    expect(trail.every((row) => row.actor_id === editor.id)).toBe(true)
  })

  test('sent by the JavaScript switch (a fetcher), the answer is data with the toast, not a redirect', async () => {
    const result = await post('/admin/products', {
      intent: 'toggle-featured',
      id: String(beta.id),
      value: 'true',
      enhanced: '1',
    })
    const reply = replyOf(result)
    expect(reply.data).toEqual({ ok: true })
    expect(await toastOf(reply)).toEqual({ type: 'success', title: 'Product updated successfully' })
    expect((await productRow(beta.id)).is_featured).toBe(true)
    await post('/admin/products', { intent: 'toggle-featured', id: String(beta.id), value: 'false' })
  })

  test('a forged id or value changes nothing; an open redirect is not followed', async () => {
    const before = await productRow(beta.id)
    for (const fields of [
      { intent: 'toggle-featured', id: 'abc', value: 'true' },
      { intent: 'toggle-featured', id: '2147483648', value: 'true' },
      { intent: 'toggle-featured', id: '1e308', value: 'true' },
      { intent: 'toggle-featured', id: String(beta.id), value: 'maybe' },
      { intent: 'unknown', id: String(beta.id), value: 'true' },
    ]) {
      const result = (await post('/admin/products', fields)) as unknown as { init: ResponseInit }
      expect(result.init.status).toBe(400)
    }
    const missing = (await post('/admin/products', {
      intent: 'toggle-featured',
      id: '99999999',
      value: 'true',
      redirectTo: '//evil.example/admin/products',
    })) as Response
    expect(missing.headers.get('Location')).toBe('/admin/products')
    expect(await toastOf(missing)).toMatchObject({ type: 'error', title: 'Failed to update product' })
    expect(await productRow(beta.id)).toEqual(before)
  })
})

describe('edit panel', () => {
  const valid = {
    title: '  Beta Box, renamed  ',
    brand: 'Ultra Pro',
    category_id: String(bags.id),
    description: 'Holds 150 books.',
    badges: ' Acid-free, , Best seller ,Acid-free ',
    keywords: 'box,  storage',
    affiliate_url: 'https://www.amazon.com/dp/B000000001?tag=someone-else-20&th=1',
    image_url: '/images/products/box.svg',
    images: ['/images/products/box.svg', 'https://m.media-amazon.com/images/I/x.jpg'],
    manual_price: '24.99',
  }

  test('saves every field, normalised, with an audit diff and the toast', async () => {
    drops.take()
    const response = (await post(`/admin/products/${beta.id}`, valid, { id: String(beta.id) })) as Response
    expect(response.status).toBe(303)
    expect(await toastOf(response)).toEqual({ type: 'success', title: 'Product updated successfully' })
    const row = await productRow(beta.id)
    expect(row).toMatchObject({
      title: 'Beta Box, renamed',
      category_id: bags.id,
      badges: ['Acid-free', 'Best seller'],
      keywords: ['box', 'storage'],
      affiliate_url: 'https://www.amazon.com/dp/B000000001?th=1&tag=comicvault-20',
      images: valid.images,
      manual_price: '24.99',
    })
    const [audit] = (await audits('PRODUCT')).slice(-1)
    expect(audit!.diff).toMatchObject({ title: { from: 'Beta_box', to: 'Beta Box, renamed' } })
    // It moved from boxes to bags: both lists change, its own pages, search and the site-wide lists.
    expect(drops.take()).toEqual([
      [`product:${beta.asin}`, 'category:bags', 'category:boxes', 'search', 'catalogue', 'site'],
    ])

    // Emptying the optional fields stores nulls; an empty manual price means "use Amazon's".
    await post(
      `/admin/products/${beta.id}`,
      { ...valid, brand: '', description: '', manual_price: '', image_url: '', category_id: '', images: [] },
      { id: String(beta.id) },
    )
    expect(await productRow(beta.id)).toMatchObject({
      brand: null,
      description: null,
      manual_price: null,
      image_url: null,
      category_id: null,
      images: [],
    })
    expect(drops.take()).toEqual([[`product:${beta.asin}`, 'category:bags', 'search', 'catalogue', 'site']])

    // Saving it again as it is writes nothing and drops nothing.
    const emptied = {
      ...valid,
      brand: '',
      description: '',
      manual_price: '',
      image_url: '',
      category_id: '',
      images: [],
    }
    expect(((await post(`/admin/products/${beta.id}`, emptied, { id: String(beta.id) })) as Response).status).toBe(303)
    expect(drops.take()).toEqual([])
  })

  test.each([
    [{ title: '   ' }, { title: ['Title is required'] }],
    [{ affiliate_url: 'not a url' }, { affiliate_url: ['Must be a valid URL'] }],
    [{ affiliate_url: 'javascript:alert(1)' }, { affiliate_url: ['Must be a valid URL'] }],
    [{ image_url: '//evil.example/x.png' }, { image_url: ['Must be a valid URL'] }],
    [{ manual_price: 'abc' }, { manual_price: ['Must be a price such as 12.99'] }],
    [{ manual_price: '-1' }, { manual_price: ['Must be 0 or more'] }],
    [{ manual_price: '1.234' }, { manual_price: ['At most two decimals (step 0.01)'] }],
    [{ badges: Array.from({ length: 10_000 }, (_, i) => `b${i}`).join(',') }, { badges: ['At most 20 badges'] }],
    [{ category_id: '999999' }, { category_id: ['That category no longer exists.'] }],
    [{ category_id: '99999999999999999999' }, { category_id: ['Choose a category from the list.'] }],
    [{ category_id: '1e308' }, { category_id: ['Choose a category from the list.'] }],
    [{ manual_price: '1e308' }, { manual_price: ['Must be less than 100,000,000'] }],
  ])('refuses %j with its message and changes nothing', async (fields, errors) => {
    const before = await productRow(gamma.id)
    const result = (await post(
      `/admin/products/${gamma.id}`,
      { ...valid, ...fields },
      { id: String(gamma.id) },
    )) as unknown as {
      data: { error: Record<string, string[]> }
      init: ResponseInit
    }
    expect(result.init.status).toBe(400)
    expect(result.data.error).toMatchObject(errors)
    expect(await productRow(gamma.id)).toEqual(before)
  })

  // The Advanced section's specs (docs/decisions/040): what a box of silver-age bags says about itself.
  const specs = {
    kind: 'box',
    fits: ['silver', 'modern'],
    inner_width: '7.5',
    inner_height: '11.125',
    inner_length: '15.25',
    thickness_mil: '',
    material: 'corrugated',
    pack_count: '2',
    capacity: '150',
    acid_free: 'on',
    resealable: 'on',
  }

  test('saves the specs with the product, audits what changed, and an unchanged save writes nothing', async () => {
    const product = await createProduct({ title: 'Spec box', category_id: boxes.id, price: '12.00' })
    const path = `/admin/products/${product.id}`
    const fields = { ...valid, title: 'Spec box', category_id: String(boxes.id), ...specs }
    drops.take()
    const response = (await post(path, fields, { id: String(product.id) })) as Response
    expect(response.status).toBe(303)
    expect(await productRow(product.id)).toMatchObject({
      kind: 'box',
      // In the order of the eras, whatever order they were ticked in.
      fits: ['modern', 'silver'],
      inner_width: '7.500',
      inner_height: '11.125',
      inner_length: '15.25',
      thickness_mil: null,
      material: 'corrugated',
      pack_count: 2,
      capacity: 150,
      acid_free: true,
      buffered: false,
      resealable: true,
    })
    const [audit] = (await audits('PRODUCT')).slice(-1)
    expect(audit!.diff).toMatchObject({
      kind: { from: null, to: 'box' },
      fits: { from: [], to: ['modern', 'silver'] },
      inner_width: { from: null, to: '7.5' },
      pack_count: { from: 1, to: 2 },
      capacity: { from: null, to: 150 },
      acid_free: { from: false, to: true },
    })
    expect(audit!.diff).not.toHaveProperty('buffered')
    // Specs change the comparison tables and the finder ('catalogue'), as every product write does.
    expect(drops.take()).toEqual([[`product:${product.asin}`, 'category:boxes', 'search', 'catalogue', 'site']])

    // The panel shows them as saved; saved again as shown ("7.5", not the column's "7.500"), nothing is written.
    const page = (await callLoader(edit.loader, path, { cookie, params: { id: String(product.id) } })) as unknown as {
      product: Record<string, unknown>
    }
    expect(page.product).toMatchObject({ inner_width: '7.5', inner_length: '15.25', fits: ['modern', 'silver'] })
    const auditCount = (await audits('PRODUCT')).length
    expect(((await post(path, fields, { id: String(product.id) })) as Response).status).toBe(303)
    expect(await audits('PRODUCT')).toHaveLength(auditCount)
    expect(drops.take()).toEqual([])

    // Emptied fields and unticked boxes are unknown again; the pack count is back to 1.
    const emptied = { ...fields, kind: '', fits: [], inner_width: '', material: '', pack_count: '', capacity: '' }
    delete (emptied as Partial<typeof emptied>).acid_free
    await post(path, emptied, { id: String(product.id) })
    expect(await productRow(product.id)).toMatchObject({
      kind: null,
      fits: [],
      inner_width: null,
      material: null,
      pack_count: 1,
      capacity: null,
      acid_free: false,
      resealable: true,
    })
  })

  test.each([
    [{ thickness_mil: '-1' }, { thickness_mil: ['Thickness must be more than 0 mil'] }],
    [{ thickness_mil: '61' }, { thickness_mil: ['Thickness must be at most 60 mil'] }],
    [{ thickness_mil: '2.55' }, { thickness_mil: ['Thickness takes at most 1 decimal'] }],
    [{ pack_count: '0' }, { pack_count: ['Pack count must be at least 1'] }],
    [{ pack_count: '2.5' }, { pack_count: ['Pack count must be a whole number'] }],
    [{ pack_count: 'many' }, { pack_count: ['Pack count must be a whole number'] }],
    [{ capacity: '0' }, { capacity: ['Capacity must be at least 1'] }],
    [{ inner_width: '0' }, { inner_width: ['Width must be more than 0 inches'] }],
    [{ inner_width: '7.0001' }, { inner_width: ['Width takes at most 3 decimals'] }],
    [{ inner_height: '1e308' }, { inner_height: ['Height must be at most 40 inches'] }],
    [{ inner_length: 'long' }, { inner_length: ['Length must be a number of inches'] }],
    [{ fits: 'platinum' }, { 'fits[0]': ['Unknown era'] }],
    [{ fits: ['modern', 'platinum'] }, { 'fits[1]': ['Unknown era'] }],
    [{ kind: 'crate' }, { kind: ['Choose a kind from the list.'] }],
    [{ material: 'wood' }, { material: ['Choose a material from the list.'] }],
  ])('refuses the spec %j with its message under the field, a 400, and changes nothing', async (fields, errors) => {
    const before = await productRow(gamma.id)
    const auditCount = (await audits('PRODUCT')).length
    const result = (await post(
      `/admin/products/${gamma.id}`,
      { ...valid, ...specs, ...fields },
      { id: String(gamma.id) },
    )) as unknown as { data: { error: Record<string, string[]> }; init: ResponseInit }
    expect(result.init.status).toBe(400)
    expect(result.data.error).toEqual(errors)
    expect(await productRow(gamma.id)).toEqual(before)
    expect(await audits('PRODUCT')).toHaveLength(auditCount)
  })

  test('a viewer cannot save specs: 403, nothing changed', async () => {
    const viewer = await createPanelUser('viewer')
    const before = await productRow(gamma.id)
    const viewerCookie = await panelCookie(viewer.id)
    const refused = await thrownResponse(() =>
      callAction(
        edit.action,
        `/admin/products/${gamma.id}`,
        { ...valid, ...specs },
        {
          cookie: viewerCookie,
          params: { id: String(gamma.id) },
        },
      ),
    )
    expect(refused.status).toBe(403)
    expect(await productRow(gamma.id)).toEqual(before)
  })

  test('NUL is dropped from every text field, which is saved without it', async () => {
    const fields = { ...valid, title: 'Gamma\u0000 board', brand: 'B\u0000CW', badges: 'Acid\u0000-free' }
    const response = (await post(`/admin/products/${gamma.id}`, fields, { id: String(gamma.id) })) as Response
    expect(response.status).toBe(303)
    expect(await productRow(gamma.id)).toMatchObject({ title: 'Gamma board', brand: 'BCW', badges: ['Acid-free'] })
  })

  test('a product that no longer exists is a 404, loading or saving', async () => {
    // An id no integer column can hold is not looked up.
    for (const id of ['99999999', '2147483648', '1e308']) {
      await expect(callLoader(edit.loader, `/admin/products/${id}`, { cookie, params: { id } })).rejects.toMatchObject({
        status: 404,
      })
    }
    expect(replyOf(await post('/admin/products/99999999', valid, { id: '99999999' })).status).toBe(404)
  })

  test('pictures chosen in the media picker come back in the query and join the gallery, unsaved', async () => {
    const page = (await callLoader(
      edit.loader,
      `/admin/products/${alpha.id}?q=x&images=%2Fuploads%2Fa.png&images=javascript%3Aalert(1)`,
      { cookie, params: { id: String(alpha.id) } },
    )) as unknown as { product: { images: string[] }; listQuery: string; unsavedPicks: boolean }
    expect(page.product.images).toEqual(['/uploads/a.png'])
    expect(page.listQuery).toBe('?q=x')
    expect(page.unsavedPicks).toBe(true)
  })
})

describe('review moderation', () => {
  test('filters by status with pagination; approve or reject one or several; any move allowed', async () => {
    const pending = await createReview({ product_id: alpha.id, status: 'PENDING', reviewer_name: 'Pending Pat' })
    const second = await createReview({ product_id: alpha.id, status: 'PENDING', reviewer_name: 'Pending Sam' })
    const approved = await createReview({ product_id: beta.id, status: 'APPROVED', reviewer_name: 'Approved Al' })
    drops.take()
    const statuses = async (query: string) => (await loadList(query)).reviews!.rows.map((row) => row.status)
    expect(await statuses('?tab=reviews&status=PENDING')).toEqual(['PENDING', 'PENDING'])
    expect(await statuses('?tab=reviews&status=APPROVED')).toEqual(['APPROVED'])
    expect((await loadList('?tab=reviews')).reviews!.total).toBe(3)
    expect((await loadList('?tab=reviews&page=2')).reviews!.rows).toEqual([])

    const one = (await post('/admin/products', {
      intent: 'review-status',
      review: `${pending.id}:APPROVED`,
      redirectTo: '/admin/products?tab=reviews&status=PENDING',
    })) as Response
    expect(one.headers.get('Location')).toBe('/admin/products?tab=reviews&status=PENDING')
    expect(await toastOf(one)).toEqual({ type: 'success', title: 'Review status updated' })
    // An approved review is shown on its product's pages (the reviews and their JSON-LD), and nowhere else.
    expect(drops.take()).toEqual([[`product:${alpha.asin}`]])

    await post('/admin/products', {
      intent: 'review-status',
      status: 'REJECTED',
      ids: [String(pending.id), String(second.id), String(approved.id)],
    })
    const rows = await db.selectFrom('reviews').select(['id', 'status']).orderBy('id').execute()
    expect(rows.map((row) => row.status)).toEqual(['REJECTED', 'REJECTED', 'REJECTED'])
    const [rejected] = drops.take() as [string[]]
    expect([...rejected].sort()).toEqual([`product:${alpha.asin}`, `product:${beta.asin}`])
    const trail = await audits('REVIEW')
    expect(trail.map((row) => row.action)).toEqual(['APPROVE', 'REJECT', 'REJECT', 'REJECT'])
    const reRejected = trail.filter((row) => row.entity_id === String(pending.id)).at(-1)
    expect(reRejected!.diff).toEqual({ status: { from: 'APPROVED', to: 'REJECTED' } })

    // A review that was never public (pending to rejected) changes no page.
    const unseen = await createReview({ product_id: beta.id, status: 'PENDING', reviewer_name: 'Pending Pia' })
    await post('/admin/products', { intent: 'review-status', review: `${unseen.id}:REJECTED` })
    expect(drops.take()).toEqual([])
  })

  test('nothing selected, or a forged status, is refused with its message ("Error") and changes nothing', async () => {
    const before = await db.selectFrom('reviews').select(['id', 'status']).orderBy('id').execute()
    const attempts: Array<[Record<string, string | string[]>, string]> = [
      [{ intent: 'review-status', status: 'APPROVED' }, 'Select at least one review'],
      [{ intent: 'review-status', status: 'DELETED', ids: ['1'] }, 'Unknown review status'],
      [{ intent: 'review-status', review: 'abc:APPROVED' }, 'Unknown review.'],
      [{ intent: 'review-status', review: '2147483648:APPROVED' }, 'Unknown review.'],
      [{ intent: 'review-status', review: '1:DELETED' }, 'Unknown review status'],
    ]
    for (const [fields, message] of attempts) {
      const result = (await post('/admin/products', fields)) as unknown as {
        data: SubmissionResult<string[]>
        init: ResponseInit
      }
      expect(result.init.status).toBe(400)
      expect(intentOf(result.data)).toBe('review-status')
      expect(firstErrorOf(result.data)).toEqual([message])
    }
    expect(await db.selectFrom('reviews').select(['id', 'status']).orderBy('id').execute()).toEqual(before)
  })
})

describe('CSV export', () => {
  test("every product, the spec's columns then the product's specs, quoted, formulas neutralised, named by date", async () => {
    const specBox = await createProduct({
      title: 'Exported box',
      kind: 'box',
      fits: ['modern', 'silver'],
      inner_width: '7.5',
      inner_height: '11.125',
      inner_length: '15.25',
      material: 'corrugated',
      pack_count: 2,
      capacity: 150,
      resealable: true,
    })
    await db.updateTable('products').set({ brand: '=HYPERLINK("http://evil")' }).where('id', '=', gamma.id).execute()
    await db.updateTable('products').set({ title: 'Quote "this", please' }).where('id', '=', alpha.id).execute()
    const response = (await callLoader(exportRoute.loader, '/admin/products/export', { cookie })) as Response
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    const rows = parse(await response.text(), { columns: true }) as Array<Record<string, string>>
    // The spec's columns, in its order (SPEC §7).
    expect(Object.keys(rows[0]!).join(',')).toBe(
      'asin,title,brand,category_id,affiliate_url,price,rating,review_count,soft_hidden,last_updated,' +
        'kind,fits,inner_width,inner_height,inner_length,thickness_mil,material,pack_count,capacity,' +
        'acid_free,buffered,resealable',
    )
    expect(rows.map((row) => row.asin).slice(0, 3)).toEqual([alpha.asin, beta.asin, gamma.asin])
    expect(rows.some((row) => 'id' in row)).toBe(false)
    expect(rows[0]!.title).toBe('Quote "this", please')
    expect(rows[2]!).toMatchObject({ brand: `'=HYPERLINK("http://evil")`, soft_hidden: 'true', price: '20.00' })
    // Unknown specs are empty cells; the eras are one cell, separated by semicolons.
    expect(rows[0]!).toMatchObject({ kind: '', fits: '', inner_width: '', pack_count: '1', acid_free: 'false' })
    expect(rows.find((row) => row.asin === specBox.asin)).toMatchObject({
      kind: 'box',
      fits: 'modern;silver',
      inner_width: '7.5',
      inner_height: '11.125',
      inner_length: '15.25',
      thickness_mil: '',
      material: 'corrugated',
      pack_count: '2',
      capacity: '150',
      acid_free: 'false',
      buffered: 'false',
      resealable: 'true',
    })
  })
})
