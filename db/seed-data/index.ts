import { sql, type Insertable } from 'kysely'
import { embedTargets, parseMarkdown } from '#app/lib/content/parse-markdown.server.ts'
import { productIdsByAsin } from '#app/models/comparison.server.ts'
import { insertRevision, setEmbeds } from '#app/models/document.server.ts'
import type { Executor } from '../client.ts'
import type { Products, Reviews } from '../types.ts'
import { categories } from './categories.ts'
import { comparisons } from './comparisons.ts'
import { guides } from './guides.ts'
import { products, type SeedProduct } from './products.ts'
import { reviews } from './reviews.ts'
import { seedSpecs } from './specs.ts'

export interface SeedCounts {
  categories: number
  products: number
  reviews: number
  guides: number
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** When the demo guides went live, a day apart (the list shows the newer first); their words have not changed since. */
const GUIDES_PUBLISHED = Date.parse('2026-11-24T15:00:00Z')

/**
 * Loads the demo catalogue. Idempotent: rows that already exist are left untouched, and reviews are
 * only added to products created by this run, so a second run inserts nothing.
 */
export async function seedDatabase(db: Executor): Promise<SeedCounts> {
  return db.isTransaction ? seed(db) : db.transaction().execute(seed)
}

async function seed(trx: Executor): Promise<SeedCounts> {
  // Two seeds running at once would otherwise both find data_refresh_log empty.
  await sql`SELECT pg_advisory_xact_lock(hashtext('comic-vault.seed'))`.execute(trx)

  const now = Date.now()
  const created = new Date(now - 62 * DAY)

  const insertedCategories = await trx
    .insertInto('categories')
    .values(categories.map((c) => ({ ...c, created_at: created, updated_at: created })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .execute()

  const categoryIds = new Map(
    (
      await trx
        .selectFrom('categories')
        .select(['id', 'slug'])
        .where(
          'slug',
          'in',
          categories.map((c) => c.slug),
        )
        .execute()
    ).map((c) => [c.slug, c.id]),
  )

  const seedProducts: readonly SeedProduct[] = products
  const productRows = seedProducts.map((p, index): Insertable<Products> => {
    // Spread the times a little so that no two products tie when sorted.
    const createdAt = new Date(now - p.days_old * DAY - (index % 5) * 2 * HOUR)
    const lastUpdated = new Date(now - (1 + ((index * 7) % 50) / 10) * HOUR)
    return {
      asin: p.asin,
      title: p.title,
      brand: p.brand,
      category_id: categoryIds.get(p.category) ?? null,
      description: p.description,
      badges: [...p.badges],
      keywords: [...p.keywords],
      // Untagged: /go adds the site's own tag, if it has one (docs/decisions/076).
      affiliate_url: `https://www.amazon.com/dp/${p.asin}`,
      image_url: p.image_url,
      images: [p.image_url, ...(p.more_images ?? [])],
      price: p.price,
      manual_price: p.manual_price ?? null,
      rating: p.rating,
      review_count: p.review_count,
      is_featured: p.is_featured ?? false,
      soft_hidden: p.soft_hidden ?? false,
      last_updated: lastUpdated,
      created_at: createdAt,
      updated_at: lastUpdated,
      ...seedSpecs[p.asin],
    }
  })

  const insertedProducts = await trx
    .insertInto('products')
    .values(productRows)
    .onConflict((oc) => oc.column('asin').doNothing())
    .returning(['id', 'asin'])
    .execute()

  const newProductIds = new Map(insertedProducts.map((p) => [p.asin, p.id]))
  const reviewRows = reviews.flatMap((r): Insertable<Reviews>[] => {
    const productId = newProductIds.get(r.asin)
    if (productId === undefined) return []
    const createdAt = new Date(now - r.days_ago * DAY - 3 * HOUR)
    return [
      {
        product_id: productId,
        reviewer_name: r.reviewer_name,
        rating: r.rating,
        comment: r.comment,
        status: r.status,
        helpful_count: r.helpful_count,
        created_at: createdAt,
        updated_at: createdAt,
      },
    ]
  })
  const insertedReviews = reviewRows.length
    ? await trx.insertInto('reviews').values(reviewRows).returning('id').execute()
    : []

  // The demo comparison tables; a table gets its rows only in the run that creates it, so an owner's later edits
  // to it (or its deletion of a row) are never undone by another seed.
  const insertedTables = await trx
    .insertInto('comparison_tables')
    .values(
      comparisons.map((table) => ({
        slug: table.slug,
        name: table.name,
        description: table.description,
        columns: [...table.columns],
        created_at: created,
        updated_at: created,
      })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning(['id', 'slug'])
    .execute()
  if (insertedTables.length) {
    const listed = await productIdsByAsin(
      trx,
      comparisons.flatMap((table) => table.asins),
    )
    const productIds = new Map(listed.map((p) => [p.asin, p.id]))
    const tableRows = insertedTables.flatMap((inserted) => {
      const table = comparisons.find((candidate) => candidate.slug === inserted.slug)!
      const ids = table.asins.flatMap((asin) => productIds.get(asin) ?? [])
      return ids.map((productId, position) => ({ table_id: inserted.id, product_id: productId, position }))
    })
    if (tableRows.length) await trx.insertInto('comparison_table_products').values(tableRows).execute()
  }

  // The demo guides, published, each with its first revision and what it embeds; like the tables, a guide is written
  // only by the run that creates it, so an owner's edits are never undone by another seed.
  const insertedGuides = await trx
    .insertInto('documents')
    .values(
      guides.map((guide, index) => {
        const published = new Date(GUIDES_PUBLISHED + index * DAY)
        return {
          kind: 'guide',
          slug: guide.slug,
          title: guide.title,
          summary: guide.summary,
          body: guide.body,
          status: 'published',
          published_at: published,
          text_changed_at: published,
          last_reviewed_on: guide.lastReviewed,
          created_at: published,
          updated_at: published,
        }
      }),
    )
    .onConflict((oc) => oc.columns(['kind', 'slug']).doNothing())
    .returning(['id', 'slug', 'revision'])
    .execute()
  for (const row of insertedGuides) {
    const guide = guides.find((candidate) => candidate.slug === row.slug)!
    const { title, summary, body } = guide
    await insertRevision(trx, { document_id: row.id, revision: row.revision, title, summary, body, author_id: null })
    await setEmbeds(trx, row.id, embedTargets(parseMarkdown(body).embeds))
  }

  const refreshLog = await trx.selectFrom('data_refresh_log').select('id').limit(1).executeTakeFirst()
  if (!refreshLog) {
    const { count } = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow()
    const total = Number(count)
    const refreshedAt = new Date(now - 2 * HOUR)
    await trx
      .insertInto('data_refresh_log')
      .values({
        refresh_date: refreshedAt,
        status: 'succeeded',
        total,
        updated_count: total,
        failed_count: 0,
        message: 'Demo data seeded',
        finished_at: new Date(refreshedAt.getTime() + 90 * 1000),
      })
      .execute()
  }

  return {
    categories: insertedCategories.length,
    products: insertedProducts.length,
    reviews: insertedReviews.length,
    guides: insertedGuides.length,
  }
}
