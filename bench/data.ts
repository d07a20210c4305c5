import crypto from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { parseMarkdown } from '#app/lib/content/parse-markdown.server.ts'
import { embedTargets } from '#app/lib/content/parse-markdown.server.ts'
import { deleteDocument, getDocumentBySlug, insertDocument, setEmbeds } from '#app/models/document.server.ts'
import type { Database } from '#db/client.ts'
import { migrations } from '#db/migrations/index.ts'
import { migrateToLatest } from '#db/migrator.ts'
import { categories } from '#db/seed-data/categories.ts'
import { seedDatabase } from '#db/seed-data/index.ts'
import { products, type SeedProduct } from '#db/seed-data/products.ts'
import { reviews } from '#db/seed-data/reviews.ts'
import { onServer } from '#tests/support/postgres.ts'
import { asinOfG, drawnValues, hashOfG, uniformDraws } from './draws-sql.ts'
import productKinds from './product-kinds.json' with { type: 'json' }
import { COPIES_VERSION, generateCopies } from './shape-copies.ts'

// Bump when the generator below changes, so that a reused database is rebuilt.
const GENERATOR_VERSION = 2

export interface PreparedData {
  databaseUrl: string
  reused: boolean
  /** Seconds spent creating, migrating, seeding and generating (0 when reused). */
  generationSeconds: number
  /** Seconds spent checking (and on reuse, freshening) an existing database. */
  preparationSeconds: number
  products: number
  visibleProducts: number
  mylarProducts: number
}

/**
 * What the catalogue looks like: `synthetic`, six brands × eleven kinds generated and vacuumed (the default), or
 * `copies`, the seeded products copied in bulk and only analyzed (bench/shape-copies.ts).
 */
export type Shape = 'synthetic' | 'copies'

interface Marker {
  fingerprint: string
  generatedAt: string
}

/** Kysely on one connection to the bench database: what the app's models take. Destroy it when done. */
function openDatabase(databaseUrl: string): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  })
}

export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * What the database must hold to be reused: same generator, size, schema and demo catalogue. Any change
 * to one of them makes a new fingerprint, and the database is built again.
 */
function fingerprint(total: number, shape: Shape): string {
  // Each shape has its generator's version; the synthetic shape's input is what it was before shapes.
  const generator = shape === 'copies' ? ['copies', COPIES_VERSION] : [GENERATOR_VERSION]
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([...generator, total, migrationSources(), categories, products, reviews, productKinds]))
    .digest('hex')
    .slice(0, 16)
}

/** The migrations by name and source: an edited migration (one not yet released) changes the schema too. */
function migrationSources(): string[] {
  return Object.entries(migrations).map(([name, migration]) => `${name}\n${String(migration.up)}`)
}

async function readMarker(serverUrl: string, name: string): Promise<Marker | null> {
  const comment = await onServer(async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    )
    return rows[0]?.comment ?? null
  }, serverUrl)
  if (!comment) return null
  try {
    return JSON.parse(comment) as Marker
  } catch {
    return null
  }
}

async function writeMarker(client: pg.Client, name: string, marker: Marker): Promise<void> {
  const literal = `'${JSON.stringify(marker).replaceAll("'", "''")}'`
  await client.query(`COMMENT ON DATABASE "${name}" IS ${literal}`)
}

export async function prepareBenchDatabase(options: {
  serverUrl: string
  name: string
  total: number
  fresh: boolean
  shape: Shape
  log: (line: string) => void
}): Promise<PreparedData> {
  const { serverUrl, name, total, shape, log } = options
  // The copies are measured as a bulk load left them, which a run changes (its VACUUM, hint bits): always rebuilt.
  const fresh = options.fresh || shape === 'copies'
  const databaseUrl = databaseUrlFor(serverUrl, name)
  const wanted = fingerprint(total, shape)
  const started = performance.now()

  const marker = fresh ? null : await readMarker(serverUrl, name)
  if (marker?.fingerprint === wanted) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const count = await countProducts(client)
      if (count.products === total) {
        log(`Reusing database ${name} (${total.toLocaleString('en-US')} products; --fresh rebuilds it)`)
        await freshen(client, name, marker, log)
        return {
          databaseUrl,
          reused: true,
          generationSeconds: 0,
          preparationSeconds: seconds(started),
          ...count,
        }
      }
      log(`Database ${name} holds ${count.products} products, not ${total}: rebuilding it`)
    } finally {
      await client.end()
    }
  } else if (!fresh && marker) {
    log(`Database ${name} was built from other data or schema: rebuilding it`)
  }

  log(`Creating database ${name}…`)
  await onServer(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await client.query(`CREATE DATABASE "${name}"`)
  }, serverUrl)

  const db = openDatabase(databaseUrl)
  try {
    await migrateToLatest(db)
    await seedDatabase(db)
  } finally {
    await db.destroy()
  }

  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const seeded = (await countProducts(client)).products
    const toGenerate = Math.max(0, total - seeded)
    const generateStarted = performance.now()
    if (shape === 'copies') {
      const each = Math.round(toGenerate / Math.max(1, seeded)).toLocaleString('en-US')
      log(`Copying the ${seeded} seeded products ~${each} times each, one INSERT … SELECT, then ANALYZE (no VACUUM)…`)
      await generateCopies(client, total)
      log(`  inserted and analyzed in ${seconds(generateStarted).toFixed(1)} s`)
    } else {
      log(`Generating ${toGenerate.toLocaleString('en-US')} synthetic products (on top of ${seeded} seeded)…`)
      await generateProducts(client, toGenerate)
      log(`  inserted in ${seconds(generateStarted).toFixed(1)} s; vacuum and analyze…`)
      await client.query('VACUUM ANALYZE')
    }
    const count = await countProducts(client)
    if (count.products !== total) throw new Error(`Expected ${total} products in ${name}, found ${count.products}`)
    await writeMarker(client, name, { fingerprint: wanted, generatedAt: new Date().toISOString() })
    const generationSeconds = seconds(started)
    log(`Database ready in ${generationSeconds.toFixed(1)} s`)
    return { databaseUrl, reused: false, generationSeconds, preparationSeconds: generationSeconds, ...count }
  } finally {
    await client.end()
  }
}

async function countProducts(client: pg.Client) {
  const { rows } = await client.query<{ products: number; visible: number; mylar: number }>(`
    SELECT count(*)::int AS products,
           count(*) FILTER (WHERE NOT soft_hidden)::int AS visible,
           count(*) FILTER (WHERE title ILIKE '%mylar%' OR description ILIKE '%mylar%')::int AS mylar
    FROM products`)
  const row = rows[0]!
  return { products: row.products, visibleProducts: row.visible, mylarProducts: row.mylar }
}

/**
 * Prices were "refreshed" a few hours before generation. A database reused a day later would show stale
 * prices (and whatever the app does about them), so every timestamp moves forward by the time that passed.
 */
async function freshen(client: pg.Client, name: string, marker: Marker, log: (line: string) => void) {
  const elapsedMs = Date.now() - Date.parse(marker.generatedAt)
  if (!(elapsedMs > 30 * 60 * 1000)) return
  log(`  moving its timestamps ${(elapsedMs / 3_600_000).toFixed(1)} h forward so prices are as fresh as when built…`)
  const shift = `${Math.round(elapsedMs / 1000)} seconds`
  await client.query('BEGIN')
  await client.query(
    `UPDATE products SET last_updated = last_updated + $1::interval, created_at = created_at + $1::interval,
       updated_at = updated_at + $1::interval`,
    [shift],
  )
  await client.query(
    `UPDATE reviews SET created_at = created_at + $1::interval, updated_at = updated_at + $1::interval`,
    [shift],
  )
  await client.query(
    `UPDATE data_refresh_log SET refresh_date = refresh_date + $1::interval, finished_at = finished_at + $1::interval`,
    [shift],
  )
  await client.query('COMMIT')
  await client.query('VACUUM ANALYZE')
  await writeMarker(client, name, { ...marker, generatedAt: new Date().toISOString() })
}

/** The guide of the cold `guide page` row, at a fixed address (docs/decisions/052). */
export const BENCH_GUIDE_SLUG = 'bench-guide-ten-embeds'

/** The first `count` visible demo products of a category: in every bench catalogue, whatever its size. */
function demoAsins(category: string, count: number): string[] {
  const demo: readonly SeedProduct[] = products
  const found = demo.filter((product) => product.category === category && !product.soft_hidden).slice(0, count)
  if (found.length < count) throw new Error(`The demo catalogue has fewer than ${count} visible ${category}`)
  return found.map((product) => product.asin)
}

/**
 * A guide with ten embeds of every kind a guide uses, over the demo products and categories: three single products
 * (two boxes, one buy link), two category grids read from the whole catalogue (a category listing each, like a
 * category page's first page), a grid and two comparisons by ASIN, and two prices in the text.
 */
export function benchGuideBody(): string {
  const [mylarA, mylarB] = demoAsins('mylar-sleeves', 2)
  const [boardA, boardB] = demoAsins('backing-boards', 2)
  const [shortBox] = demoAsins('short-boxes', 1)
  const [longBox] = demoAsins('long-boxes', 1)
  const [bagA, bagB] = demoAsins('polypropylene-sleeves', 2)
  return `Golden Age books need archival care. This guide compares what works, with live prices.

## Sleeves

::product{asin="${mylarA}"}

A pack of Mylar sleeves costs :price{asin="${mylarB}"} today; :buy[check the pack of 50]{asin="${mylarA}"} before you order.

::products{category="mylar-sleeves" sort="rating" limit="4"}

::compare{asins="${mylarA},${mylarB},${bagA},${bagB}"}

## Boards

::product{asin="${boardA}"}

::compare{asins="${boardA},${boardB}"}

## Boxes

A short box is :price{asin="${shortBox}"}; a long box holds twice as many.

::products{asins="${shortBox},${longBox},${boardB}"}

::products{category="long-boxes" sort="price-low" limit="4"}
`
}

/**
 * Puts the bench guide in the bench database, published, with its embeds recorded as a save records them: again
 * on every run (a reused database too), so the text here is always the one measured.
 */
export async function ensureBenchGuide(databaseUrl: string): Promise<void> {
  const body = benchGuideBody()
  const parsed = parseMarkdown(body)
  if (parsed.problems.length) throw new Error(`The bench guide does not parse: ${JSON.stringify(parsed.problems)}`)
  const db = openDatabase(databaseUrl)
  try {
    await db.transaction().execute(async (trx) => {
      const before = await getDocumentBySlug(trx, 'guide', BENCH_GUIDE_SLUG, { lock: true })
      if (before) await deleteDocument(trx, before.id)
      const row = await insertDocument(trx, 'guide', {
        slug: BENCH_GUIDE_SLUG,
        title: 'Bench guide: archival storage with ten embeds',
        eyebrow: null,
        summary: 'Sleeves, boards and boxes for Golden Age books, with live prices: the guide the benchmark reads.',
        body,
        cover_media_id: null,
        last_reviewed_on: null,
        seo_title: null,
        noindex: true,
        status: 'published',
        publish_at: null,
        published_at: new Date(),
      })
      await setEmbeds(trx, row.id, embedTargets(parsed.embeds))
    })
  } finally {
    await db.destroy()
  }
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000
}

/**
 * One INSERT … SELECT over generate_series. Every "random" choice is a hash of the row number, so the
 * same count always gives the same catalogue. Kinds (product-kinds.json, passed as JSON) are weighted like a real
 * storage-supply catalogue, and each product's specs follow from its kind, size, option and pack; Mylar appears in the Mylar sleeves' titles and in some boards' and toploaders' descriptions (~18%).
 */
async function generateProducts(client: pg.Client, count: number): Promise<void> {
  if (count === 0) return
  await client.query("SET maintenance_work_mem = '256MB'")
  await client.query('SET synchronous_commit = off')
  await client.query(GENERATE_SQL, [count, JSON.stringify(productKinds)])
}

const GENERATE_SQL = `
WITH kinds AS (
  SELECT * FROM jsonb_to_recordset($2::jsonb) AS k(slug text, keyword text, kind text, material text, image text,
    weight_lo int, weight_hi int, title text, sizes text[], options text[], packs int[], price_lo int, price_hi int,
    intros text[], details text[])
),
brands (n, name, lines) AS (
  VALUES
  (0, 'BCW', ARRAY['Comic Guard', 'Pro', 'Premium', 'Standard']),
  (1, 'Ultra PRO', ARRAY['Platinum Series', 'Pro-Fit', 'Elite', 'Classic']),
  (2, 'E. Gerber', ARRAY['Archival', 'Mylites', 'Full-Back', 'Thin-X-Tra']),
  (3, 'Bags Unlimited', ARRAY['Archival Plus', 'Premium', 'Collector', 'Economy']),
  (4, 'Max Pro', ARRAY['Crystal Clear', 'Heavy Duty', 'Pro Series', 'Value']),
  (5, 'Comic Concepts', ARRAY['Collector Series', 'Vault', 'Essentials', 'Premium'])
),
closers (n, text) AS (
  VALUES
  (0, 'Collectors rate it highly for value and consistency.'),
  (1, 'Store upright in a cool, dry place away from sunlight.'),
  (2, 'A dependable choice for growing collections of any size.'),
  (3, 'Ships quickly and arrives well packed.')
),
gen AS (
  SELECT g,
         r.*,
         ${asinOfG('B0')} AS asin
  FROM generate_series(1, $1::int) AS g
  CROSS JOIN LATERAL (
    SELECT ${hashOfG(1)} % 100 AS kind_pick,
           ${[2, 3, 4, 5, 6, 7].map((seed) => `${hashOfG(seed)} AS h${seed}`).join(',\n')},
           ${uniformDraws(8)}
  ) AS r
),
chosen AS (
  SELECT gen.*, k.*, b.name AS brand, c.id AS category_id,
         b.lines[1 + h3 % cardinality(b.lines)] AS line,
         k.sizes[1 + h4 % cardinality(k.sizes)] AS size,
         k.options[1 + h5 % cardinality(k.options)] AS opt,
         k.packs[1 + h6 % cardinality(k.packs)] AS pack,
         k.intros[1 + h7 % cardinality(k.intros)] AS intro,
         k.details[1 + (h7 / 7) % cardinality(k.details)] AS detail,
         cl.text AS closer,
         trunc(k.price_lo + u_price * (k.price_hi - k.price_lo))::numeric
           + (ARRAY[0.99, 0.49, 0.95, 0.29, 0.00])[1 + (h2 / 6) % 5] AS price
  FROM gen
  JOIN kinds k ON kind_pick >= k.weight_lo AND kind_pick < k.weight_hi
  JOIN brands b ON b.n = h2 % 6
  JOIN categories c ON c.slug = k.slug
  JOIN closers cl ON cl.n = (h3 / 11) % 4
),
-- Specs as the title states them (decision 040): the film's mil or the board's points named in the option, the
-- eras of the size (boxes and dividers take every comic size), a box's capacity; plastic boxes are rigid plastic.
specified AS (
  SELECT chosen.*,
         CASE WHEN opt LIKE 'Plastic%' THEN 'rigid-plastic' ELSE material END AS made_of,
         coalesce(substring(opt FROM '([0-9]+) (?:Mil|pt)')::numeric,
                  CASE WHEN kind = 'bag' AND material <> 'mylar' THEN 1.5 END) AS thickness,
         CASE WHEN kind IN ('box', 'divider') THEN ARRAY['modern', 'standard', 'silver', 'golden']
              WHEN size IN ('Current', 'Modern', 'Resealable Current') THEN ARRAY['modern']
              WHEN size = 'Standard' THEN ARRAY['standard']
              WHEN size = 'Silver Age' THEN ARRAY['silver']
              WHEN size IN ('Golden Age', 'Super Golden Age') THEN ARRAY['golden']
              WHEN size IN ('Magazine', 'Digest') THEN ARRAY['magazine']
              WHEN size IN ('Treasury', 'Oversized Annual') THEN ARRAY['treasury']
              ELSE ARRAY[]::text[] END AS eras,
         CASE WHEN keyword = 'short box' THEN 150 WHEN keyword = 'long box' THEN 300
              ELSE substring(opt FROM 'Holds ([0-9]+)')::int END AS holds
  FROM chosen
)
INSERT INTO products (asin, title, brand, category_id, description, badges, keywords, affiliate_url, image_url, images,
                      price, manual_price, rating, review_count, is_featured, soft_hidden, last_updated, created_at,
                      updated_at, kind, fits, material, thickness_mil, pack_count, capacity, acid_free, buffered,
                      resealable)
SELECT asin,
       replace(replace(replace(replace(replace(title, '{brand}', brand), '{line}', line), '{size}', size),
         '{option}', opt), '{pack}', pack::text),
       brand,
       category_id,
       replace(replace(replace(intro || ' ' || detail || ' ' || closer, '{brand}', brand), '{size}', size),
         '{pack}', pack::text),
       CASE WHEN u_flags < 0.10 THEN ARRAY['Best Seller']
            WHEN u_flags < 0.25 THEN ARRAY['Archival Safe']
            WHEN u_flags < 0.30 THEN ARRAY['Amazon''s Choice']
            ELSE ARRAY[]::text[] END,
       ARRAY[keyword, lower(brand), lower(size), lower(opt)],
       'https://www.amazon.com/dp/' || asin || '?tag=comicvault-20',
       '/images/products/' || image,
       ARRAY['/images/products/' || image],
       ${drawnValues('price')},
       kind::product_kind,
       eras,
       made_of::product_material,
       thickness,
       pack,
       holds,
       made_of IN ('mylar', 'acid-free-board', 'corrugated') OR opt = 'Acid-Free',
       opt = 'Buffered',
       opt LIKE 'Resealable%' OR size LIKE 'Resealable%'
FROM specified
ON CONFLICT (asin) DO NOTHING
`
