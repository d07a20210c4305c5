import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { addProductViews } from '#app/models/product-view.server.ts'
import { listSearchSynonyms, searchProducts } from '#app/models/search.server.ts'
import { synonymMap } from '#app/utils/search-query.ts'
import { db, type Database } from '#db/client.ts'
import { startEmbeddedDatabase } from '#db/embedded.ts'
import { migrateToLatest } from '#db/migrator.ts'
import { seedDatabase } from '#db/seed-data/index.ts'

// The mode of `npm install && npm start`: PGlite on disk, reached by the same pg + Kysely code.
const dataDir = mkdtempSync(path.join(tmpdir(), 'cv-embedded-'))

async function open() {
  const embedded = await startEmbeddedDatabase(dataDir)
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: embedded.connectionString, max: 1 }) }),
  })
  return {
    db,
    async close() {
      await db.destroy()
      await embedded.stop()
    },
  }
}

const hiddenAmong = async (db: Kysely<Database>, asins: string[]) =>
  (await db.selectFrom('products').select('asin').where('asin', 'in', asins).where('soft_hidden', '=', true).execute())
    .length

describe('embedded database', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  test(
    'migrates, seeds, searches with pg_trgm, keeps transactions whole, and persists across restarts',
    { timeout: 90_000 },
    async () => {
      const first = await open()
      await migrateToLatest(first.db)
      const seeded = await seedDatabase(first.db)
      expect(seeded.products).toBeGreaterThanOrEqual(48)

      const matches = await first.db
        .selectFrom('products')
        .select('asin')
        .where((eb) => eb.or([eb('title', 'ilike', '%mylar%'), eb('description', 'ilike', '%mylar%')]))
        .execute()
      expect(matches.length).toBeGreaterThan(0)
      const { similarity } = await sql<{
        similarity: number
      }>`SELECT similarity('mylar', 'mylar sleeves') AS similarity`
        .execute(first.db)
        .then((r) => r.rows[0]!)
      expect(similarity).toBeGreaterThan(0)
      // Search in words on PGlite as on Postgres (docs/decisions/084): the same seeded catalogue answers the
      // same products in the same order, through unaccent, the stemmer, pg_trgm, synonyms and typos.
      const visibleMatches =
        matches.length -
        (await hiddenAmong(
          first.db,
          matches.map((m) => m.asin),
        ))
      expect((await searchProducts(first.db, 'MYLAR')).total).toBeGreaterThanOrEqual(visibleMatches)
      await seedDatabase(db)
      const synonyms = synonymMap(await listSearchSynonyms(db))
      for (const term of ['mylar bags', 'longbox', 'top loader', 'mylr', 'golden age bags', 'acid free', 'Mylár']) {
        const answer = async (on: Kysely<Database>) => {
          const found = await searchProducts(on, term, 1, undefined, { synonyms })
          return { ...found, products: found.products.map((product) => product.asin), matchIds: null }
        }
        const embedded = await answer(first.db)
        expect(embedded, term).toEqual(await answer(db))
        expect(embedded.total, term).toBeGreaterThan(0)
      }
      expect((await searchProducts(first.db, 'no such phrase')).total).toBe(0)

      // The view counter's one upsert (docs/decisions/046): unnest and ON CONFLICT on PGlite as on Postgres.
      const viewed = { day: '2026-11-25', asin: matches[0]!.asin }
      await addProductViews(first.db, [
        { ...viewed, views: 2 },
        { day: '2026-11-25', asin: 'B0NOSUCH00', views: 1 },
      ])
      await addProductViews(first.db, [{ ...viewed, views: 3 }])
      expect(await first.db.selectFrom('product_views').select('views').execute()).toEqual([{ views: 5 }])

      // A failed transaction leaves nothing behind, while other queries wait their turn on the single connection.
      await expect(
        first.db.transaction().execute(async (trx) => {
          await trx.insertInto('categories').values({ name: 'Temporary', slug: 'temporary' }).execute()
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () => first.db.selectFrom('categories').select('slug').execute()),
      )
      for (const rows of concurrent) expect(rows.map((r) => r.slug)).not.toContain('temporary')
      await first.close()

      const second = await open()
      expect((await migrateToLatest(second.db)).results).toEqual([])
      const { count } = await second.db
        .selectFrom('products')
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow()
      expect(count).toBe(seeded.products)
      await second.close()
    },
  )
})
