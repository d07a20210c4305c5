import type { SubmissionResult } from '@conform-to/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { firstErrorOf, intentOf } from '#app/components/forms.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { recordSearchOpen } from '#app/lib/search-recording.server.ts'
import { queriesWithoutResult, recordSearch, topQueries } from '#app/models/search-queries.server.ts'
import type { suggestSearch } from '#app/models/search-suggest.server.ts'
import * as adminSearch from '#app/routes/admin.search.tsx'
import * as openRoute from '#app/routes/search.open.ts'
import * as suggestRoute from '#app/routes/search.suggest.ts'
import { db } from '#db/client.ts'
import { auditRowsOf } from '#tests/support/audit.ts'
import { createCategory, createProduct } from '#tests/support/catalogue.ts'
import { recordPageDrops } from '#tests/support/page-drops.ts'
import { createPanelUser, panelCookie } from '#tests/support/panel-users.ts'
import { callAction, callLoader, loaderData, redirectOf, replyOf, thrownResponse } from '#tests/support/remix.ts'
import { rowCount } from '#tests/support/rows.ts'

// /admin/search (issue 51) through its real loader and action: the collectors' words' messages, audit rows and
// refusals; what a search records; the open redirect; the suggestions' answer.

let adminId: number
let adminCookie: string
let editorCookie: string
let viewerCookie: string
const drops = recordPageDrops()

beforeAll(async () => {
  const admin = await createPanelUser('admin')
  adminId = admin.id
  adminCookie = await panelCookie(admin.id)
  editorCookie = await panelCookie((await createPanelUser('editor')).id)
  viewerCookie = await panelCookie((await createPanelUser('viewer')).id)
})

const post = (fields: Record<string, string>, { cookie = adminCookie, query = '' } = {}) =>
  callAction(adminSearch.action, `/admin/search${query}`, fields, { cookie })

function refusal(result: unknown) {
  const { status, data } = replyOf<SubmissionResult<string[]>>(result)
  return { status, intent: intentOf(data), message: firstErrorOf(data)?.[0], errors: data.error }
}

const pair = (words: string, synonym: string) =>
  db
    .selectFrom('search_synonyms')
    .selectAll()
    .where('words', '=', words)
    .where('synonym', '=', synonym)
    .executeTakeFirst()
const snapshot = () => db.selectFrom('search_synonyms').selectAll().orderBy('id').execute()

describe('the collectors’ words', () => {
  test('an add is normalised, audited and drops the search pages (and with them the engine’s kept read)', async () => {
    drops.take()
    const { status, location, toast } = await redirectOf(
      await post({ intent: 'create', words: '  Gold   BOX ', synonym: 'Gold\tStorage Box', direction: 'one-way' }),
    )
    expect(status).toBe(303)
    expect(location).toBe('/admin/search')
    expect(toast).toMatchObject({ title: 'Synonym added' })
    const row = await pair('gold box', 'gold storage box')
    expect(row).toMatchObject({ both_ways: false })
    const [audit] = await auditRowsOf('SEARCH_SYNONYM', row!.id)
    expect(audit).toMatchObject({ actor_id: adminId, action: 'CREATE' })
    expect(audit!.diff).toEqual({ words: 'gold box', synonym: 'gold storage box', both_ways: false })
    expect(drops.take()).toEqual([['search']])
  })

  test.each([
    [{ words: '', synonym: 'x' }, { words: ['Words is required'] }],
    [{ words: '   ', synonym: 'x' }, { words: ['Words is required'] }],
    [{ words: 'x', synonym: '' }, { synonym: ['Synonym is required'] }],
    [{ words: 'w'.repeat(61), synonym: 'x' }, { words: ['Words must be at most 60 characters'] }],
    [{ words: 'x', synonym: 's'.repeat(61) }, { synonym: ['Synonym must be at most 60 characters'] }],
    [{ words: 'Long  Box', synonym: ' long box' }, { synonym: ['The synonym must differ from the words.'] }],
  ])('refuses %j with a 400 and the field message, writing nothing', async (fields, errors) => {
    const before = await snapshot()
    const audits = await rowCount('audit_log')
    const result = refusal(await post({ intent: 'create', direction: 'both-ways', ...fields }))
    expect(result).toMatchObject({ status: 400, intent: 'create' })
    expect(result.errors).toMatchObject(errors)
    expect(await snapshot()).toEqual(before)
    expect(await rowCount('audit_log')).toBe(audits)
  })

  test('a 60-character side is kept whole', async () => {
    const words = 'w'.repeat(60)
    await redirectOf(await post({ intent: 'create', words, synonym: 'sixty', direction: 'both-ways' }))
    expect(await pair(words, 'sixty')).toBeDefined()
  })

  test('a duplicate is a 409 under the synonym, in the same direction or (both ways) the other', async () => {
    await redirectOf(
      await post({ intent: 'create', words: 'slab case', synonym: 'graded case', direction: 'both-ways' }),
    )
    const before = await snapshot()
    const message = '"slab case" and "graded case" are already synonyms. Edit that entry instead.'
    for (const fields of [
      { words: 'SLAB case', synonym: 'graded case', direction: 'one-way' },
      { words: 'graded case', synonym: 'slab case', direction: 'one-way' },
      { words: 'graded case', synonym: 'slab case', direction: 'both-ways' },
    ]) {
      const result = refusal(await post({ intent: 'create', ...fields }))
      expect(result.status).toBe(409)
      expect(result.errors).toEqual({ synonym: [message] })
    }
    expect(await snapshot()).toEqual(before)
  })

  test('one way each direction are two rules, not a duplicate', async () => {
    await redirectOf(await post({ intent: 'create', words: 'bin a', synonym: 'bin b', direction: 'one-way' }))
    await redirectOf(await post({ intent: 'create', words: 'bin b', synonym: 'bin a', direction: 'one-way' }))
    expect(await pair('bin b', 'bin a')).toBeDefined()
  })

  test('an edit is audited with its diff; an edit into a duplicate is refused; a delete is audited', async () => {
    await redirectOf(await post({ intent: 'create', words: 'edit me', synonym: 'edited', direction: 'both-ways' }))
    const row = (await pair('edit me', 'edited'))!
    drops.take()
    await redirectOf(
      await post({ intent: 'update', id: String(row.id), words: 'edit me', synonym: 'changed', direction: 'one-way' }),
    )
    expect(await pair('edit me', 'changed')).toMatchObject({ id: row.id, both_ways: false })
    expect(drops.take()).toEqual([['search']])
    const taken = refusal(
      await post({
        intent: 'update',
        id: String(row.id),
        words: 'slab case',
        synonym: 'graded case',
        direction: 'one-way',
      }),
    )
    expect(taken.status).toBe(409)
    await redirectOf(await post({ intent: 'delete', id: String(row.id) }))
    expect(await pair('edit me', 'changed')).toBeUndefined()
    const audits = await auditRowsOf('SEARCH_SYNONYM', row.id)
    expect(audits.map((audit) => audit.action)).toEqual(['CREATE', 'UPDATE', 'DELETE'])
    expect(audits[1]!.diff).toEqual({
      synonym: { from: 'edited', to: 'changed' },
      both_ways: { from: true, to: false },
    })
    // Gone already: a second delete is a 404 message, nothing written.
    expect(refusal(await post({ intent: 'delete', id: String(row.id) })).status).toBe(404)
  })

  test('editors and viewers may look but not change (403), and are offered no form', async () => {
    const before = await snapshot()
    for (const cookie of [editorCookie, viewerCookie]) {
      await expect(
        post({ intent: 'create', words: 'nope', synonym: 'never', direction: 'both-ways' }, { cookie }),
      ).rejects.toMatchObject({ status: 403 })
      await expect(post({ intent: 'delete', id: String(before[0]!.id) }, { cookie })).rejects.toMatchObject({
        status: 403,
      })
      const loaded = await loaderData(callLoader(adminSearch.loader, '/admin/search?new', { cookie }))
      expect(loaded.panel).toBeNull()
    }
    expect(await snapshot()).toEqual(before)
  })

  test('10,000 synonyms are listed a page at a time, and the filter finds either side', async () => {
    await db
      .insertInto('search_synonyms')
      .values(
        Array.from({ length: 10_000 }, (_, i) => ({
          words: `bulk ${i}`,
          synonym: `many ${i}`,
          both_ways: i % 2 === 0,
        })),
      )
      .execute()
    const first = await loaderData(callLoader(adminSearch.loader, '/admin/search', { cookie: adminCookie }))
    expect(first.synonyms).toHaveLength(50)
    expect(first.total).toBeGreaterThan(10_000)
    const filtered = await loaderData(
      callLoader(adminSearch.loader, '/admin/search?q=MANY%209999', { cookie: adminCookie }),
    )
    expect(filtered.synonyms.map((row) => row.words)).toEqual(['bulk 9999'])
    const last = await loaderData(
      callLoader(adminSearch.loader, `/admin/search?page=${first.pageCount}`, { cookie: adminCookie }),
    )
    expect(last.synonyms.length).toBeGreaterThan(0)
  })
})

describe('what people look for', () => {
  const today = (query: string) =>
    db
      .selectFrom('search_queries')
      .selectAll()
      .where('query', '=', query)
      .where('day', '=', new Date())
      .executeTakeFirst()

  test('recordSearch normalises, caps at 100 characters and counts searches without a result', async () => {
    await recordSearch(db, { query: '  Zorp   Bags ', results: 0 })
    await recordSearch(db, { query: 'zorp bags', results: 3 })
    expect(await today('zorp bags')).toMatchObject({ searches: 2, without_result: 1, opens: 0 })
    await recordSearch(db, { query: `${'q'.repeat(99)} tail`, results: 0 })
    expect(await today('q'.repeat(99))).toMatchObject({ searches: 1 })
    await recordSearch(db, { query: '   ', results: 0 })
    const empty = await queriesWithoutResult(db)
    expect(empty.map((row) => row.query)).toContain('zorp bags')
    expect((await topQueries(db)).find((row) => row.query === 'zorp bags')).toMatchObject({ searches: 2 })
  })

  test('the report offers a query that found nothing as a synonym in one step', async () => {
    const loaded = await loaderData(
      callLoader(adminSearch.loader, '/admin/search?new&words=Zorp%20Bags', { cookie: adminCookie }),
    )
    expect(loaded.panel).toEqual({ mode: 'new' })
    expect(loaded.words).toBe('zorp bags')
  })

  test('a visitor’s recordings stop at the limit, the rest are skipped', async () => {
    const limit = Math.round(30 * getEnv().RATE_LIMIT_FACTOR)
    for (let i = 0; i < limit + 5; i++) await recordSearchOpen('198.51.100.9', 'flood test')
    expect(await today('flood test')).toMatchObject({ opens: limit })
  })

  test('/search/open counts an open and sends the visitor to our product page only', async () => {
    const product = await createProduct()
    const url = `/search/open?q=${encodeURIComponent('Open Me')}&asin=${product.asin}`
    const answer = (await callLoader(openRoute.loader, url)) as Response
    expect(answer.status).toBe(303)
    expect(answer.headers.get('Location')).toBe(`/product/${product.asin}`)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    expect(answer.headers.get('X-Robots-Tag')).toContain('noindex')
    expect(await today('open me')).toMatchObject({ opens: 1, searches: 0 })
    for (const asin of ['https://evil.example', '//evil.example', 'b0aaaaaaaa', '../admin', '']) {
      const refused = await thrownResponse(() =>
        callLoader(openRoute.loader, `/search/open?q=x&asin=${encodeURIComponent(asin)}`),
      )
      expect(refused.status).toBe(404)
      expect(refused.headers.get('Location')).toBeNull()
    }
  })
})

type Suggestions = Awaited<ReturnType<typeof suggestSearch>>

describe('suggestions', () => {
  test('products and categories as JSON, public and briefly cached; nothing for less than two characters', async () => {
    await createCategory({ slug: 'quokka-boxes', name: 'Quokka Boxes' })
    await createProduct({ title: 'Quokka Mylar Sleeve', image_url: 'https://example.com/q.jpg' })
    const answer = (await callLoader(suggestRoute.loader, '/search/suggest?q=quokka')) as Response
    expect(answer.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+/)
    expect(answer.headers.get('Content-Type')).toContain('application/json')
    const body = (await answer.json()) as Suggestions
    expect(body.products).toEqual([
      expect.objectContaining({ title: 'Quokka Mylar Sleeve', imageUrl: 'https://example.com/q.jpg' }),
    ])
    expect(body.categories).toEqual([{ slug: 'quokka-boxes', name: 'Quokka Boxes' }])
    const short = (await (
      (await callLoader(suggestRoute.loader, '/search/suggest?q=q')) as Response
    ).json()) as typeof body
    expect(short).toEqual({ products: [], categories: [] })
    const wild = (await (
      (await callLoader(suggestRoute.loader, '/search/suggest?q=%25_%5C')) as Response
    ).json()) as typeof body
    expect(wild.products).toEqual([])
  })
})
