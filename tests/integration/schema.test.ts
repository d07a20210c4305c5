import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { db } from '#db/client.ts'
import { createMigrator } from '#db/migrator.ts'
import { planNodes, recordingDatabase } from '#tests/support/query-plans.ts'

const run = promisify(execFile)

async function insertCategory(slug: string) {
  return db
    .insertInto('categories')
    .values({ name: `Category ${slug}`, slug })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function insertProduct(asin: string, categoryId: number | null = null) {
  return db
    .insertInto('products')
    .values({ asin, title: `Product ${asin}`, category_id: categoryId })
    .returning('id')
    .executeTakeFirstOrThrow()
}

describe('schema', () => {
  test('db/types.ts is what the migrations produce (run `npm run db:types` after a migration)', async () => {
    const result = await run('npx', ['kysely-codegen', '--verify', '--url', process.env.DATABASE_URL!]).catch(
      (error: { stdout: string; stderr: string }) => error,
    )
    expect('code' in result ? `${result.stdout}\n${result.stderr}` : 'up to date').toBe('up to date')
  })

  test('every migration can be undone and applied again', async () => {
    const migrator = createMigrator(db)
    const names = (await migrator.getMigrations()).map((m) => m.name)
    for (const _ of names) expect((await migrator.migrateDown()).error).toBeUndefined()
    const { count } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'`
      .execute(db)
      .then((r) => r.rows[0]!)
    expect(count).toBe(0)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
  })

  test('products: asin unique and well-formed, money exact, rating bounded', async () => {
    await insertProduct('B0TEST0001')
    await expect(insertProduct('B0TEST0001')).rejects.toThrow(/products_asin_key/)
    await expect(insertProduct('not-an-asin')).rejects.toThrow(/check constraint/)
    await expect(
      db.insertInto('products').values({ asin: 'B0TEST0002', title: 'x', rating: '5.5' }).execute(),
    ).rejects.toThrow(/check constraint/)
    const row = await db
      .insertInto('products')
      .values({ asin: 'B0TEST0003', title: 'Exact', price: '19.99', manual_price: '0.10' })
      .returning(['price', 'manual_price', 'badges', 'soft_hidden'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ price: '19.99', manual_price: '0.10', badges: [], soft_hidden: false })
  })

  test('categories: slug unique and lowercase-hyphenated; a category with products cannot be deleted', async () => {
    const { id } = await insertCategory('test-slug')
    await expect(insertCategory('test-slug')).rejects.toThrow(/categories_slug_key/)
    await expect(insertCategory('Bad Slug')).rejects.toThrow(/check constraint/)
    const product = await insertProduct('B0TEST0010', id)
    await expect(db.deleteFrom('categories').where('id', '=', id).execute()).rejects.toThrow(/foreign key/)
    await db.deleteFrom('products').where('id', '=', product.id).execute()
    await db.deleteFrom('categories').where('id', '=', id).execute()
  })

  test('reviews: rating 1-5, a known status, removed with their product', async () => {
    const product = await insertProduct('B0TEST0020')
    const review = (rating: number, status = 'PENDING') =>
      db
        .insertInto('reviews')
        .values({ product_id: product.id, reviewer_name: 'Reader', rating, status: status as 'PENDING' })
        .execute()
    await expect(review(0)).rejects.toThrow(/check constraint/)
    await expect(review(6)).rejects.toThrow(/check constraint/)
    await expect(review(5, 'PUBLISHED')).rejects.toThrow(/invalid input value for enum/)
    await review(5)
    const [stored] = await db.selectFrom('reviews').select('status').where('product_id', '=', product.id).execute()
    expect(stored?.status).toBe('PENDING')
    await db.deleteFrom('products').where('id', '=', product.id).execute()
    expect(await db.selectFrom('reviews').where('product_id', '=', product.id).execute()).toHaveLength(0)
  })

  test('users: e-mail unique whatever its case; roles limited to admin, editor, viewer', async () => {
    const user = await db
      .insertInto('users')
      .values({ email: 'Owner@Example.com' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await expect(db.insertInto('users').values({ email: 'owner@example.COM' }).execute()).rejects.toThrow(
      /users_email_key/,
    )
    await expect(
      db
        .insertInto('user_roles')
        .values({ user_id: user.id, role: 'superuser' as 'admin' })
        .execute(),
    ).rejects.toThrow(/invalid input value for enum/)
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'editor' }).execute()
    await db.deleteFrom('users').where('id', '=', user.id).execute()
    expect(await db.selectFrom('user_roles').where('user_id', '=', user.id).execute()).toHaveLength(0)
  })

  test("search on the lower-cased title and description is served by product_search's trigram indexes", async () => {
    await sql`SET enable_seqscan = off`.execute(db)
    const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN SELECT id FROM product_search
      WHERE joined_title LIKE search_joined('%golden myla%') OR joined_description LIKE search_joined('%golden myla%')`.execute(
      db,
    )
    await sql`RESET enable_seqscan`.execute(db)
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(text).toContain('product_search_joined_title_trgm_idx')
    expect(text).toContain('product_search_joined_description_trgm_idx')
  })

  test('products has no trigram index of its own', async () => {
    const { rows } = await sql<{ index: string }>`
      SELECT c.relname AS index FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_opclass o ON o.oid = ANY(i.indclass)
      WHERE o.opcname = 'gin_trgm_ops' ORDER BY 1`.execute(db)
    expect(rows.map((row) => row.index)).toEqual([
      'product_search_joined_description_trgm_idx',
      'product_search_joined_title_trgm_idx',
      'search_word_blocks_pair_trgm_idx',
      'search_word_blocks_triple_trgm_idx',
      'search_word_blocks_word_trgm_idx',
    ])
  })

  test("a common term's page walks the newest-first index, and no other index is read whole and sorted", async () => {
    // A catalogue the planner has statistics of, with other indexes on the visible products it could read whole.
    await sql`
      INSERT INTO products (asin, title, kind, created_at)
      SELECT 'PLAN' || lpad(i::text, 6, '0'), CASE WHEN i % 1000 = 0 THEN 'Board sides (100)' ELSE 'Box ' || i END,
             'box', now() - ((i * 7919) % 5000) * interval '1 minute'
      FROM generate_series(1, 5000) AS i`.execute(db)
    await sql`ANALYZE products`.execute(db)
    const recording = recordingDatabase(process.env.DATABASE_URL!)
    try {
      for (const rest of [false, true]) {
        const walk = sql`SELECT id FROM search_walk('%sides (100%', ${rest}, 24, 0)`.compile(recording.db)
        const nodes = planNodes(await recording.explain(walk))
        const scans = nodes.filter((node) => node['Relation Name'] === 'products')
        expect(scans.map((node) => `${node['Node Type']} using ${node['Index Name']}`)).toEqual([
          'Index Scan using products_newest_idx',
        ])
        expect(nodes.filter((node) => node['Node Type'] === 'Sort')).toEqual([])
      }
    } finally {
      await recording.destroy()
      await db.deleteFrom('products').where('asin', 'like', 'PLAN%').execute()
    }
  })

  test('every page of a common term reads the same order, the first walked and the deep ones gathered', async () => {
    const { searchProducts, walkReachesSooner, SEARCH_PAGE_SIZE } = await import('#app/models/search.server.ts')
    // 1,200 matches: past the kept ids, so each page is walked for or gathered, by its depth.
    await sql`
      INSERT INTO products (asin, title, kind, created_at)
      SELECT 'DEEP' || lpad(i::text, 6, '0'), CASE WHEN i % 4 = 0 THEN 'Deep Sleeve ' || i ELSE 'Box ' || i END,
             'box', now() - ((i * 7919) % 5000) * interval '1 minute'
      FROM generate_series(1, 4800) AS i`.execute(db)
    await sql`ANALYZE products`.execute(db)
    try {
      const expected = await sql<{ asin: string }>`
        SELECT asin FROM products WHERE NOT soft_hidden AND search_title LIKE '%deep sleeve%'
        ORDER BY created_at DESC, id DESC`.execute(db)
      const pages = Math.ceil(expected.rows.length / SEARCH_PAGE_SIZE)
      const read: string[] = []
      for (let page = 1; page <= pages; page++) {
        const { products, total } = await searchProducts(db, 'deep sleeve', page)
        expect(total).toBe(1200)
        read.push(...products.map((product) => product.asin))
      }
      expect(read).toEqual(expected.rows.map((row) => row.asin))
      // Both ways were taken.
      const { rows } = await sql<{ visible: number }>`
        SELECT reltuples::int AS visible FROM pg_class WHERE oid = 'products_newest_idx'::regclass`.execute(db)
      const walked = Array.from({ length: pages }, (_, i) => i * SEARCH_PAGE_SIZE).filter((offset) =>
        walkReachesSooner(offset, SEARCH_PAGE_SIZE, 1200, rows[0]!.visible),
      ).length
      expect(walked).toBeGreaterThan(0)
      expect(walked).toBeLessThan(pages)
    } finally {
      await db.deleteFrom('products').where('asin', 'like', 'DEEP%').execute()
      await db.deleteFrom('search_terms').where('term', '=', 'deep sleeve').execute()
    }
  })

  test('the lower-cased copies follow the title and description they copy', async () => {
    const row = await db
      .insertInto('products')
      .values({ asin: 'LOWERCASE1', title: 'ÄRCHIVAL Mylar', description: null, affiliate_url: 'https://a.example' })
      .returning(['search_title', 'search_description'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ search_title: 'ärchival mylar', search_description: '' })
    await db.deleteFrom('products').where('asin', '=', 'LOWERCASE1').execute()
  })
})
