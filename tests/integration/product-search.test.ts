import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { searchProducts } from '#app/models/search.server.ts'
import { db } from '#db/client.ts'
import { createMigrator } from '#db/migrator.ts'
import { createProduct, nextAsin } from '#tests/support/catalogue.ts'

// product_search (docs/decisions/059): the visible products' lower-cased search texts, joined (spaces as "Q"),
// kept by triggers on products. After any write it must hold exactly what products says, leave no GIN pending
// list behind, and first counts must read it alone.

/** What product_search must hold, read from products the obvious way. */
async function expectKeptExactly() {
  const kept = await db.selectFrom('product_search').selectAll().orderBy('id').execute()
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
  const { rows } = await sql<{ pending: string }>`
    SELECT gin_clean_pending_list('product_search_joined_title_trgm_idx')
         + gin_clean_pending_list('product_search_joined_description_trgm_idx') AS pending`.execute(db)
  expect(Number(rows[0]!.pending)).toBe(0)
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
  test('read product_search, never products, and count what products holds', async () => {
    await db
      .insertInto('products')
      .values(newProducts(30, (i) => ({ title: `Counted Mylar ${i}`, description: i % 2 ? 'with mylar' : null })))
      .execute()
    await db
      .insertInto('products')
      .values(newProducts(5, (i) => ({ title: `Box ${i}`, description: 'MYLAR' })))
      .execute()
    // The backend's own scan counters (not yet reported, so exact), before and after the count.
    const counted = await db.transaction().execute(async (trx) => {
      const scans = async () => {
        const { rows } = await sql<{ relname: string; scans: number }>`
          SELECT relname, (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int AS scans
          FROM pg_stat_xact_user_tables WHERE relname IN ('products', 'product_search')`.execute(trx)
        return Object.fromEntries(rows.map((row) => [row.relname, row.scans]))
      }
      const before = await scans()
      const { rows } = await sql<{ title_matches: number; rest_matches: number }>`
        SELECT title_matches, rest_matches FROM count_search_term('mylar', '%mylar%')`.execute(trx)
      const after = await scans()
      const made = (table: string) => after[table]! - before[table]!
      return { ...rows[0]!, scans: { products: made('products'), product_search: made('product_search') } }
    })
    expect(counted.scans.products).toBe(0)
    expect(counted.scans.product_search).toBeGreaterThan(0)
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
    expect((await searchProducts(db, 'MYLAR')).total).toBe(27)
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

describe('the migration', () => {
  test('copies the visible products that exist when it runs', async () => {
    const migrator = createMigrator(db)
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
