import { parseArgs } from 'node:util'
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely'
import pg from 'pg'
import { listCategoryProducts } from '#app/models/product.server.ts'
import { suggestSearch } from '#app/models/search-suggest.server.ts'
import { searchProducts } from '#app/models/search.server.ts'
import { catalogueSpecFacets, categorySpecFacets, specFacetsOfIds } from '#app/models/spec-facets.server.ts'
import type { CategoryFilters } from '#app/schemas/category-filters.ts'
import { NO_SPEC_FILTERS, type SpecFilters } from '#app/schemas/spec-filters.ts'
import type { Database } from '#db/client.ts'
import { databaseUrlFor } from './data.ts'

// npm run bench:explain: the SQL a search and a category page send, each under EXPLAIN (ANALYZE, BUFFERS), on
// the bench database (`npm run bench -- --products N` builds it). The queries are captured from the models
// themselves, so the plans are those of the code, not of a copy. See bench/README.md.

const { values: options } = parseArgs({
  options: {
    database: { type: 'string', default: 'cv_bench' },
    common: { type: 'string', default: 'mylar' },
    rare: { type: 'string', default: 'Mylites Magazine Bags, Digest' },
    // More searches: a typo, a word most products have, common neighbours, three and four common words, one
    // character and two.
    none: { type: 'string', default: 'golden myla' },
    word: { type: 'string', default: 'comic' },
    pair: { type: 'string', default: 'comic book' },
    phrase: { type: 'string', default: 'bags and boards' },
    phrase4: { type: 'string', default: 'comic bags and boards' },
    letter: { type: 'string', default: 'a' },
    letters: { type: 'string', default: 'bo' },
  },
})

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const pool = new pg.Pool({ connectionString: databaseUrlFor(serverUrl, options.database), max: 1 })
let captured: CompiledQuery[] = []
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') captured.push(event.query)
  },
})

async function explain(label: string, run: () => Promise<unknown>) {
  await run() // warms the cache: measure the second
  captured = []
  await run()
  const queries = captured.filter((query) => !/^(begin|commit|rollback)\b/i.test(query.sql))
  console.log(`\n### ${label}\n`)
  let total = 0
  // Replayed in one transaction, rolled back, so nothing is written twice.
  const client = await pool.connect()
  await client.query('BEGIN')
  for (const query of queries) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
      query.parameters as unknown[],
    )
    const plan = rows.map((row) => row['QUERY PLAN'])
    total += Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1] ?? 0)
    // A page's ids make a long literal: the count says enough.
    const shown = plan.join('\n').replace(/'\{[\d,]{80,}\}'/g, (ids) => `'{…${ids.split(',').length} ids}'`)
    console.log('```\n' + query.sql.replace(/\s+/g, ' ') + '\n' + shown + '\n```')
  }
  await client.query('ROLLBACK')
  client.release()
  console.log(`\n${label}: ${queries.length} queries, ${total.toFixed(2)} ms execution in all`)
}

const { rows: sizes } = await pool.query<{ slug: string; id: number; n: number }>(`
  SELECT c.slug, c.id, coalesce(sum(n.products), 0)::int AS n FROM categories c
  LEFT JOIN category_listing_counts n ON n.category_id = c.id WHERE NOT c.is_hidden
  GROUP BY c.id ORDER BY n DESC`)
const large = sizes[0]!
const small = sizes.filter((row) => row.n > 0).at(-1)!
const products = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM products')).rows[0]!.n
console.log(
  `# ${products.toLocaleString('en-US')} products; large category ${large.slug} (${large.n}), small ${small.slug} (${small.n})`,
)

const all: CategoryFilters = { sort: 'newest', minPrice: 0, maxPrice: null, minRating: 0, page: 1 }
await explain(`search "${options.common}"`, () => searchProducts(db, options.common))
await explain(`search "${options.common}", page 40`, () => searchProducts(db, options.common, 40))
await explain(`search "${options.rare}"`, () => searchProducts(db, options.rare))
await explain(`category ${large.slug}, newest`, () => listCategoryProducts(db, large.id, all))
await explain(`category ${large.slug}, price low to high, $40–$60, 4.5+ stars`, () =>
  listCategoryProducts(db, large.id, { ...all, sort: 'price-low', minPrice: 40, maxPrice: 60, minRating: 4.5 }),
)
await explain(`category ${large.slug}, top rated, up to $10`, () =>
  listCategoryProducts(db, large.id, { ...all, sort: 'rating', maxPrice: 10 }),
)
// A narrow range in another index's order: its matches are gathered from the price index, not walked for;
// a range with no match is answered by its count alone.
await explain(`category ${large.slug}, newest, up to $5`, () =>
  listCategoryProducts(db, large.id, { ...all, maxPrice: 5 }),
)
await explain(`category ${large.slug}, newest, $95–$100`, () =>
  listCategoryProducts(db, large.id, { ...all, minPrice: 95, maxPrice: 100 }),
)
await explain(`category ${large.slug}, top rated, $5–$50, 4+ stars`, () =>
  listCategoryProducts(db, large.id, { ...all, sort: 'rating', minPrice: 5, maxPrice: 50, minRating: 4 }),
)
await explain(`category ${small.slug}, price high to low, 4+ stars`, () =>
  listCategoryProducts(db, small.id, { ...all, sort: 'price-high', minRating: 4 }),
)
// Spec filters (decision 041): a common and a rare era and material, in the large and the small category, and a search
// for a common and a rare term narrowed by them; and what the facets cost before they are kept (kept-reads).
const spec = (narrow: Partial<SpecFilters>): SpecFilters => ({ ...NO_SPEC_FILTERS, ...narrow })
await explain(`category ${large.slug}, newest, fits modern (common)`, () =>
  listCategoryProducts(db, large.id, all, spec({ fits: ['modern'] })),
)
await explain(`category ${large.slug}, newest, fits treasury (rare)`, () =>
  listCategoryProducts(db, large.id, all, spec({ fits: ['treasury'] })),
)
await explain(`category ${large.slug}, price low to high, fits golden or silver, 2 mil and up`, () =>
  listCategoryProducts(
    db,
    large.id,
    { ...all, sort: 'price-low' },
    spec({ fits: ['silver', 'golden'], minThickness: 2 }),
  ),
)
await explain(`category ${large.slug}, top rated, 4.5+ stars, polypropylene (common), page 20`, () =>
  listCategoryProducts(
    db,
    large.id,
    { ...all, sort: 'rating', minRating: 4.5, page: 20 },
    spec({ materials: ['polypropylene'] }),
  ),
)
await explain(`category ${large.slug}, newest, mylar (absent)`, () =>
  listCategoryProducts(db, large.id, all, spec({ materials: ['mylar'] })),
)
await explain(`category ${small.slug}, newest, rigid plastic`, () =>
  listCategoryProducts(db, small.id, all, spec({ materials: ['rigid-plastic'] })),
)
await explain(`category ${small.slug}, price high to low, fits golden`, () =>
  listCategoryProducts(db, small.id, { ...all, sort: 'price-high' }, spec({ fits: ['golden'] })),
)
await explain(`facets of category ${large.slug}`, () => categorySpecFacets(db, large.id))
await explain(`facets of category ${small.slug}`, () => categorySpecFacets(db, small.id))
await explain(`facets of the whole catalogue (a common term's)`, () => catalogueSpecFacets(db))
const { matchIds: rareIds } = await searchProducts(db, options.rare)
await explain(`facets of search "${options.rare}"`, () =>
  rareIds ? specFacetsOfIds(db, rareIds) : catalogueSpecFacets(db),
)
await explain(`search "${options.common}", fits modern (common)`, () =>
  searchProducts(db, options.common, 1, spec({ fits: ['modern'] })),
)
await explain(`search "${options.common}", fits treasury (rare)`, () =>
  searchProducts(db, options.common, 1, spec({ fits: ['treasury'] })),
)
await explain(`search "${options.common}", polyethylene, up to 2 mil`, () =>
  searchProducts(db, options.common, 1, spec({ materials: ['polyethylene'], maxThickness: 2 })),
)
await explain(`search "${options.rare}", fits magazine`, () =>
  searchProducts(db, options.rare, 1, spec({ fits: ['magazine'] })),
)
for (const [label, term] of [
  ['a typo', options.none],
  ['a word most products have', options.word],
  ['two common neighbouring words', options.pair],
  ['three words', options.phrase],
  ['four words', options.phrase4],
  ['one character', options.letter],
  ['two characters', options.letters],
] as const) {
  await explain(`search "${term}" (${label})`, () => searchProducts(db, term))
}
await explain(`suggestions "${options.common.slice(0, 3)}"`, () => suggestSearch(db, options.common.slice(0, 3)))
await explain(`suggestions "comic ba"`, () => suggestSearch(db, 'comic ba'))
await db.destroy()
