import crypto from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { queryWords } from '#app/utils/search-query.ts'
import type { Database } from '#db/client.ts'
import { products as seededProducts } from '#db/seed-data/products.ts'
import { asinOfG, drawnValues, hashOfG, uniformDraws } from './draws-sql.ts'

// `npm run bench -- --shape copies`: a catalogue of large categories of near-identical products, loaded the way a
// production bulk import loads it (one INSERT … SELECT, then ANALYZE, no VACUUM), and searched with terms that were
// mostly never searched before. bench/README.md says what it is for.

/** Bump when the copies below change (part of the database's fingerprint). */
export const COPIES_VERSION = 1

/** Copied as they are: the original's specs, text, images, category. The rest is drawn per copy (below). */
const DRAWN = new Set([
  'asin',
  'title',
  'affiliate_url',
  'price',
  'manual_price',
  'rating',
  'review_count',
  'is_featured',
  'soft_hidden',
  'last_updated',
  'created_at',
  'updated_at',
])

/**
 * Copies every seeded product until the catalogue holds `total` (56 seeded → ~1,800 copies of each at 100k), by ONE
 * INSERT … SELECT and then only `ANALYZE`: no page is marked all-visible, the trigram indexes keep the GIN pending
 * lists the insert left, as after an import on a server whose autovacuum runs late. A copy's title is its original's
 * plus " #{copy number}", so every word of the original still finds it; its price is $10–$135, and its rating,
 * reviews, featured (~5%), hidden (~3%) and manual price (~4%) are drawn as the synthetic generator draws them: a
 * hash of the row number, so the same size always gives the same catalogue. The columns copied are read from the
 * schema, so a spec column added later is copied too.
 */
export async function generateCopies(client: pg.Client, total: number): Promise<number> {
  const { rows } = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM products')
  const seeded = rows[0]!.count
  const count = Math.max(0, total - seeded)
  if (count === 0 || seeded === 0) return 0
  const { rows: columns } = await client.query<{ name: string }>(`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'products' AND is_identity = 'NO' AND is_generated = 'NEVER'
    ORDER BY ordinal_position`)
  const copied = columns.map((column) => column.name).filter((name) => !DRAWN.has(name))
  const list = copied.map((name) => `"${name}"`).join(', ')
  await client.query('SET synchronous_commit = off')
  await client.query(copiesSql(list, copied.map((name) => `o."${name}"`).join(', ')), [count, seeded])
  await client.query('ANALYZE')
  return count
}

const copiesSql = (columns: string, values: string) => `
WITH originals AS (
  SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, * FROM products
),
gen AS (
  SELECT g,
         ((g - 1) / $2::int + 1) AS copy,
         -- As the synthetic ASINs (bench/data.ts), after "C0": never one of the seeded "B0…".
         ${asinOfG('C0')} AS asin,
         ${hashOfG(21)} AS h_cents,
         ${uniformDraws(22)}
  FROM generate_series(1, $1::int) AS g
),
priced AS (
  SELECT gen.*, trunc(10 + u_price * 125)::numeric + (ARRAY[0.99, 0.49, 0.95, 0.29, 0.00])[1 + h_cents % 5] AS price
  FROM gen
)
INSERT INTO products (asin, title, affiliate_url, price, manual_price, rating, review_count, is_featured, soft_hidden,
                      last_updated, created_at, updated_at, ${columns})
SELECT p.asin,
       o.title || ' #' || p.copy,
       'https://www.amazon.com/dp/' || p.asin || '?tag=comicvault-20',
       ${drawnValues('p.price')},
       ${values}
FROM priced p
JOIN originals o ON o.n = (p.g - 1) % $2::int
`

/** Back to what a late autovacuum would leave, for the second group of cold rows: `VACUUM ANALYZE`. Answers the seconds it took. */
export function vacuumAfterBulkLoad(databaseUrl: string): Promise<number> {
  return timed(databaseUrl, async (client) => {
    await client.query('VACUUM ANALYZE')
  })
}

/**
 * Every product rewritten at once, as the nightly refresh rewrites them (its `last_updated`, `amazon_checked_at`),
 * for the rows "(after a rewrite)": a new version of each row, the old ones dead, no page all-visible. Answers the
 * seconds it took.
 */
export function rewriteEveryProduct(databaseUrl: string): Promise<number> {
  return timed(databaseUrl, async (client) => {
    await client.query('UPDATE products SET last_updated = now(), amazon_checked_at = now()')
  })
}

/**
 * The vacuum the refresh and the import run after writing that many products (db/vacuum.ts: the jobs' own code),
 * for the rows "(after the rewrite's vacuum)". Answers the seconds it took.
 */
export async function vacuumAsTheJobsDo(databaseUrl: string): Promise<number> {
  // The bench's stdout carries its results only: the vacuum's log line stays out of it.
  process.env.LOG_LEVEL = 'warn'
  const { vacuumAfterBulkWrite } = await import('#db/vacuum.ts')
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  })
  try {
    const { count } = await db
      .selectFrom('products')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow()
    return await timed(databaseUrl, async () => {
      if (!(await vacuumAfterBulkWrite(db, count))) throw new Error(`The jobs would not vacuum after ${count} products`)
    })
  } finally {
    await db.destroy()
  }
}

/** `work` on a connection of its own; answers the seconds it took. */
async function timed(databaseUrl: string, work: (client: pg.Client) => Promise<void>): Promise<number> {
  const started = performance.now()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
  return (performance.now() - started) / 1000
}

/** The words of the seeded titles ("golden", "775m", "acid-free"): every copy's title holds its original's. */
const titleWords = [
  ...new Set(
    seededProducts.flatMap((product) => queryWords(product.title).filter((t) => /^[a-z0-9][a-z0-9/-]+$/.test(t))),
  ),
].sort()
/** Words longer than their first four letters, which are typed as a prefix of them. */
const prefixable = titleWords.filter((word) => /^[a-z][a-z-]{4,}$/.test(word))

/**
 * Search terms mostly never searched before: one in ten a single title word, the others a title word and the first four letters of another, as typed before the second word is done
 * ("golden myla", "775m slee"): some four thousand pairs, most matching nothing. The n-th term of a seed is always the same (a hash of
 * both), so the two groups of `--shape copies --cold` ask for the same terms.
 */
export function freshSearchTerms(seed: number): () => string {
  let n = 0
  return () => {
    const hash = crypto.createHash('sha256').update(`${seed}:${n++}`).digest()
    const word = titleWords[hash.readUInt32BE(0) % titleWords.length]!
    if (hash.readUInt32BE(4) % 10 === 0) return word
    const other = prefixable[hash.readUInt32BE(8) % prefixable.length]!
    return `${word} ${other.slice(0, 4)}`
  }
}

export const FRESH_SEARCH_PATTERN = '/search?q={word [+ 4-letter prefix]}&_={random}'
