import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { db } from '#db/client.ts'
import { seedDatabase } from '#db/seed-data/index.ts'

const TABLES = ['categories', 'products', 'reviews', 'data_refresh_log', 'users'] as const

/** A fingerprint of every row of the seeded tables: equal fingerprints mean nothing changed. */
async function fingerprint() {
  const parts = await Promise.all(
    TABLES.map((table) =>
      sql<{
        digest: string | null
      }>`SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS digest FROM ${sql.table(table)} t`
        .execute(db)
        .then((r) => `${table}:${r.rows[0]?.digest}`),
    ),
  )
  return parts.join('\n')
}

describe('seed', () => {
  test('loads a realistic demo catalogue, and a second run changes nothing', async () => {
    const first = await seedDatabase(db)
    expect(first.products).toBeGreaterThanOrEqual(48)
    expect(first.reviews).toBeGreaterThan(0)
    const before = await fingerprint()

    expect(await seedDatabase(db)).toEqual({ categories: 0, products: 0, reviews: 0 })
    expect(await fingerprint()).toBe(before)
  })

  test('has the categories the site links to, every one with products', async () => {
    const rows = await db
      .selectFrom('categories as c')
      .leftJoin('products as p', 'p.category_id', 'c.id')
      .select(['c.slug', sql<number>`count(p.id)::int`.as('products')])
      .groupBy('c.slug')
      .execute()
    const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r.products]))
    for (const slug of [
      'mylar-sleeves',
      'polypropylene-sleeves',
      'poly-sleeves',
      'backing-boards',
      'short-boxes',
      'long-boxes',
    ]) {
      expect(bySlug[slug], slug).toBeGreaterThan(0)
    }
  })

  test('covers the states the storefront shows: featured, hidden, manual prices, fresh data, reviews', async () => {
    const stats = await db
      .selectFrom('products')
      .select([
        sql<number>`count(*) FILTER (WHERE is_featured AND NOT soft_hidden)::int`.as('featured'),
        sql<number>`count(*) FILTER (WHERE soft_hidden)::int`.as('hidden'),
        sql<number>`count(*) FILTER (WHERE manual_price IS NOT NULL)::int`.as('manual'),
        sql<number>`count(*) FILTER (WHERE last_updated < now() - interval '24 hours')::int`.as('stale'),
        sql<number>`count(*) FILTER (WHERE image_url IS NULL OR brand IS NULL OR description IS NULL)::int`.as(
          'incomplete',
        ),
      ])
      .executeTakeFirstOrThrow()
    expect(stats.featured).toBeGreaterThanOrEqual(8)
    expect(stats.hidden).toBeGreaterThan(0)
    expect(stats.manual).toBeGreaterThan(0)
    expect(stats.stale).toBe(0)
    expect(stats.incomplete).toBe(0)

    const statuses = await db.selectFrom('reviews').select('status').distinct().execute()
    expect(statuses.map((s) => s.status).sort()).toEqual(['APPROVED', 'PENDING', 'REJECTED'])
    expect(await db.selectFrom('data_refresh_log').selectAll().execute()).toHaveLength(1)
  })

  test('creates no panel user: the first admin comes only from the setup flow', async () => {
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([])
  })
})
