import { sql, type CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CATEGORY_PAGE_SIZE, listCategoryProducts } from '#app/models/product.server.ts'
import { SEARCH_PAGE_SIZE, searchProducts } from '#app/models/search.server.ts'
import { categorySpecFacets } from '#app/models/spec-facets.server.ts'
import type { CategoryFilters } from '#app/schemas/category-filters.ts'
import { NO_SPEC_FILTERS, type SpecFilters } from '#app/schemas/spec-filters.ts'
import { sentByName } from '#db/named-statements.ts'
import { planNodes, recordingDatabase, rowsRead, type PlanNode } from '#tests/support/query-plans.ts'

// Plans that do not depend on luck (issue 31, docs/decisions/057): the category page's SQL, taken from the models as
// they send it, explained on a catalogue as a bulk import leaves it: one large category of near-identical products
// loaded by one INSERT … SELECT and then only ANALYZE, so no page is all-visible and an index-only walk costs the
// planner as much as a heap fetch per entry. There, a row estimate that is off is all it takes for a page to scan
// its whole category and sort it. Each statement must use an index on products, read about what the strategy the
// model chose needs (walked: ~(offset + page) × in category ÷ matches; gathered: the matches), and be planned
// with a row count close to the true one (the exact total the page shows). A statement the pool sends by name is
// checked twice: planned for its values, and as the one plan Postgres may keep for it (docs/decisions/067).

const SLEEVES = 24_000
const BOXES = 3_000
const TOPLOADERS = 3_000
/** How far a row estimate may be from the truth, either way. */
const ESTIMATE_FACTOR = 3

const recording = recordingDatabase(process.env.DATABASE_URL!)
const categoryIds: Record<'sleeves' | 'boxes' | 'toploaders', number> = { sleeves: 0, boxes: 0, toploaders: 0 }
const visibleIn: Record<number, number> = {}

beforeAll(async () => {
  const { db } = recording
  const rows = await db
    .insertInto('categories')
    .values(['sleeves', 'boxes', 'toploaders'].map((slug) => ({ name: slug, slug })))
    .returning(['id', 'slug'])
    .execute()
  for (const row of rows) categoryIds[row.slug as keyof typeof categoryIds] = row.id
  // Autovacuum would make the table what an import does not leave (it is off on our machines, late in production).
  await sql`ALTER TABLE products SET (autovacuum_enabled = off)`.execute(db)
  // A number in [0, 1) per row and name, the same on every run.
  const uniforms = sql.raw(
    ['price', 'rating', 'reviews', 'hidden', 'created', 'manual', 'fits', 'thickness']
      .map((name, seed) => `(hashint4extended(g, ${seed}) & 2147483647)::float8 / 2147483648 AS u_${name}`)
      .join(', '),
  )
  // The categories interleave on the pages, as an import's rows do. Prices $10–$135 (4% with an owner's price),
  // ratings 3.0–5.0, 3% hidden, a year of creation dates: each a hash of the row number, independent of the others.
  await sql`
    WITH gen AS (
      SELECT g,
             CASE WHEN g % 10 < 8 THEN ${categoryIds.sleeves}::int
                  WHEN g % 10 = 8 THEN ${categoryIds.boxes}::int ELSE ${categoryIds.toploaders}::int END AS category_id,
             ${uniforms}
      FROM generate_series(1, ${SLEEVES + BOXES + TOPLOADERS}::int) AS g
    ),
    priced AS (SELECT gen.*, (trunc(10 + u_price * 125) + 0.99)::numeric AS price FROM gen)
    INSERT INTO products (asin, title, description, affiliate_url, category_id, price, manual_price, rating,
                          review_count, soft_hidden, created_at, last_updated, kind, material, fits, thickness_mil,
                          capacity)
    SELECT 'P' || lpad(g::text, 9, '0'),
           'Acme Archival Comic Sleeves #' || g,
           repeat('Archival, acid-free and crystal clear; fits a comic with room to spare. ', 6),
           'https://www.amazon.com/dp/P' || lpad(g::text, 9, '0'),
           category_id,
           price,
           CASE WHEN u_manual < 0.04 THEN round(price * 0.85, 2) END,
           round((3.0 + 2.0 * sqrt(u_rating))::numeric, 1),
           floor(power(u_reviews, 3) * 4000)::int,
           u_hidden < 0.03,
           now() - interval '1 day' - u_created * interval '365 days',
           now() - interval '1 hour',
           CASE category_id WHEN ${categoryIds.sleeves}::int THEN 'sleeve'::product_kind
                            WHEN ${categoryIds.boxes}::int THEN 'box' ELSE 'toploader' END,
           CASE category_id WHEN ${categoryIds.sleeves}::int THEN 'polypropylene'::product_material
                            WHEN ${categoryIds.boxes}::int THEN 'corrugated' ELSE 'rigid-plastic' END,
           CASE WHEN category_id = ${categoryIds.boxes}::int THEN ARRAY['modern', 'standard', 'silver', 'golden']
                WHEN u_fits < 0.6 THEN ARRAY['modern'] WHEN u_fits < 0.8 THEN ARRAY['silver'] ELSE ARRAY['golden'] END,
           CASE WHEN category_id <> ${categoryIds.sleeves}::int THEN NULL
                WHEN u_thickness < 0.5 THEN 2.0 WHEN u_thickness < 0.75 THEN 1.5 END,
           CASE WHEN category_id = ${categoryIds.boxes}::int THEN 300 END
    FROM priced`.execute(db)
  await sql`ANALYZE`.execute(db)
  const counts = await db
    .selectFrom('products')
    .where('soft_hidden', '=', false)
    .groupBy('category_id')
    .select(['category_id', sql<number>`count(*)::int`.as('n')])
    .execute()
  for (const row of counts) visibleIn[row.category_id!] = row.n
}, 120_000)

afterAll(() => recording.destroy())

const all: CategoryFilters = { sort: 'newest', minPrice: 0, maxPrice: null, minRating: 0, page: 1 }
const spec = (narrow: Partial<SpecFilters>): SpecFilters => ({ ...NO_SPEC_FILTERS, ...narrow })

interface Case {
  name: string
  category: keyof typeof categoryIds
  filters: Partial<CategoryFilters>
  spec?: SpecFilters
}

// Every sort with the price window alone, with a rating, with both, and narrow enough to be gathered; later
// pages; and the spec filters (material, thickness, eras).
const cases: Case[] = [
  { name: 'newest', category: 'sleeves', filters: {} },
  { name: 'newest, $20 and up', category: 'sleeves', filters: { minPrice: 20 } },
  { name: 'newest, $40–$80, 4+ stars', category: 'sleeves', filters: { minPrice: 40, maxPrice: 80, minRating: 4 } },
  { name: 'newest, $5–$50, 4.5+ stars', category: 'sleeves', filters: { minPrice: 5, maxPrice: 50, minRating: 4.5 } },
  { name: 'newest, $55–$60', category: 'sleeves', filters: { minPrice: 55, maxPrice: 60 } },
  {
    name: 'newest, $10–$15, 4.5+ stars (gathered)',
    category: 'sleeves',
    filters: { minPrice: 10, maxPrice: 15, minRating: 4.5 },
  },
  { name: 'newest, $30–$90, page 10', category: 'sleeves', filters: { minPrice: 30, maxPrice: 90, page: 10 } },
  { name: 'top rated', category: 'sleeves', filters: { sort: 'rating' } },
  { name: 'top rated, $30–$70', category: 'sleeves', filters: { sort: 'rating', minPrice: 30, maxPrice: 70 } },
  {
    name: 'top rated, $5–$50, 4+ stars',
    category: 'sleeves',
    filters: { sort: 'rating', minPrice: 5, maxPrice: 50, minRating: 4 },
  },
  { name: 'top rated, up to $25', category: 'sleeves', filters: { sort: 'rating', maxPrice: 25 } },
  {
    name: 'top rated, $70–$75, 4.5+ stars (gathered)',
    category: 'sleeves',
    filters: { sort: 'rating', minPrice: 70, maxPrice: 75, minRating: 4.5 },
  },
  {
    name: 'price low to high, $40–$60, 4.5+ stars',
    category: 'sleeves',
    filters: { sort: 'price-low', minPrice: 40, maxPrice: 60, minRating: 4.5 },
  },
  { name: 'price low to high, page 20', category: 'sleeves', filters: { sort: 'price-low', page: 20 } },
  { name: 'price high to low, 4+ stars', category: 'sleeves', filters: { sort: 'price-high', minRating: 4 } },
  {
    name: 'price high to low, $25–$95',
    category: 'sleeves',
    filters: { sort: 'price-high', minPrice: 25, maxPrice: 95 },
  },
  { name: 'boxes, newest, $20–$60', category: 'boxes', filters: { minPrice: 20, maxPrice: 60 } },
  { name: 'boxes, top rated, 4+ stars', category: 'boxes', filters: { sort: 'rating', minRating: 4 } },
  { name: 'newest, polypropylene', category: 'sleeves', filters: {}, spec: spec({ materials: ['polypropylene'] }) },
  {
    name: 'top rated, 4.5+ stars, polypropylene, page 20',
    category: 'sleeves',
    filters: { sort: 'rating', minRating: 4.5, page: 20 },
    spec: spec({ materials: ['polypropylene'] }),
  },
  {
    name: 'price low to high, 2 mil and up',
    category: 'sleeves',
    filters: { sort: 'price-low' },
    spec: spec({ minThickness: 2 }),
  },
  {
    name: 'newest, up to 1.5 mil, $30–$90',
    category: 'sleeves',
    filters: { minPrice: 30, maxPrice: 90 },
    spec: spec({ maxThickness: 1.5 }),
  },
  { name: 'newest, rigid plastic', category: 'toploaders', filters: {}, spec: spec({ materials: ['rigid-plastic'] }) },
  { name: 'newest, fits golden', category: 'sleeves', filters: {}, spec: spec({ fits: ['golden'] }) },
  {
    name: 'top rated, fits silver, $30–$90',
    category: 'sleeves',
    filters: { sort: 'rating', minPrice: 30, maxPrice: 90 },
    spec: spec({ fits: ['silver'] }),
  },
]

/**
 * The statements that read products, each with the plans Postgres may run it by:
 * planned for its values, and, for a statement the pool sends by name, the one plan Postgres may keep for it after a
 * connection's first calls, whichever values those had (docs/decisions/067).
 */
async function plansOf(statements: CompiledQuery[]) {
  const plans = []
  for (const statement of statements) {
    if (!/\bfrom "?products"?/i.test(statement.sql)) continue
    plans.push({ statement, plan: await recording.explain(statement), kept: false })
    if (sentByName(statement.sql, statement.parameters)) {
      plans.push({ statement, plan: await recording.explainGeneric(statement), kept: true })
    }
  }
  return plans
}

const onProducts = (node: PlanNode) => node['Relation Name'] === 'products'
const conditions = (node: PlanNode) => [node['Index Cond'], node['Recheck Cond'], node.Filter].join(' ')
const describeNode = (node: PlanNode) =>
  `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}: ${rowsRead(node)} rows read, ` +
  `${node['Plan Rows']} estimated, ${node['Actual Rows']} × ${node['Actual Loops']} given`

describe('category page plans on a bulk-loaded catalogue, before any VACUUM', () => {
  test.each(cases)('$name', async ({ category, filters: narrow, spec: specFilters = NO_SPEC_FILTERS }) => {
    const categoryId = categoryIds[category]
    const filters = { ...all, ...narrow }
    const { result, statements } = await recording.record((db) =>
      listCategoryProducts(db, categoryId, filters, specFilters),
    )
    const { total } = result
    const inCategory = visibleIn[categoryId]!
    const offset = (filters.page - 1) * CATEGORY_PAGE_SIZE
    expect(total).toBeGreaterThan(offset) // a page with products: the case tests what it says
    // What the cheaper way reads, walked or gathered, with room for the uneven spread of real rows.
    const pageBudget = 3 * Math.min(total, ((offset + CATEGORY_PAGE_SIZE) * inCategory) / total) + 100
    const plans = await plansOf(statements)
    expect(plans.length).toBeGreaterThan(0)
    for (const { statement, plan, kept } of plans) {
      const nodes = planNodes(plan)
      const scans = nodes.filter(onProducts)
      const shown = `${kept ? 'kept plan of ' : ''}${statement.sql}\n${scans.map(describeNode).join('\n')}`
      // A spec filter's exact count reads every match (docs/decisions/041): from the index alone once the table is
      // vacuumed, from the heap before, the way the planner finds cheapest. Only its row estimate is checked.
      if (!/^select count\(\*\)/i.test(statement.sql)) {
        expect(
          scans.filter((node) => node['Node Type'] === 'Seq Scan'),
          shown,
        ).toEqual([])
        const read = scans.reduce((sum, node) => sum + rowsRead(node), 0)
        expect(read, shown).toBeLessThanOrEqual(pageBudget)
        for (const sort of nodes.filter((node) => node['Node Type'] === 'Sort')) {
          expect(sort.Plans![0]!['Actual Rows'], shown).toBeLessThanOrEqual(pageBudget)
        }
      }
      // The planner's count of the rows passing the page's filters, against the truth. Eras are tested with
      // array overlap, which no statistics can relate to the category: their plans are checked by what they read.
      // A kept plan is made for no values in particular: it too is checked by what it reads.
      if (specFilters.fits.length || kept) continue
      for (const scan of scans.filter((node) => conditions(node).includes('category_id'))) {
        expect(scan['Plan Rows'], shown).toBeGreaterThanOrEqual(total / ESTIMATE_FACTOR)
        expect(scan['Plan Rows'], shown).toBeLessThanOrEqual(total * ESTIMATE_FACTOR)
      }
    }
  })

  test.each(['sleeves', 'boxes', 'toploaders'] as const)('the spec facets of %s', async (category) => {
    const { statements } = await recording.record((db) => categorySpecFacets(db, categoryIds[category]))
    expect(statements.filter((statement) => /\bfrom "?products"?\b/i.test(statement.sql))).toHaveLength(1)
    for (const { statement, plan, kept } of await plansOf(statements)) {
      const scans = planNodes(plan).filter(onProducts)
      const shown = `${kept ? 'kept plan of ' : ''}${statement.sql}\n${scans.map(describeNode).join('\n')}`
      // One probe per distinct value, whatever the category's size (a loose index scan), and "any thickness?"
      // stops at the first, or is answered from an index when no product has one.
      expect(
        scans.reduce((sum, node) => sum + rowsRead(node), 0),
        shown,
      ).toBeLessThanOrEqual(100)
    }
  })
})

// The search page's statements on the same catalogue (docs/decisions/083): the matches, then the page's cards by id. The terms: in every title ("sleeves"), in every
// description and no title ("room to spare"), in eleven titles ("#2345"), none.
describe('search page plans on the same catalogue', () => {
  test.each(['sleeves', 'room to spare', '#2345', 'no such thing'])('%s', async (term) => {
    const { result, statements } = await recording.record((db) => searchProducts(db, term, 1))
    expect(result.products.length).toBe(Math.min(result.total, SEARCH_PAGE_SIZE))
    for (const { statement, plan, kept } of await plansOf(statements)) {
      const scans = planNodes(plan).filter(onProducts)
      const shown = `${kept ? 'kept plan of ' : ''}${statement.sql}\n${scans.map(describeNode).join('\n')}`
      // The cards are read by their ids, one each (the matches are the planner's to gather: decision 083).
      if (/"p"\."id" in/.test(statement.sql) && !kept) {
        expect(
          scans.reduce((sum, node) => sum + rowsRead(node), 0),
          shown,
        ).toBeLessThanOrEqual(SEARCH_PAGE_SIZE)
      }
    }
  })
})
