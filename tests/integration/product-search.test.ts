import { sql, type RawBuilder } from 'kysely'
import { describe, expect, test } from 'vitest'
import { searchProducts } from '#app/models/search.server.ts'
import { containsPattern, SEARCH_TERM_MAX_LENGTH } from '#app/utils/search.ts'
import { db } from '#db/client.ts'
import { createMigrator } from '#db/migrator.ts'
import { createProduct, nextAsin } from '#tests/support/catalogue.ts'
import { recordingDatabase } from '#tests/support/query-plans.ts'

// product_search (docs/decisions/059): the visible products' lower-cased search texts, joined (spaces as "Q"),
// kept by triggers on products, and the bitmaps of their words, pairs and triples (docs/decisions/061, 063). After any write both must
// hold exactly what products says, leave no GIN pending list behind, and first counts must read them alone.

const GIN_INDEXES = [
  'product_search_joined_title_trgm_idx',
  'product_search_joined_description_trgm_idx',
  'search_word_blocks_word_trgm_idx',
  'search_word_blocks_pair_trgm_idx',
  'search_word_blocks_triple_trgm_idx',
]

/** What product_search must hold, read from products the obvious way. */
async function expectKeptExactly() {
  const kept = await db
    .selectFrom('product_search')
    .select(['id', 'joined_title', 'joined_description'])
    .orderBy('id')
    .execute()
  const visible = await db
    .selectFrom('products')
    .select([
      'id',
      sql<string>`translate(search_title, ' ', 'Q')`.as('joined_title'),
      sql<string>`translate(search_description, ' ', 'Q')`.as('joined_description'),
    ])
    .where('soft_hidden', '=', false)
    .orderBy('id')
    .execute()
  expect(kept).toEqual(visible)
  // What a write put in the indexes' pending lists is in the indexes already: nothing left to clean.
  for (const index of GIN_INDEXES) {
    const { rows } = await sql<{
      pending: string
    }>`SELECT gin_clean_pending_list(${index}::regclass) AS pending`.execute(db)
    expect(Number(rows[0]!.pending), index).toBe(0)
  }
  // Each key's bits, block by block, are its products', as they would be built afresh.
  await expectBitsAsBuiltAfresh(
    'search_word_blocks',
    sql`SELECT w.key, p.id / 1024, ${productBits}
        FROM product_search p,
             LATERAL (SELECT unnest(search_words_of(p.joined_title)), true
                      UNION ALL SELECT unnest(search_words_of(p.joined_description)), false) AS w (key, in_title)
        GROUP BY 1, 2`,
  )
  // The grams' from each product's own words (the triggers build them from the words' rows).
  await expectBitsAsBuiltAfresh(
    'search_gram_blocks',
    sql`SELECT g.key, p.id / 1024, ${productBits}
        FROM product_search p,
             LATERAL (SELECT unnest(string_to_array(p.joined_title, 'Q')), true
                      UNION ALL SELECT unnest(string_to_array(p.joined_description, 'Q')), false) AS w (word, in_title),
             LATERAL (SELECT DISTINCT substr(w.word, i, n) FROM generate_series(1, length(w.word)) AS i, (VALUES (1), (2)) AS s (n)
                      WHERE i + n - 1 <= length(w.word)) AS g (key)
        GROUP BY 1, 2`,
  )
  // The pairs a text holds twice, counted in each text.
  await expectBitsAsBuiltAfresh(
    'search_pair_repeats',
    sql`SELECT key, id / 1024, ${productBits}
        FROM (SELECT p.id, t.in_title, right(w.word, 100) || 'Q' || left(w.next, 100) AS key
              FROM product_search p,
                   LATERAL (VALUES (p.joined_title, true), (p.joined_description, false)) AS t (joined, in_title),
                   LATERAL (SELECT word, lead(word) OVER (ORDER BY n) AS next
                            FROM unnest(string_to_array(t.joined, 'Q')) WITH ORDINALITY AS x (word, n)) AS w
              WHERE w.word <> '' AND w.next <> ''
              GROUP BY 1, 2, 3 HAVING count(*) > 1) AS p
        GROUP BY 1, 2`,
  )
}

/** A key's bits in a block, from rows of products (`p.id`) and whether the key is in their title (`in_title`). */
const productBits = sql`bit_or(search_block_bit(p.id)),
  coalesce(bit_or(search_block_bit(p.id)) FILTER (WHERE in_title), B'0'::bit(1024))`

/**
 * `table`'s rows with a bit set are `fresh`'s rows (key, block, in_text, in_title): rows whose bits are all clear
 * count nothing, and may stay.
 */
async function expectBitsAsBuiltAfresh(table: string, fresh: RawBuilder<unknown>) {
  const { rows } = await sql<{ key: string; block: number }>`
    WITH fresh (key, block, in_text, in_title) AS (${fresh}),
         kept AS (SELECT * FROM ${sql.table(table)} WHERE bit_count(in_text) > 0 OR bit_count(in_title) > 0)
    SELECT key, block FROM ((SELECT * FROM fresh EXCEPT ALL SELECT * FROM kept)
                            UNION ALL (SELECT * FROM kept EXCEPT ALL SELECT * FROM fresh)) AS differences`.execute(db)
  expect(rows, table).toEqual([])
}

const newProducts = (count: number, values: (i: number) => { title: string; description?: string | null }) =>
  Array.from({ length: count }, (_, i) => {
    const asin = nextAsin()
    return { asin, affiliate_url: `https://www.amazon.com/dp/${asin}`, soft_hidden: i % 4 === 3, ...values(i) }
  })

/** The row version of each kept product (xmin): unchanged when no write touched the row. */
async function keptVersions() {
  const { rows } = await sql<{ id: number; version: string }>`
    SELECT id, xmin::text AS version FROM product_search ORDER BY id`.execute(db)
  return rows
}

const SCANNED = ['products', 'product_search', 'search_word_blocks', 'search_gram_blocks'] as const

/** A first count of `term`, with the scans it made of each table: the backend's own counters (exact, not yet reported). */
async function countWithScans(term: string) {
  return db.transaction().execute(async (trx) => {
    const scans = async () => {
      const { rows } = await sql<{ relname: string; scans: number }>`
        SELECT relname, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int AS scans
        FROM pg_stat_xact_user_tables WHERE relname IN (${sql.join(SCANNED)})`.execute(trx)
      return Object.fromEntries(rows.map((row) => [row.relname, row.scans]))
    }
    const before = await scans()
    const { rows } = await sql<{
      title_matches: number
      rest_matches: number
      title_ids: number[]
      rest_ids: number[]
    }>`
      SELECT title_matches, rest_matches, title_ids, rest_ids
      FROM count_search_term(lower(${term}), ${containsPattern(term)})`.execute(trx)
    const after = await scans()
    return { ...rows[0]!, scans: Object.fromEntries(SCANNED.map((table) => [table, after[table]! - before[table]!])) }
  })
}

/** Backends of this database waiting for a lock. */
async function waitingOnLocks() {
  const { rows } = await sql<{ waiting: number }>`
    SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db)
  return rows[0]!.waiting
}

describe('product_search follows products', () => {
  test('inserts, one row and many in one statement, visible and hidden', async () => {
    await createProduct({ title: 'Single MYLAR sleeve', description: 'Acid-free' })
    await createProduct({ title: 'Hidden box', soft_hidden: true })
    await db
      .insertInto('products')
      .values(newProducts(40, (i) => ({ title: `Bulk Board ${i}`, description: i % 3 ? `Ärchival ${i}` : null })))
      .execute()
    await expectKeptExactly()
    expect(await db.selectFrom('product_search').select('id').execute()).toHaveLength(31)
  })

  test('title and description changes, hiding and showing, one row and many', async () => {
    const product = await createProduct({ title: 'Plain bag', description: 'Nothing special' })
    await db.updateTable('products').set({ title: 'Plain GOLD bag' }).where('id', '=', product.id).execute()
    await expectKeptExactly()
    await db.updateTable('products').set({ description: null }).where('id', '=', product.id).execute()
    await expectKeptExactly()
    await db.updateTable('products').set({ soft_hidden: true }).where('id', '=', product.id).execute()
    await expectKeptExactly()
    await db
      .updateTable('products')
      .set({ soft_hidden: false, description: 'Back with Mylar' })
      .where('id', '=', product.id)
      .execute()
    await expectKeptExactly()
    // Many rows at once: some shown, some hidden, titles rewritten.
    await db
      .updateTable('products')
      .set({ soft_hidden: sql`NOT soft_hidden`, title: sql`title || ' v2'` })
      .where('title', 'like', 'Bulk Board %')
      .execute()
    await expectKeptExactly()
  })

  test('an update that leaves the texts and visibility as they were does not touch it', async () => {
    const before = await keptVersions()
    await db.updateTable('products').set({ price: '12.34', rating: '4.5' }).execute()
    await db
      .updateTable('products')
      .set({ title: sql`title` })
      .execute() // named, but unchanged
    expect(await keptVersions()).toEqual(before)
    await expectKeptExactly()
  })

  test('deletes, one row and many, and TRUNCATE', async () => {
    const [first] = await db.selectFrom('products').select('id').orderBy('id').limit(1).execute()
    await db.deleteFrom('products').where('id', '=', first!.id).execute()
    await expectKeptExactly()
    await db.deleteFrom('products').where('title', 'like', 'Bulk Board %').execute()
    await expectKeptExactly()
    expect((await db.selectFrom('product_search').select('id').execute()).length).toBeGreaterThan(0)
    await sql`TRUNCATE products CASCADE`.execute(db)
    await expectKeptExactly()
    expect(await db.selectFrom('product_search').select('id').execute()).toEqual([])
  })

  test('a write rolled back leaves it as it was', async () => {
    await createProduct({ title: 'Kept sleeve' })
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ title: 'Gone sleeve' }).execute()
        await trx
          .insertInto('products')
          .values(newProducts(3, (i) => ({ title: `Never ${i}` })))
          .execute()
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await expectKeptExactly()
    expect(await db.selectFrom('product_search').select('joined_title').execute()).toEqual([
      { joined_title: 'keptQsleeve' },
    ])
  })
})

describe('first counts', () => {
  test('of a word read neither products nor their texts, and count and list what products holds', async () => {
    await db
      .insertInto('products')
      .values(newProducts(30, (i) => ({ title: `Counted Mylar ${i}`, description: i % 2 ? 'with mylar' : null })))
      .execute()
    await db
      .insertInto('products')
      .values(newProducts(5, (i) => ({ title: `Box ${i}`, description: 'MYLAR' })))
      .execute()
    const counted = await countWithScans('mylar')
    // The bitmaps alone: the words' rows for the count, their bits for the ids of each group (decision 063).
    expect(counted.scans).toMatchObject({ products: 0, product_search: 0, search_gram_blocks: 0 })
    const direct = await db
      .selectFrom('products')
      .select([
        sql<number>`count(*) FILTER (WHERE title ILIKE '%mylar%')::int`.as('title_matches'),
        sql<number>`count(*) FILTER (WHERE title NOT ILIKE '%mylar%')::int`.as('rest_matches'),
      ])
      .where('soft_hidden', '=', false)
      .where((eb) => eb.or([eb('title', 'ilike', '%mylar%'), eb('description', 'ilike', '%mylar%')]))
      .executeTakeFirstOrThrow()
    expect({ title_matches: counted.title_matches, rest_matches: counted.rest_matches }).toEqual(direct)
    expect(direct).toEqual({ title_matches: 23, rest_matches: 4 })
    const idsWhere = async (title: boolean) =>
      (
        await db
          .selectFrom('products')
          .select('id')
          .where('soft_hidden', '=', false)
          .where((eb) =>
            title
              ? eb('title', 'ilike', '%mylar%')
              : eb.and([eb('title', 'not ilike', '%mylar%'), eb('description', 'ilike', '%mylar%')]),
          )
          .orderBy('id')
          .execute()
      ).map((row) => row.id)
    expect(counted.title_ids).toEqual(await idsWhere(true))
    expect(counted.rest_ids).toEqual(await idsWhere(false))
    const found = await searchProducts(db, 'MYLAR')
    expect(found.total).toBe(27)
    // The facets are read from the same ids, not from a second read of the counts.
    expect(found.matchIds).toEqual([...counted.title_ids!, ...counted.rest_ids!])
  })

  test("are one statement with the catalogue's size, after the one that found no kept count", async () => {
    await db
      .insertInto('products')
      .values(newProducts(3, (i) => ({ title: `Onestep Sleeve ${i}` })))
      .execute()
    const recording = recordingDatabase(process.env.DATABASE_URL!)
    try {
      const { result, statements } = await recording.record((db) => searchProducts(db, 'onestep'))
      expect(result.total).toBe(3)
      const asked = statements.map((statement) => statement.sql)
      expect(asked.filter((text) => /search_term/.test(text))).toHaveLength(2)
      expect(asked.filter((text) => /pg_class/.test(text))).toHaveLength(2)
      expect(asked).toHaveLength(3) // the kept row, the count, the page by its ids
    } finally {
      await recording.destroy()
    }
  })
})

describe('matching', () => {
  test("is ILIKE's for terms with spaces and q's: the joined texts keep a space (Q) apart from a q", async () => {
    await db
      .insertInto('products')
      .values(
        newProducts(3, (i) => ({
          title: ['Golden qMylar sleeve', 'Golden  Mylar box', 'Plain bag'][i]!,
          description: ['', '', 'golden mylar inside'][i],
        })),
      )
      .execute()
    for (const term of ['golden qmylar', 'golden mylar', 'GOLDEN  MYLAR', 'goldenqmylar', 'n q', 'n m']) {
      const direct = await db
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('soft_hidden', '=', false)
        .where((eb) => eb.or([eb('title', 'ilike', `%${term}%`), eb('description', 'ilike', `%${term}%`)]))
        .executeTakeFirstOrThrow()
      expect((await searchProducts(db, term)).total, term).toBe(direct.count)
    }
    expect((await searchProducts(db, 'golden mylar')).total).toBe(1)
  })
})

/** What ILIKE says a term matches among the visible products: in the title, and only in the description. */
async function countedByIlike(term: string) {
  const pattern = containsPattern(term)
  const { rows } = await sql<{ title: boolean; id: number }>`
    SELECT title ILIKE ${pattern} AS title, id FROM products
    WHERE NOT soft_hidden AND (title ILIKE ${pattern} OR coalesce(description, '') ILIKE ${pattern}) ORDER BY id`.execute(
    db,
  )
  const ids = (title: boolean) => rows.filter((row) => row.title === title).map((row) => row.id)
  return {
    title_matches: ids(true).length,
    rest_matches: ids(false).length,
    title_ids: ids(true),
    rest_ids: ids(false),
  }
}

async function firstCount(term: string) {
  const { rows } = await sql<{
    title_matches: number
    rest_matches: number
    title_ids: number[] | null
    rest_ids: number[] | null
  }>`
    SELECT title_matches, rest_matches, title_ids, rest_ids
    FROM count_search_term(lower(${term}), ${containsPattern(term)})`.execute(db)
  // In id order: the joined texts' count lists them as it finds them.
  const sorted = (ids: number[] | null) => ids && [...ids].sort((a, b) => a - b)
  return { ...rows[0]!, title_ids: sorted(rows[0]!.title_ids), rest_ids: sorted(rows[0]!.rest_ids) }
}

describe('first counts from words, pairs and triples', () => {
  const longWord = `${'x'.repeat(150)}needle${'y'.repeat(140)}tail`
  const ofMaxLength = `${'x'.repeat(SEARCH_TERM_MAX_LENGTH - 10)}needle${'y'.repeat(4)}`

  test('count what ILIKE finds: parts of words, pairs, punctuation, wildcards taken literally, words longer than a term', async () => {
    await db
      .insertInto('products')
      .values(
        newProducts(12, (i) => ({
          title: [
            'Comic-Book Bags (100)',
            'MYLAR sleeves',
            'Board 50% off',
            'Ärchival box_set',
            'Big red bag red box',
            'One two three and two three four',
          ][i % 6]!,
          description: [null, 'For comics\nand magazines', `${longWord} next`, 'a\\b tab\there', 'Golden  age', null][
            i % 6
          ],
        })),
      )
      .execute()
    const terms = [
      'comic',
      'COMICS',
      'book',
      '-book',
      '(100)',
      'bags',
      'x',
      'ylar',
      '50%',
      '%',
      '_',
      'box_',
      'ärch',
      'needle',
      'tail',
      ofMaxLength,
      'a\\b',
      'tab',
      'nothing',
      'golden',
      'age',
      // Two words: the end of one and the start of the next, never across two spaces or a line break.
      'comic-book bags',
      'k bags',
      'mylar sleeves',
      'r s',
      'board 50%',
      'golden age',
      'golden  age',
      'comics and',
      `${'y'.repeat(90)}tail next`,
      'sleeves board',
      // A space at an end: counted on the joined texts, where the space may be before an empty word.
      'golden ',
      ' age',
      // Three words: the end of one, the next whole, the start of the one after.
      'comic-book bags (100)',
      'board 50% off',
      'for comics\nand magazines',
      'big red box',
      'ig red box',
      'bag red box',
      'd bag r',
      `${'y'.repeat(90)}tail next x`,
      'golden  age x',
      'golden age ',
      // Four words or more: the joined texts (one product holds each triple of a term, apart).
      'ig red box bi',
      'a red bag red',
      'big red bag red',
      'ig red bag red b',
      'one two three four',
      'ne two three and tw',
      'board 50% off x',
      'golden  age x y',
      // One or two characters: in a word, never the space between two (decision 065).
      'a',
      'Ä',
      'q',
      'zz',
      '0%',
      '\\',
      'b)',
      '\t',
      '\n',
      'ex',
    ]
    for (const term of terms) expect(await firstCount(term), term).toEqual(await countedByIlike(term))
    expect((await firstCount('needle')).rest_matches).toBeGreaterThan(0)
    expect((await firstCount(`${'y'.repeat(90)}tail next`)).rest_matches).toBeGreaterThan(0)
    expect((await firstCount('k bags')).title_matches).toBeGreaterThan(0)
    expect(await firstCount('comics and')).toMatchObject({ title_matches: 0, rest_matches: 0 })
    // Its pairs are in the title, apart: not a match.
    expect(await firstCount('big red box')).toMatchObject({ title_matches: 0, rest_matches: 0 })
    expect((await firstCount('d bag r')).title_matches).toBeGreaterThan(0)
    // Each of its triples is in the title, apart: not a match.
    expect(await firstCount('one two three four')).toMatchObject({ title_matches: 0, rest_matches: 0 })
    expect((await firstCount('ne two three and tw')).title_matches).toBeGreaterThan(0)
    expect((await firstCount('bag red box')).title_matches).toBeGreaterThan(0)
  })

  test('of one or two characters read their own rows alone', async () => {
    await db
      .insertInto('products')
      .values(newProducts(40, (i) => ({ title: `Tiny ${i} mylar`, description: i % 3 ? 'xy' : null })))
      .execute()
    for (const term of ['y', 'xy', 'M', '3 ']) expect(await firstCount(term), term).toEqual(await countedByIlike(term))
    for (const term of ['y', 'xy', 'M'])
      expect((await countWithScans(term)).scans, term).toEqual({
        products: 0,
        product_search: 0,
        search_word_blocks: 0,
        search_gram_blocks: 1,
      })
  })

  test("two writers of one block at once keep each other's bits", async () => {
    const [first, second] = await db
      .insertInto('products')
      .values(newProducts(2, (i) => ({ title: `Shared word ${i}`, description: 'both' })))
      .returning('id')
      .execute()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const rename = (id: number, title: string, hold?: Promise<void>) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ title }).where('id', '=', id).execute()
        await hold
      })
    const one = rename(first!.id, 'Shared word alpha', held)
    await expect.poll(() => waitingOnLocks(), { timeout: 5_000 }).toBe(0)
    const other = rename(second!.id, 'Shared word beta') // waits for the rows the first holds
    await expect.poll(() => waitingOnLocks(), { timeout: 5_000 }).toBe(1)
    release()
    await Promise.all([one, other])
    await expectKeptExactly()
    for (const term of ['alpha', 'beta', 'shared word', 'al', 'ta', 'd'])
      expect(await firstCount(term), term).toEqual(await countedByIlike(term))
  })

  test('of four words or more read only the texts that their triples and pairs cannot settle', async () => {
    const titled = await db
      .insertInto('products')
      .values(
        newProducts(3, (i) => ({
          // In the title, and again in the description; the middle pair once in each.
          title: ['Long box for comics', 'Red box for comics red box for comics', 'Tall box for'][i]!,
          description: ['Long box for comics', null, 'box for comics, with a lid'][i],
        })),
      )
      .returning('id')
      .execute()
    await db
      .insertInto('products')
      .values(
        newProducts(3, (i) => ({
          title: ['Shelf box for comics', 'Plain', 'Plain'][i]!,
          description: [
            'a box for comics and a box for comics',
            'the short box for comics is here',
            'one two three and two three four',
          ][i],
        })),
      )
      .execute()
    const terms = [
      'long box for comics',
      'red box for comics',
      'box for comics red box',
      'tall box for comics',
      'l box for comics',
      'a box for comics',
      'box for comics and a',
      'short box for comics',
      'e short box for comics is h',
      'f box for comics',
      'box for comics with',
      // Every triple in one description, apart: "two three" twice there.
      'one two three four',
      'ne two three and tw',
    ]
    for (const term of terms) expect(await firstCount(term), term).toEqual(await countedByIlike(term))
    expect((await firstCount('long box for comics')).title_ids).toEqual([titled[0]!.id])
    // Settled by the bits: every triple in the title and its pairs once there, or all in the description alone.
    for (const term of ['long box for comics', 'short box for comics'])
      expect((await countWithScans(term)).scans, term).toMatchObject({ products: 0, product_search: 0 })
    // "box for" twice in one title; triples split between title and description: their texts are read.
    for (const term of ['red box for comics', 'tall box for comics'])
      expect((await countWithScans(term)).scans, term).toMatchObject({ products: 0, product_search: 1 })
  })

  test('a word no product has any more matches nothing', async () => {
    const product = await createProduct({ title: 'Zorbax sleeve', description: 'Quuxly made' })
    await db
      .updateTable('products')
      .set({ title: 'Quillon sleeve', description: null })
      .where('id', '=', product.id)
      .execute()
    await expectKeptExactly()
    expect(await firstCount('zorb')).toMatchObject({ title_matches: 0, rest_matches: 0, title_ids: [] })
    expect((await firstCount('quillon')).title_ids).toEqual([product.id])
  })

  test('bits follow products across blocks: a bulk insert, a bulk hide, a delete', async () => {
    await db
      .insertInto('products')
      .values(
        newProducts(1500, (i) => ({ title: `Blocky ${i % 7 ? 'sleeve' : 'board'}`, description: `Batch ${i % 3}` })),
      )
      .execute()
    await expectKeptExactly()
    await db.updateTable('products').set({ soft_hidden: true }).where('title', '=', 'Blocky board').execute()
    await db.deleteFrom('products').where('description', '=', 'Batch 2').execute()
    await expectKeptExactly()
    for (const term of ['blocky', 'board', 'batch', 'sleeve'])
      expect(await firstCount(term), term).toEqual(await countedByIlike(term))
  })
})

describe('the migration', () => {
  test('copies the visible products that exist when it runs', async () => {
    const migrator = createMigrator(db)
    expect((await migrator.migrateDown()).error).toBeUndefined() // 20261206000000_search_phrases
    expect((await migrator.migrateDown()).error).toBeUndefined() // 20261205000000_search_grams
    expect((await migrator.migrateDown()).error).toBeUndefined() // 20261204000000_search_word_triples
    expect((await migrator.migrateDown()).error).toBeUndefined() // 20261203000000_search_words
    expect((await migrator.migrateDown()).error).toBeUndefined() // 20261202000000_search_counts
    await db
      .insertInto('products')
      .values(newProducts(12, (i) => ({ title: `Before the table ${i}`, description: `Text ${i}` })))
      .execute()
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    await expectKeptExactly()
    expect((await db.selectFrom('product_search').select('id').execute()).length).toBeGreaterThanOrEqual(9)
  })
})
