import pg from 'pg'

// The data of the cold `analytics page` row (issue 50, docs/decisions/081): 1,000,000 clicks over the last 90
// days and 100,000 rows each of an imported earnings and orders report, in the bench database. Made once, kept
// while the counts hold (a rebuilt database, or one another row changed, gets them again).

export const ANALYTICS_CLICKS = 1_000_000
export const ANALYTICS_REPORT_ROWS = 100_000
export const ANALYTICS_DAYS = 90

/** Tracking IDs of the placements, as an owner would list them; guides share one, and the first guide has its own. */
const PLACEMENT_TAGS = [
  ['cvbench-home-20', 'home'],
  ['cvbench-cat-20', 'category'],
  ['cvbench-prod-20', 'product'],
  ['cvbench-search-20', 'search'],
  ['cvbench-cmp-20', 'comparison'],
  ['cvbench-guides-20', 'guide'],
] as const

/**
 * A realistic mix, the same on every run (setseed): clicks concentrated on few products (the cube of a uniform
 * draw over the visible ones), from product pages 35%, categories 20%, guides 15%, home and search 10% each,
 * comparison tables and the fit finder 5% each; 2% bots. Report rows: nine in ten our products, the rest other
 * items; tracking IDs spread over the placements', the guide's own, the store's tag and one not ours.
 */
export async function ensureAnalyticsData(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ clicks: string; earnings: string }>(
      'SELECT (SELECT count(*) FROM clicks) AS clicks, (SELECT count(*) FROM associates_earnings) AS earnings',
    )
    if (Number(rows[0]!.clicks) === ANALYTICS_CLICKS && Number(rows[0]!.earnings) === ANALYTICS_REPORT_ROWS) return
    const started = performance.now()
    log(`Writing ${ANALYTICS_CLICKS} clicks and ${ANALYTICS_REPORT_ROWS} report rows for the analytics row…`)
    await client.query('BEGIN')
    await client.query('TRUNCATE clicks, associates_imports, tracking_ids CASCADE')
    await client.query('SELECT setseed(0.81)')
    await client.query(`
      CREATE TEMP TABLE bench_products ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS n, id, asin FROM products WHERE NOT soft_hidden`)
    await client.query(`
      CREATE TEMP TABLE bench_categories ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS n, slug FROM categories`)
    await client.query(`
      CREATE TEMP TABLE bench_guides ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY id) AS n, id, slug FROM documents WHERE kind = 'guide'`)
    for (const table of ['bench_products', 'bench_categories', 'bench_guides']) {
      await client.query(`CREATE INDEX ON ${table} (n)`)
      await client.query(`ANALYZE ${table}`)
    }
    for (const [tag, placement] of PLACEMENT_TAGS) {
      await client.query('INSERT INTO tracking_ids (tag, placement) VALUES ($1, $2)', [tag, placement])
    }
    await client.query(`
      INSERT INTO tracking_ids (tag, placement, guide_id)
      SELECT 'cvbench-guide1-20', 'guide', id FROM bench_guides WHERE n = 1`)
    await client.query(
      `INSERT INTO clicks (product_id, product_asin, ip_hash, store, country, source_path, placement, is_bot, clicked_at)
       SELECT p.id, p.asin, md5(g::text), 'US', 'US',
              CASE s.placement
                WHEN 'product' THEN '/product/' || p.asin
                WHEN 'category' THEN '/category/' || (SELECT slug FROM bench_categories WHERE n = 1 + g % (SELECT count(*) FROM bench_categories))
                WHEN 'guide' THEN '/guides/' || (SELECT slug FROM bench_guides WHERE n = 1 + g % (SELECT count(*) FROM bench_guides))
                WHEN 'home' THEN '/'
                WHEN 'search' THEN '/search'
                WHEN 'comparison' THEN '/guides/comparisons'
                ELSE '/fit-finder'
              END,
              s.placement, g % 50 = 0, now() - random() * interval '${ANALYTICS_DAYS} days'
       FROM (
         SELECT g, 1 + floor((SELECT count(*) FROM bench_products) * power(random(), 3))::int AS n,
                (ARRAY['product', 'product', 'product', 'product', 'product', 'product', 'product',
                       'category', 'category', 'category', 'category', 'guide', 'guide', 'guide',
                       'home', 'home', 'search', 'search', 'comparison', 'fit-finder'])[1 + g % 20] AS placement
         FROM generate_series(1, $1) g
       ) s
       JOIN bench_products p ON p.n = s.n`,
      [ANALYTICS_CLICKS],
    )
    const period = `current_date - ${ANALYTICS_DAYS}, current_date`
    const earningsImport = await client.query<{ id: number }>(
      `INSERT INTO associates_imports (report, period_from, period_to, file_name) VALUES ('earnings', ${period}, 'bench.csv') RETURNING id`,
    )
    const ordersImport = await client.query<{ id: number }>(
      `INSERT INTO associates_imports (report, period_from, period_to, file_name) VALUES ('orders', ${period}, 'bench.csv') RETURNING id`,
    )
    const reportRow = `
      current_date - (g % ${ANALYTICS_DAYS}),
      CASE WHEN g % 10 = 0 THEN 'B0OTHER' || lpad((g % 5000)::text, 4, '0') ELSE p.asin END,
      (ARRAY['cvbench-home-20', 'cvbench-cat-20', 'cvbench-prod-20', 'cvbench-prod-20', 'cvbench-search-20',
             'cvbench-cmp-20', 'cvbench-guides-20', 'cvbench-guide1-20', 'comicvault-20', 'stranger-21'])[1 + g % 10]`
    const reportRows = `
      FROM (SELECT g, 1 + floor((SELECT count(*) FROM bench_products) * power(random(), 3))::int AS n
            FROM generate_series(1, $2) g) s
      JOIN bench_products p ON p.n = s.n`
    await client.query(
      `INSERT INTO associates_earnings
         (import_id, shipped_on, asin, tracking_id, price_cents, items_shipped, returns, revenue_cents, earnings_cents)
       SELECT $1, ${reportRow}, 1999, 1 + g % 3, (g % 17 = 0)::int, 1999 * (1 + g % 3), 80 * (1 + g % 3)
       ${reportRows}`,
      [earningsImport.rows[0]!.id, ANALYTICS_REPORT_ROWS],
    )
    await client.query(
      `INSERT INTO associates_orders (import_id, ordered_on, asin, tracking_id, price_cents, quantity)
       SELECT $1, ${reportRow}, 1999, 1 + g % 2
       ${reportRows}`,
      [ordersImport.rows[0]!.id, ANALYTICS_REPORT_ROWS],
    )
    await client.query('COMMIT')
    await client.query('VACUUM ANALYZE clicks, associates_earnings, associates_orders, tracking_ids')
    log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    await client.end()
  }
}

/** The row's address: the last 90 days to today (in UTC; the page reads them in the site's time zone). */
export function analyticsPath(): string {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10)
  return `/admin/analytics?from=${day(ANALYTICS_DAYS - 1)}&to=${day(0)}`
}
