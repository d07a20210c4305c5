import pg from 'pg'
import { PRICE_SLIDER, RATING_THRESHOLDS, SORTS } from '#app/schemas/category-filters.ts'
import { BENCH_GUIDE_SLUG } from './data.ts'

// The cold mixes of `npm run bench -- --cold`: every request a different address, drawn from the bench
// catalogue, so that the server's page cache (5,000 entries for 60 s, keyed on path and full query) misses.

export interface Catalogue {
  /** ASINs of every product the storefront shows (not soft-hidden). */
  asins: string[]
  /** Ids of the same products, for the admin saves of the writes mix. */
  ids: number[]
  /** Slugs of every category the storefront shows. */
  slugs: string[]
  /** Distinct words of the visible products' titles: lower case, surrounding punctuation dropped. */
  words: string[]
  /** Distinct pairs of neighbouring words in those titles ("mylar sleeves", "size, 2"), as typed. */
  phrases: string[]
  /** The fixed search terms of the cold run, with how many visible products each matches. */
  commonTerm: { term: string; matches: number }
  rareTerm: { term: string; matches: number } | null
}

const COMMON_TERM = 'mylar'

// Text in a title that is punctuation only ("–", "&") is no search anyone types; "(25" and "Size," are "25", "size".
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu

/** Read once, before the server starts: everything the random addresses are drawn from. */
export async function loadCatalogue(databaseUrl: string): Promise<Catalogue> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows: products } = await client.query<{ id: number; asin: string }>(
      'SELECT id, asin FROM products WHERE NOT soft_hidden ORDER BY id',
    )
    const { rows: categories } = await client.query<{ slug: string }>(
      'SELECT slug FROM categories WHERE NOT is_hidden ORDER BY slug',
    )
    const { rows: tokens } = await client.query<{ token: string; count: number }>(`
      SELECT token, count(*)::int AS count
      FROM (SELECT regexp_split_to_table(lower(title), '\\s+') AS token FROM products WHERE NOT soft_hidden) t
      GROUP BY token`)
    const counts = new Map<string, number>()
    for (const { token, count } of tokens) {
      const word = token.replace(EDGE_PUNCTUATION, '')
      if (word) counts.set(word, (counts.get(word) ?? 0) + count)
    }
    const words = [...counts.keys()].sort()
    const { rows: pairs } = await client.query<{ phrase: string }>(`
      SELECT DISTINCT lower(w[i] || ' ' || w[i + 1]) AS phrase
      FROM (SELECT regexp_split_to_array(title, '\\s+') AS w FROM products WHERE NOT soft_hidden) t,
           generate_series(1, cardinality(w) - 1) AS i`)
    const phrases = pairs.map((row) => row.phrase.replace(EDGE_PUNCTUATION, '')).filter(Boolean)
    if (!products.length || !categories.length || !words.length) {
      throw new Error('The bench database shows no products, categories or title words')
    }

    // The search matches a substring of the title or the description, so count as the route does.
    const matches = async (term: string) => {
      const { rows } = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM products
         WHERE NOT soft_hidden AND (title ILIKE $1 OR description ILIKE $1)`,
        [`%${term}%`],
      )
      return rows[0]?.count ?? 0
    }
    // The rare term: among the rarest plain words of the titles, the one that matches fewest products.
    let rareTerm: Catalogue['rareTerm'] = null
    const candidates = [...counts]
      .filter(([word]) => /^[a-z]{5,}$/.test(word) && word !== COMMON_TERM)
      .sort(([a, x], [b, y]) => x - y || a.localeCompare(b))
      .slice(0, 8)
    for (const [term] of candidates) {
      const count = await matches(term)
      if (count > 0 && (!rareTerm || count < rareTerm.matches)) rareTerm = { term, matches: count }
    }
    return {
      asins: products.map((row) => row.asin),
      ids: products.map((row) => row.id),
      slugs: categories.map((row) => row.slug),
      words,
      phrases,
      commonTerm: { term: COMMON_TERM, matches: await matches(COMMON_TERM) },
      rareTerm,
    }
  } finally {
    await client.end()
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!

/** `/product/{asin}`, any visible product. */
function randomProductPath(catalogue: Catalogue): string {
  return `/product/${pick(catalogue.asins)}`
}

const PRICES = Array.from(
  { length: (PRICE_SLIDER.max - PRICE_SLIDER.min) / PRICE_SLIDER.step + 1 },
  (_, i) => PRICE_SLIDER.min + i * PRICE_SLIDER.step,
)

/**
 * A category page as its filter form asks for it: the form is a GET form that always submits all four
 * fields (sort, min, max, rating), so the address always has them, in that order. One range in twenty is
 * the slider's untouched 0–100, the others a random min < max from its steps: the untouched range has only
 * 120 addresses (slugs × sorts × ratings), which repeat within the cache's minute, so more of them would
 * be hits.
 */
function randomCategoryPath(catalogue: Catalogue): string {
  let min: number = PRICE_SLIDER.min
  let max: number = PRICE_SLIDER.max
  if (Math.random() >= 0.05) {
    const a = Math.floor(Math.random() * (PRICES.length - 1))
    const b = a + 1 + Math.floor(Math.random() * (PRICES.length - 1 - a))
    min = PRICES[a]!
    max = PRICES[b]!
  }
  const query = new URLSearchParams({
    sort: pick(SORTS),
    min: String(min),
    max: String(max),
    rating: String(pick(RATING_THRESHOLDS).value),
  })
  return `/category/${pick(catalogue.slugs)}?${query}`
}

/**
 * A search for one word of the titles (one in ten) or two neighbouring ones (the rest), as people type them:
 * "mylar sleeves", "golden age". There are a few hundred words and about a thousand pairs, so within the
 * cache's minute they repeat: the address is busted like the fixed terms' (below), so every answer is rendered.
 * The terms' counts repeat too, as on a real site: the first search of each counts it (decision 031).
 */
function randomSearchPath(catalogue: Catalogue): string {
  return bustedSearchPath(Math.random() < 0.1 ? pick(catalogue.words) : pick(catalogue.phrases))
}

export function bustedSearchPath(term: string): string {
  return `/search?${new URLSearchParams({ q: term, _: randomToken() })}`
}

/** The same page at a new address each time (the page cache keys on the whole query; the route ignores `_`). */
function bustedPath(path: string): () => string {
  return () => `${path}?_=${randomToken()}`
}

const randomToken = () => Math.random().toString(36).slice(2, 12)

/**
 * The cold mixes both benches run (`npm run bench -- --cold` as rows, `npm run bench:ab` one by name), each the
 * next address to ask for. `searchTerm`, when given, draws the search mix's terms instead of the titles' words and
 * pairs (the copies shape's terms, mostly never searched before: bench/shape-copies.ts).
 */
export function coldMixes(catalogue: Catalogue, searchTerm?: () => string) {
  return {
    product: () => randomProductPath(catalogue),
    category: () => randomCategoryPath(catalogue),
    search: searchTerm ? () => bustedSearchPath(searchTerm()) : () => randomSearchPath(catalogue),
    mylar: () => bustedSearchPath(catalogue.commonTerm.term),
    floor: bustedPath('/about'),
    // The bench guide's ten embeds (bench/data.ts), read afresh on every request; its text is parsed once.
    guide: bustedPath(`/guides/${BENCH_GUIDE_SLUG}`),
  }
}
