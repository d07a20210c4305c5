import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { db } from '#db/client.ts'
import { guides } from '#db/seed-data/guides.ts'
import { seedDatabase } from '#db/seed-data/index.ts'

const TABLES = [
  'categories',
  'products',
  'reviews',
  'data_refresh_log',
  'users',
  'documents',
  'document_revisions',
] as const

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
    expect(first.guides).toBe(guides.length)
    const before = await fingerprint()
    const embeds = await db.selectFrom('document_embeds').selectAll().orderBy('document_id').orderBy('target').execute()

    expect(await seedDatabase(db)).toEqual({ categories: 0, products: 0, reviews: 0, guides: 0 })
    expect(await fingerprint()).toBe(before)
    expect(
      await db.selectFrom('document_embeds').selectAll().orderBy('document_id').orderBy('target').execute(),
    ).toEqual(embeds)
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

  test('publishes the demo guides with their first revision, and records what each embeds', async () => {
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'slug', 'status', 'published_at', 'revision', sql<string>`last_reviewed_on::text`.as('reviewed')])
      .where('kind', '=', 'guide')
      .orderBy('published_at', 'desc')
      .execute()
    expect(rows.map((row) => row.slug)).toEqual(guides.map((guide) => guide.slug).reverse())
    for (const row of rows) {
      const guide = guides.find((candidate) => candidate.slug === row.slug)!
      expect(row).toMatchObject({ status: 'published', revision: 1, reviewed: guide.lastReviewed })
      const revisions = await db
        .selectFrom('document_revisions')
        .selectAll()
        .where('document_id', '=', row.id)
        .execute()
      expect(revisions).toEqual([
        expect.objectContaining({ revision: 1, title: guide.title, body: guide.body, author_id: null }),
      ])
    }

    // Every kind of embed names something seeded: the Golden Age guide's boards, boxes, sleeves and table.
    const golden = rows.find((row) => row.slug === 'bag-and-board-a-golden-age-run')!
    const embeds = await db
      .selectFrom('document_embeds')
      .select(['target_type', 'target'])
      .where('document_id', '=', golden.id)
      .execute()
    expect(embeds).toEqual(
      expect.arrayContaining([
        { target_type: 'product', target: 'B093QQEFK8' },
        { target_type: 'product', target: 'B073TEQUFH' },
        { target_type: 'product', target: 'B0B32QEFJ4' },
        { target_type: 'comparison', target: 'golden-age-sleeves' },
      ]),
    )
    const missing = await db
      .selectFrom('document_embeds as e')
      .leftJoin('products as p', 'p.asin', 'e.target')
      .leftJoin('comparison_tables as t', 't.slug', 'e.target')
      .leftJoin('categories as c', 'c.slug', 'e.target')
      .select(['e.target_type', 'e.target'])
      .where((eb) =>
        eb.or([
          eb.and([eb('e.target_type', '=', 'product'), eb('p.id', 'is', null)]),
          eb.and([eb('e.target_type', '=', 'comparison'), eb('t.id', 'is', null)]),
          eb.and([eb('e.target_type', '=', 'category'), eb('c.id', 'is', null)]),
        ]),
      )
      .execute()
    expect(missing, 'embeds that name nothing seeded').toEqual([])
  })

  test('creates no panel user: the first admin comes only from the setup flow', async () => {
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([])
  })
})
