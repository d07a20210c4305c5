import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, test } from 'vitest'
import { guides } from '#db/seed-data/guides.ts'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'

// Tracking IDs per placement on the built server (docs/decisions/079): /go/ sends a click from a placement with
// the tracking ID assigned to it — named by the link's marker, else by the page the Referer names — in the
// default store only, and records the tag it used and the placement. A marker names a placement, never a tag.

const site = useBuiltServer(await createSeededDatabase(inject('templateDatabase')), (base) => ({
  ...base,
  AFFILIATE_TAGS: 'US:comicvault-20,UK:comicvault-21',
}))

const [OWN_GUIDE, OTHER_GUIDE] = guides.map((guide) => `/guides/${guide.slug}`)

const sql = <Row extends object>(text: string, values: unknown[] = []) =>
  onServer(async (client) => (await client.query<Row>(text, values)).rows, site.env.DATABASE_URL)

/** A click on /go/: where it was sent, and the clicks row it left (each click is told apart by its browser). */
async function click(query: string, { from, headers = {} }: { from?: string; headers?: Record<string, string> } = {}) {
  const userAgent = `tracking-ids-test ${randomUUID()}`
  const response = await fetch(`${site.url}/go/${site.asin}${query}`, {
    redirect: 'manual',
    headers: { 'User-Agent': userAgent, ...(from ? { Referer: site.url + from } : {}), ...headers },
  })
  expect(response.status).toBe(302)
  const location = response.headers.get('Location')!
  const rows = await sql<{ tag: string | null; placement: string | null; store: string }>(
    'SELECT tag, placement, store FROM clicks WHERE user_agent = $1',
    [userAgent],
  )
  expect(rows).toHaveLength(1)
  return { location, tag: new URL(location).searchParams.getAll('tag'), row: rows[0]! }
}

describe('with no tracking IDs listed', () => {
  test('a marked click goes exactly where it went before, with the store’s tag; the click keeps its placement', async () => {
    const plain = await click('')
    const marked = await click('?from=guide', { from: OWN_GUIDE })
    expect(marked.location).toBe(plain.location)
    expect(marked.tag).toEqual(['comicvault-20'])
    expect(marked.row).toEqual({ tag: 'comicvault-20', placement: 'guide', store: 'US' })
    expect(plain.row).toEqual({ tag: 'comicvault-20', placement: null, store: 'US' })
  })
})

describe('with a tracking ID for every placement, and one guide’s own', () => {
  beforeAll(async () => {
    const [guide] = await sql<{ id: number }>("SELECT id FROM documents WHERE slug = $1 AND kind = 'guide'", [
      OWN_GUIDE!.slice('/guides/'.length),
    ])
    await sql(
      `INSERT INTO tracking_ids (tag, placement, guide_id) VALUES
        ('cv-home-20', 'home', NULL), ('cv-category-20', 'category', NULL), ('cv-product-20', 'product', NULL),
        ('cv-search-20', 'search', NULL), ('cv-compare-20', 'comparison', NULL), ('cv-fit-20', 'fit-finder', NULL),
        ('cv-guides-20', 'guide', NULL), ('cv-own-guide-20', 'guide', $1), ('cv-spare-20', NULL, NULL)`,
      [guide!.id],
    )
  })

  test.each([
    ['home', '/', 'cv-home-20'],
    ['category', '/category/mylar-sleeves', 'cv-category-20'],
    ['product', '/product/B073TEQUFH', 'cv-product-20'],
    ['search', '/search?q=mylar', 'cv-search-20'],
    ['comparison', '/compare/golden-age-sleeves', 'cv-compare-20'],
    ['comparison', '/compare-sleeves', 'cv-compare-20'],
    ['fit-finder', '/fit?era=silver', 'cv-fit-20'],
  ])('a click from %s (%s) carries %s, by its marker or by its page alone', async (placement, page, tag) => {
    for (const sent of [
      await click(`?from=${placement}`, { from: page }),
      await click(`?from=${placement}`),
      await click('', { from: page }),
    ]) {
      expect(sent.tag).toEqual([tag])
      expect(sent.row).toEqual({ tag, placement, store: 'US' })
    }
  })

  test('a guide with its own tracking ID: that one; another guide: all guides’ one', async () => {
    expect((await click('?from=guide', { from: OWN_GUIDE })).tag).toEqual(['cv-own-guide-20'])
    expect((await click('', { from: OWN_GUIDE })).row).toEqual({
      tag: 'cv-own-guide-20',
      placement: 'guide',
      store: 'US',
    })
    expect((await click('?from=guide', { from: OTHER_GUIDE })).tag).toEqual(['cv-guides-20'])
    // Without the page, the guide is not known.
    expect((await click('?from=guide')).tag).toEqual(['cv-guides-20'])
  })

  test('the marker names the placement, over the page; an unassigned tracking ID is nobody’s', async () => {
    expect((await click('?from=search', { from: OWN_GUIDE })).row).toEqual({
      tag: 'cv-search-20',
      placement: 'search',
      store: 'US',
    })
    expect((await click('', { from: '/about' })).row).toEqual({ tag: 'comicvault-20', placement: null, store: 'US' })
  })

  test.each([
    '?from=cv-spare-20',
    '?from=evil-20',
    '?from=https%3A%2F%2Fevil.example%2F',
    '?from=guide%3Fx&tag=evil-20',
    '?from=__proto__',
    '?from=',
    '?from[]=home',
  ])('a forged marker (%s) is ignored: the page decides, else the store’s tag', async (query) => {
    const fromPage = await click(query, { from: '/product/B073TEQUFH' })
    expect(fromPage.row).toEqual({ tag: 'cv-product-20', placement: 'product', store: 'US' })
    const unknown = await click(query)
    expect(unknown.row).toEqual({ tag: 'comicvault-20', placement: null, store: 'US' })
    for (const { location } of [fromPage, unknown]) {
      expect(new URL(location).origin).toBe('https://www.amazon.com')
      expect(new URL(location).searchParams.getAll('tag')).not.toContain('evil-20')
    }
  })

  test('a click to another store keeps that store’s tag, and records where it came from', async () => {
    const sent = await click('?from=guide', { from: OWN_GUIDE, headers: { 'Accept-Language': 'en-GB' } })
    expect(new URL(sent.location).origin).toBe('https://www.amazon.co.uk')
    expect(sent.tag).toEqual(['comicvault-21'])
    expect(sent.row).toEqual({ tag: 'comicvault-21', placement: 'guide', store: 'UK' })
  })

  test('a guide deleted lets its tracking ID go, still listed; its clicks take all guides’ one', async () => {
    await sql('DELETE FROM documents WHERE slug = $1', [OWN_GUIDE!.slice('/guides/'.length)])
    expect(await sql("SELECT placement, guide_id FROM tracking_ids WHERE tag = 'cv-own-guide-20'")).toEqual([
      { placement: null, guide_id: null },
    ])
    expect((await click('?from=guide', { from: OWN_GUIDE })).tag).toEqual(['cv-guides-20'])
  })
})
