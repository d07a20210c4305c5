import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { suggestSearch } from '#app/models/search-suggest.server.ts'
import { listSearchSynonyms, searchProducts } from '#app/models/search.server.ts'
import { loader as searchLoader } from '#app/routes/_site.search.tsx'
import { synonymMap } from '#app/utils/search-query.ts'
import { SEARCH_TERM_MAX_LENGTH } from '#app/utils/search.ts'
import { db } from '#db/client.ts'
import { createCategory, createProduct, hoursAgo } from '#tests/support/catalogue.ts'
import { loaderArgs, loaderData, statusOf } from '#tests/support/remix.ts'

// Search in words (docs/decisions/083): every word in any order and common form, through the owner's synonyms and
// the nearest catalogue word for a typo, ranked phrase-in-title, words-in-title, the rest; SPEC §5's substring
// rule still holds.

const titles = async (term: string, options?: Parameters<typeof searchProducts>[4]) =>
  (await searchProducts(db, term, 1, undefined, options)).products.map((product) => product.title)

const seededSynonyms = async () => synonymMap(await listSearchSynonyms(db))

beforeAll(async () => {
  const bags = await createCategory({ slug: 'fts-bags', name: 'Comic Bags' })
  const boxes = await createCategory({ slug: 'fts-boxes', name: 'Storage Boxes' })
  const make = (title: string, hours: number, values: Parameters<typeof createProduct>[0] = {}) =>
    createProduct({ title, created_at: hoursAgo(hours), ...values })
  await make('Gerber Mylites Mylar Sleeves Silver Age (50)', 9, { brand: 'E. Gerber', category_id: bags.id })
  await make('Polyester Archival Comic Sleeves', 8, { brand: 'BCW', category_id: bags.id, material: 'mylar' })
  await make('BCW Current Comic Bags and Boards', 7, { brand: 'BCW', category_id: bags.id, fits: ['modern'] })
  await make('Golden Age Comic Bags (100)', 6, { brand: 'Ultra PRO', category_id: bags.id, fits: ['golden'] })
  await make('Cardboard Long Box', 5, { brand: 'BCW', category_id: boxes.id })
  await make('Plastic Longbox with Handles', 4, { brand: 'Iron Guard', category_id: boxes.id })
  await make('Rigid Top Loader 3x4', 3, { brand: 'Ultra PRO' })
  await make('Comic Toploader Standard', 2, { brand: 'BCW' })
  await make('Résumé Bag Café Edition', 1, { description: 'For a café, 100% acid_free (archival) bags.' })
  await make('Hidden Mylar Bag', 0, { soft_hidden: true })
  await make('Sleeves Mylar Sleeves of mylar bags', 10, { brand: 'Sleeve Co' })
  await make('Mylar Bags Premium', 11, { brand: 'Bag Co' })
  await make('Bags for Mylar Fans', 0.5)
})

describe('matching', () => {
  test('"mylar bags": every word in any field and any common form, hidden products never', async () => {
    const found = await titles('mylar bags')
    expect(found).toEqual(
      expect.arrayContaining([
        'Mylar Bags Premium',
        'Sleeves Mylar Sleeves of mylar bags',
        'Gerber Mylites Mylar Sleeves Silver Age (50)', // "bags" from its category, Comic Bags
      ]),
    )
    expect(found).not.toContain('Hidden Mylar Bag')
  })

  test('a brand and a material that are not side by side, and words in another order than the title', async () => {
    expect(await titles('gerber mylar')).toEqual(['Gerber Mylites Mylar Sleeves Silver Age (50)'])
    expect(await titles('sleeves silver gerber')).toEqual(['Gerber Mylites Mylar Sleeves Silver Age (50)'])
    expect(await titles('BCW bag')).toEqual(['BCW Current Comic Bags and Boards', 'Polyester Archival Comic Sleeves'])
  })

  test('an era with a kind, from the specs as from the title', async () => {
    expect(await titles('golden age bags')).toEqual(['Golden Age Comic Bags (100)'])
    expect(await titles('modern age boards')).toEqual(['BCW Current Comic Bags and Boards'])
  })

  test('case and accents are ignored', async () => {
    expect(await titles('RESUME CAFE')).toEqual(['Résumé Bag Café Edition'])
    expect(await titles('résumé')).toEqual(['Résumé Bag Café Edition'])
  })

  test("SPEC §5's substring rule is a subset: a title or description holding the text as typed matches", async () => {
    expect(await titles('Mylit')).toEqual(['Gerber Mylites Mylar Sleeves Silver Age (50)'])
    expect(await titles('100% acid_free')).toEqual(['Résumé Bag Café Edition'])
    expect(await titles('(archival)')).toEqual(expect.arrayContaining(['Résumé Bag Café Edition']))
  })
})

describe('ranking', () => {
  test('the whole phrase in the title first, then all words in the title, then the rest; ties newest first', async () => {
    expect(await titles('mylar bags')).toEqual([
      'Sleeves Mylar Sleeves of mylar bags', // the phrase in its title, newer
      'Mylar Bags Premium', // the phrase in its title
      'Bags for Mylar Fans', // both words in its title, apart: after the phrase although newest
      'Polyester Archival Comic Sleeves', // the rest: mylar its material, bags its category
      'Gerber Mylites Mylar Sleeves Silver Age (50)', // mylar in its title, bags its category
    ])
  })
})

describe('synonyms', () => {
  test('"long box" and "longbox", "toploader" and "top loader" find each other (both ways)', async () => {
    const synonyms = await seededSynonyms()
    const longBoxes = ['Plastic Longbox with Handles', 'Cardboard Long Box']
    expect(await titles('longbox', { synonyms })).toEqual(longBoxes)
    expect((await titles('long box', { synonyms })).sort()).toEqual([...longBoxes].sort())
    const toploaders = ['Comic Toploader Standard', 'Rigid Top Loader 3x4']
    expect(await titles('toploader', { synonyms })).toEqual(toploaders)
    expect((await titles('top loader', { synonyms })).sort()).toEqual([...toploaders].sort())
    // Without them, each is only itself.
    expect(await titles('longbox')).toEqual(['Plastic Longbox with Handles'])
  })

  test('one-way synonyms expand one way only; a loop expands once and ends', async () => {
    const oneWay = synonymMap([{ words: 'polypro', synonym: 'polyester', both_ways: false }])
    expect(await titles('polypro', { synonyms: oneWay })).toEqual(['Polyester Archival Comic Sleeves'])
    expect(await titles('polyester', { synonyms: oneWay })).toEqual(['Polyester Archival Comic Sleeves'])
    const loop = synonymMap([
      { words: 'crate', synonym: 'longbox', both_ways: true },
      { words: 'longbox', synonym: 'crate', both_ways: true },
      { words: 'longbox', synonym: 'toploader', both_ways: false },
    ])
    expect(await titles('crate', { synonyms: loop })).toEqual(['Plastic Longbox with Handles']) // not transitive
  })

  test('a list of 10,000 synonyms is read once and expands a query like a short one', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      words: `word${i}`,
      synonym: `other${i}`,
      both_ways: true,
    }))
    const synonyms = synonymMap([...rows, { words: 'crate', synonym: 'longbox', both_ways: true }])
    expect(await titles('crate', { synonyms })).toEqual(['Plastic Longbox with Handles'])
  })
})

describe('typos', () => {
  test('"mylr" is read as "mylar", and the page says so with a link each way', async () => {
    const found = await searchProducts(db, 'mylr bags')
    expect(found.correctedTerm).toBe('mylar bags')
    expect(found.products.map((product) => product.title)).toEqual(await titles('mylar bags'))
    const page = await loaderData(searchLoader(loaderArgs('/search?q=mylr')))
    expect(page).toMatchObject({ q: 'mylr', correctedTerm: 'mylar' })
    expect(page.total).toBeGreaterThan(0)
  })

  test('with exact=1 the words are read as typed', async () => {
    const page = await loaderData(searchLoader(loaderArgs('/search?q=mylr&exact=1')))
    expect(page).toMatchObject({ q: 'mylr', correctedTerm: null, total: 0 })
  })

  test('a word the catalogue knows is never corrected, and a word near nothing is left as typed', async () => {
    expect((await searchProducts(db, 'gerber longbox')).correctedTerm).toBeNull()
    expect(await searchProducts(db, 'xqzvw')).toMatchObject({ total: 0, correctedTerm: null })
  })
})

describe('bad input answers 200 with a result or a clear message', () => {
  const hostile = [
    'x'.repeat(1_000),
    '!!!...???',
    'mylar & | ! ( ) : * <-> bags',
    "'mylar",
    '"mylar bags',
    "mylar'; DROP TABLE products; --",
    '%_%',
    '\\',
    'mylar 漫画 комикс',
    '📚🦸 mylar',
    'a',
    'the of and',
    'mylar:*',
    '!mylar',
  ]
  test.each(hostile)('%s', async (q) => {
    expect(await statusOf(() => searchLoader(loaderArgs(`/search?q=${encodeURIComponent(q)}`)))).toBe(200)
  })

  test('operators are read as words, not syntax', async () => {
    expect(await titles('mylar & | ! ( ) : * <-> bags')).toEqual(await titles('mylar bags'))
    expect(await titles('"mylar bags')).toEqual(await titles('mylar bags'))
  })

  test(`a query is cut at ${SEARCH_TERM_MAX_LENGTH} characters before it is read`, async () => {
    const page = await loaderData(searchLoader(loaderArgs(`/search?q=${'mylar '.repeat(200)}`)))
    expect(page.q?.length).toBeLessThanOrEqual(SEARCH_TERM_MAX_LENGTH)
    expect(page.total).toBeGreaterThan(0)
  })
})

describe('the vectors follow the catalogue', () => {
  test('a title change, a hidden product and a renamed category', async () => {
    const category = await createCategory({ slug: 'fts-rename', name: 'Quarry Stuff' })
    const product = await createProduct({ title: 'Plain item', category_id: category.id })
    expect(await titles('quarry')).toEqual(['Plain item'])
    await db.updateTable('categories').set({ name: 'Zeppelin Stuff' }).where('id', '=', category.id).execute()
    expect(await titles('quarry')).toEqual([])
    expect(await titles('zeppelin')).toEqual(['Plain item'])
    await db.updateTable('products').set({ title: 'Walrus item' }).where('id', '=', product.id).execute()
    expect(await titles('walrus zeppelin')).toEqual(['Walrus item'])
    const vocabulary = await db.selectFrom('search_vocabulary').select('word').where('word', '=', 'walrus').execute()
    expect(vocabulary).toHaveLength(1)
    await db.updateTable('products').set({ soft_hidden: true }).where('id', '=', product.id).execute()
    expect(await titles('walrus')).toEqual([])
  })
})

describe('suggestions', () => {
  test('the last word as a prefix, every other word whole, categories by name; visible products only', async () => {
    const suggested = await suggestSearch(db, 'mylar ba')
    expect(suggested.products.map((product) => product.title)).toEqual(
      expect.arrayContaining(['Mylar Bags Premium', 'Sleeves Mylar Sleeves of mylar bags']),
    )
    expect(suggested.products.map((product) => product.title)).not.toContain('Hidden Mylar Bag')
    expect(suggested.products.length).toBeLessThanOrEqual(6)
    expect((await suggestSearch(db, 'stor')).categories).toEqual([{ slug: 'fts-boxes', name: 'Storage Boxes' }])
  })

  test('through synonyms, and nothing for what has no words', async () => {
    expect((await suggestSearch(db, 'cardboard longbox')).products.map((product) => product.title)).toEqual([
      'Cardboard Long Box',
    ])
    for (const q of ['', '   ', '&|!():*', '📚', "'"])
      expect(await suggestSearch(db, q)).toEqual({ products: [], categories: [] })
  })

  test('the seeded synonyms are what a fresh database reads', async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM search_synonyms`.execute(db)
    expect(rows[0]!.n).toBeGreaterThan(10)
  })
})
