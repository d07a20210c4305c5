import { parseArgs } from 'node:util'
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely'
import pg from 'pg'
import { listCategoryProducts } from '#app/models/product.server.ts'
import { searchProducts } from '#app/models/search.server.ts'
import { catalogueSpecFacets, categorySpecFacets, specFacetsOfIds } from '#app/models/spec-facets.server.ts'
import type { CategoryFilters } from '#app/schemas/category-filters.ts'
import { NO_SPEC_FILTERS, type SpecFilters } from '#app/schemas/spec-filters.ts'
import { containsPattern } from '#app/utils/search.ts'
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
    // First counts (below): a term that matches nothing, a word most products have, common neighbours, three and
    // four common words, one character and two.
    none: { type: 'string', default: 'golden myla' },
    word: { type: 'string', default: 'comic' },
    pair: { type: 'string', default: 'comic book' },
    phrase: { type: 'string', default: 'bags and boards' },
    phrase4: { type: 'string', default: 'comic bags and boards' },
    letter: { type: 'string', default: 'a' },
    letters: { type: 'string', default: 'bo' },
    // Only the first counts: they call count_search_term alone, so they also run on a database of an older schema.
    'counts-only': { type: 'boolean', default: false },
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
  await run() // the first run may count a search term and warms the cache: measure the second
  captured = []
  await run()
  const queries = captured
  console.log(`\n### ${label}\n`)
  let total = 0
  // Replayed in one transaction, rolled back, so nothing is kept twice. The plans of the statements a function runs
  // (search_walk's page, docs/decisions/068) are auto_explain's, sent back as notices (LOAD needs a superuser).
  const client = await pool.connect()
  const notices: string[] = []
  const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '')
  client.on('notice', onNotice)
  await client.query('BEGIN')
  await client.query(`LOAD 'auto_explain'; SET LOCAL auto_explain.log_min_duration = 0;
    SET LOCAL auto_explain.log_analyze = on; SET LOCAL auto_explain.log_buffers = on;
    SET LOCAL auto_explain.log_nested_statements = on; SET LOCAL auto_explain.log_level = notice`)
  for (const query of queries) {
    if (/^(begin|commit|rollback)\b/i.test(query.sql)) continue
    notices.length = 0
    const explained = `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(explained, query.parameters as unknown[])
    const plan = rows.map((row) => row['QUERY PLAN'])
    total += Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1] ?? 0)
    const nested = notices
      .filter((notice) => !notice.includes(explained) && /\bScan\b.* on \w+/.test(notice)) // not a one-line helper's
      .map((notice) => notice.replace(/^duration: [\d.]+ ms {2}plan:\n/, '').trim())
    // A rare term's kept ids make a long literal: the count says enough.
    const shown = [...plan, ...nested]
      .join('\n')
      .replace(/'\{[\d,]{80,}\}'/g, (ids) => `'{…${ids.split(',').length} ids}'`)
    console.log('```\n' + query.sql.replace(/\s+/g, ' ') + '\n' + shown + '\n```')
  }
  await client.query('ROLLBACK')
  client.off('notice', onNotice)
  client.release(true) // auto_explain stays loaded in the backend: not back to the pool
  const statements = queries.filter((query) => !/^(begin|commit|rollback)\b/i.test(query.sql)).length
  console.log(`\n${label}: ${statements} queries, ${total.toFixed(2)} ms execution in all`)
}

async function firstCount(term: string) {
  const started = performance.now()
  await pool.query('DELETE FROM search_terms WHERE term = lower($1)', [term])
  await searchProducts(db, term)
  return performance.now() - started
}

/**
 * A term's first count, as a search makes it (count_search_term), with the plans of the statements inside the function:
 * auto_explain's, for nested statements, sent back as a notice. Needs a superuser (LOAD); without one, only the time.
 */
async function explainFirstCount(label: string, term: string) {
  const client = await pool.connect()
  const notices: string[] = []
  const onNotice = (notice: { message?: string }) => notices.push(notice.message ?? '')
  client.on('notice', onNotice)
  try {
    await client.query('DELETE FROM search_terms WHERE term = lower($1)', [term])
    const explained = await client
      .query(
        `LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
         SET auto_explain.log_buffers = on; SET auto_explain.log_nested_statements = on;
         SET auto_explain.log_level = notice; SET client_min_messages = notice`,
      )
      .then(() => true)
      .catch(() => false)
    const started = performance.now()
    const { rows } = await client.query<{ title_matches: number; rest_matches: number }>(
      'SELECT title_matches, rest_matches FROM count_search_term(lower($1), $2)',
      [term, containsPattern(term)],
    )
    const ms = performance.now() - started
    // The statements that read the texts, the words or the grams (a one-word term's are three, decision 061).
    const plans = notices
      .map((notice) => notice.replace(/^duration: [\d.]+ ms {2}plan:\nQuery Text:[^]*?\n(?=\S)/, '').trim())
      .filter((plan) => /on (product_search|search_word_blocks|search_gram_blocks|search_pair_repeats)\b/.test(plan))
    console.log(`\n### first count of ${label} "${term}"\n`)
    if (explained) for (const plan of plans) console.log('```\n' + plan + '\n```')
    const { title_matches: title, rest_matches: rest } = rows[0]!
    console.log(`\n${label}: ${title + rest} matches (${title} in the title), ${ms.toFixed(1)} ms from the client`)
  } finally {
    client.off('notice', onNotice)
    await client.query('RESET ALL').catch(() => {})
    client.release(true) // auto_explain stays loaded in the backend: not back to the pool
  }
}

const firstCounts = async () => {
  await explainFirstCount('a term that matches nothing', options.none)
  await explainFirstCount('a rare term', options.rare)
  await explainFirstCount('a common term', options.common)
  await explainFirstCount('a word most products have', options.word)
  await explainFirstCount('two common neighbouring words', options.pair)
  await explainFirstCount('three words', options.phrase)
  await explainFirstCount('four words', options.phrase4)
  await explainFirstCount('one character', options.letter)
  await explainFirstCount('two characters', options.letters)
}

if (options['counts-only']) {
  await firstCounts()
  await db.destroy()
  process.exit(0)
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
await firstCounts()
console.log(
  `\nFirst search of a term (counted, then kept): "${options.common}" ${(await firstCount(options.common)).toFixed(0)} ms, "${options.rare}" ${(await firstCount(options.rare)).toFixed(0)} ms`,
)
await db.destroy()
