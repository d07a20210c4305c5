import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'node-html-parser'
import pg from 'pg'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { PAGE_SLUGS } from '#app/content/default-pages.ts'
import {
  adminCookie,
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  type BuiltServer,
} from '#tests/support/built-server.ts'
import { readPage, urlShape } from '#tests/support/form-crawler.ts'
import { pngImage } from '#tests/support/images.ts'

// Markup and script in every text an owner can write (or an import can store) is shown as text, on the public
// site and in the panel (docs/decisions/025). The rows are written straight into the database, as an import or an
// older version could have left them (the panel's Markdown parser refuses raw HTML on save). Every page of both is
// crawled and its HTML read for what the payloads would make if they were not escaped; the pages that show a
// payload are opened in Chromium, where none may run, open a dialog, or meet the CSP (which would mean that it
// was written as markup and only the policy stopped it). No route is named but the start pages.

/** Each carries script that sets `window.__xss` if it ever runs, but `{{7*7}}`: template syntax, asked only for no 5xx. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '"><img src=x onerror="window.__xss=1">',
  'javascript:window.__xss=1',
  '</title><script>window.__xss=1</script>',
  '</textarea><svg onload="window.__xss=1">',
  '{{7*7}}',
  '\u2028</script><script>window.__xss=1</script>',
] as const
/** The script the payloads carry, as it would stand alone in a `<script>` or an event handler made of one. */
const SCRIPT = 'window.__xss=1'
/** Whether a page shows a payload, escaped or not. */
const shownIn = (body: string) => body.includes('__xss') || body.includes('{{7*7}}')

const PER_SHAPE = 3
const BROWSER_PER_SHAPE = 2
const MAX_PAGES = 600

let server: BuiltServer
let database: Awaited<ReturnType<typeof createSeededDatabase>>
let uploadDir: string
let env: Record<string, string>
/** Ids, ASINs and slugs of the rows holding a payload: an address naming one is crawled past PER_SHAPE. */
const keys = new Set<string>()

beforeAll(async () => {
  database = await createSeededDatabase(inject('templateDatabase'))
  uploadDir = await mkdtemp(path.join(tmpdir(), 'cv-markup-uploads-'))
  env = builtServerEnv(database)
  const pool = new pg.Pool({ connectionString: database.url, max: 1 })
  try {
    await storePayloads(pool)
  } finally {
    await pool.end()
  }
  server = await startBuiltServer({ ...env, RATE_LIMIT_FACTOR: '1000', UPLOAD_DIR: uploadDir })
}, 90_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true })
})

/**
 * One row of each kind per payload, the payload in every text of it: a category with a product in it, the product's
 * approved review, a comparison of it, a file (its alt text and name) as the cover of a published guide, and an
 * information page.
 */
async function storePayloads(pool: pg.Pool) {
  for (const [index, payload] of PAYLOADS.entries()) {
    const slug = `markup-${index}`
    const asin = `MARKUP000${index}`
    const category = await pool.query<{ id: number }>(
      `INSERT INTO categories (slug, name, description, image_url) VALUES ($1, $2, $3, $4) RETURNING id`,
      [slug, `Category ${index} ${payload}`, `Described ${payload}`, `/images/${encodeURIComponent(payload)}.svg`],
    )
    const product = await pool.query<{ id: number }>(
      `INSERT INTO products (asin, title, brand, description, badges, keywords, category_id, price, last_updated,
         rating, review_count, kind, is_featured)
       VALUES ($1, $2, $3, $4, $5, $5, $6, 9.99, now(), 4.5, 1, 'sleeve', true) RETURNING id`,
      [
        asin,
        `Product ${index} ${payload}`,
        `Brand ${payload}`,
        `Describes ${payload}`,
        [payload],
        category.rows[0]!.id,
      ],
    )
    await pool.query(
      `INSERT INTO reviews (product_id, reviewer_name, rating, comment, status) VALUES ($1, $2, 5, $3, 'APPROVED')`,
      [product.rows[0]!.id, `Reviewer ${payload}`, `Comments ${payload}`],
    )
    const comparison = await pool.query<{ id: number }>(
      `INSERT INTO comparison_tables (slug, name, description, columns) VALUES ($1, $2, $3, '{size,price}') RETURNING id`,
      [slug, `Comparison ${index} ${payload}`, `Compares ${payload}`],
    )
    await pool.query(`INSERT INTO comparison_table_products (table_id, product_id, position) VALUES ($1, $2, 0)`, [
      comparison.rows[0]!.id,
      product.rows[0]!.id,
    ])
    const key = `${Date.now()}-${randomBytes(8).toString('hex')}.png`
    const png = pngImage(2, 2)
    await writeFile(path.join(uploadDir, key), png)
    const media = await pool.query<{ id: number }>(
      `INSERT INTO media (url, key, file_name, file_size, mime_type, width, height, alt, tags)
       VALUES ($1, $2, $3, $4, 'image/png', 2, 2, $5, $6) RETURNING id`,
      [`/uploads/${key}`, key, `${payload}.png`, png.length, `Alt ${payload}`, [payload]],
    )
    // Markdown around the payload too: as a paragraph of its own, in a link's address and text, an image's text.
    const body = `Intro ${payload}\n\n${payload}\n\n[Link ${payload}](${PAYLOADS[2]})\n\n![Image ${payload}](/x.png)\n`
    const documents = await pool.query<{ id: number }>(
      `INSERT INTO documents (kind, slug, title, eyebrow, summary, body, status, published_at, cover_media_id,
         seo_title)
       VALUES ('guide', $1, $2, $3, $4, $5, 'published', now(), $6, $7),
              ('page', $8, $2, $3, $4, $5, 'published', now(), NULL, $7)
       RETURNING id`,
      [
        slug,
        `Guide ${index} ${payload}`,
        payload.slice(0, 60),
        `Summary ${payload}`,
        body,
        media.rows[0]!.id,
        payload.slice(0, 70),
        PAGE_SLUGS[index % PAGE_SLUGS.length],
      ],
    )
    for (const document of documents.rows) {
      await pool.query(
        `INSERT INTO document_revisions (document_id, revision, title, summary, body) VALUES ($1, 1, $2, $3, $4)`,
        [document.id, `Revision ${payload}`, `Summary ${payload}`, body],
      )
    }
    const ids = [category, product, comparison, media, documents].flatMap(({ rows }) => rows.map((row) => row.id))
    for (const key of [...ids.map(String), slug, asin]) keys.add(key)
  }
}

interface Page {
  url: string
  status: number
  type: string
  body: string
}

/** Breadth-first from `starts` with `cookie`: every address once, at most PER_SHAPE of a shape unless it names a key. */
async function crawl(starts: string[], cookie: string | null, inScope: (url: URL) => boolean): Promise<Page[]> {
  const queue = starts.map((start) => new URL(start, server.url).toString())
  const seen = new Set<string>()
  const shapes = new Map<string, number>()
  const pages: Page[] = []
  while (queue.length > 0 && pages.length < MAX_PAGES) {
    const address = queue.shift()!
    const url = new URL(address)
    if (seen.has(address) || url.origin !== server.url || !inScope(url)) continue
    seen.add(address)
    const named = [...url.pathname.split('/'), ...url.searchParams.values()].some((part) => keys.has(part))
    const shape = urlShape(address)
    if (!named && (shapes.get(shape) ?? 0) >= PER_SHAPE) continue
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1)
    const headers = cookie ? { Cookie: cookie } : undefined
    const response = await fetch(address, { headers, redirect: 'manual', signal: AbortSignal.timeout(20_000) })
    const location = response.headers.get('location')
    if (location) queue.push(new URL(location, address).toString())
    const type = response.headers.get('content-type') ?? ''
    const body = /html|xml/.test(type) ? await response.text() : ''
    if (!body) await response.body?.cancel()
    pages.push({ url: address, status: response.status, type, body })
    if (type.startsWith('text/html')) queue.push(...readPage(body, address).links)
    // A sitemap index names the sitemaps.
    if (type.includes('xml')) queue.push(...[...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!))
  }
  return pages
}

/** What a payload written as markup makes in a page's HTML: a script of its own, a handler, a javascript: link. */
function markupIn(page: Page): string[] {
  if (!page.type.startsWith('text/html')) {
    // XML (sitemaps, the feed) escapes what it carries: a payload's tag as it was typed is a broken escape.
    return [...page.body.matchAll(/<(script|img|svg)\b[^>]*>/gi)].map((match) => match[0])
  }
  const root = parse(page.body)
  const found: string[] = []
  for (const script of root.querySelectorAll('script')) {
    if (script.text.trim() === SCRIPT) found.push(`<script>${SCRIPT}</script>`)
    if (script.getAttribute('type') === 'application/ld+json' && !isJson(script.text)) {
      found.push(`JSON-LD that does not parse: ${script.text.slice(0, 120)}`)
    }
  }
  for (const element of root.querySelectorAll('*')) {
    for (const [name, value] of Object.entries(element.attributes)) {
      if (/^on/i.test(name)) found.push(`<${element.tagName.toLowerCase()} ${name}="${value}">`)
      if (/^(href|src|action|formaction)$/i.test(name) && /^\s*javascript:/i.test(value)) {
        found.push(`<${element.tagName.toLowerCase()} ${name}="${value}">`)
      }
    }
  }
  return found
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const isStatic = (url: URL) => /^\/(assets|uploads|images)\//.test(url.pathname)
const isPanel = (url: URL) => url.pathname === '/admin' || url.pathname.startsWith('/admin/')

test('markup and script stored in every owner-written text are shown as text, never run', async () => {
  const started = Date.now()
  const cookie = await adminCookie(env)
  const publicPages = await crawl(
    ['/', ...PAYLOADS.map((payload) => `/search?q=${encodeURIComponent(payload)}`), '/sitemap.xml', '/guides/feed.xml'],
    null,
    (url) => !isStatic(url) && !isPanel(url),
  )
  const panelPages = await crawl(
    ['/admin'],
    cookie,
    (url) => !isStatic(url) && isPanel(url) && url.pathname !== '/admin/logout',
  )
  const pages = [...publicPages, ...panelPages]

  const failures: string[] = []
  for (const page of pages) {
    if (page.status >= 500) failures.push(`${page.url}: ${page.status}`)
    for (const markup of markupIn(page)) failures.push(`${page.url}: ${markup}`)
  }

  // The pages that show a payload, as a visitor's browser runs them (hydrated, the panel's signed in); all of
  // them were read above, and BROWSER_PER_SHAPE of a shape are run.
  const showing = pages.filter((page) => page.type.startsWith('text/html') && shownIn(page.body))
  const opened = new Map<string, number>()
  const run = showing.filter((page) => {
    const shape = urlShape(page.url)
    opened.set(shape, (opened.get(shape) ?? 0) + 1)
    return opened.get(shape)! <= BROWSER_PER_SHAPE
  })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    const context = await browser.newContext()
    const equals = cookie.indexOf('=')
    await context.addCookies([{ name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url: server.url }])
    await context.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { __violations: seen })
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      )
    })
    const tab = await context.newPage()
    const dialogs: string[] = []
    tab.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    for (const page of run) {
      dialogs.length = 0
      const response = await tab.goto(page.url, { waitUntil: 'load' })
      await tab.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')))
      const seen = await tab.evaluate((script) => {
        const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
          [...element.attributes]
            .filter((attribute) => /^on/i.test(attribute.name))
            .map((a) => `${element.tagName} ${a.name}`),
        )
        const scripts = [...document.scripts].filter((element) => element.text.trim() === script).length
        const state = window as unknown as { __xss?: unknown; __violations: string[] }
        return { xss: state.__xss, handlers, scripts, violations: state.__violations }
      }, SCRIPT)
      const problems = [
        response && response.status() >= 500 ? `status ${response.status()}` : '',
        seen.xss !== undefined ? `window.__xss = ${String(seen.xss)}` : '',
        seen.scripts ? `${seen.scripts} script(s) of the payload` : '',
        ...seen.handlers.map((handler) => `handler ${handler}`),
        ...seen.violations.map((violation) => `CSP violation: ${violation}`),
        ...dialogs.map((message) => `dialog: ${message}`),
      ].filter(Boolean)
      if (problems.length) failures.push(`${page.url} in Chromium: ${problems.join('; ')}`)
    }
  } finally {
    await browser.close()
  }

  const shows = (pathname: string) => showing.some((page) => new URL(page.url).pathname.startsWith(pathname))
  console.log(
    `stored markup: ${publicPages.length} public and ${panelPages.length} panel pages read, ${showing.length} ` +
      `showing a payload, ${run.length} of them run in Chromium; ${Math.round((Date.now() - started) / 1000)} s`,
  )
  expect(failures).toEqual([])
  // The crawl reached the rows: pages of each kind show them (their keys in the address), public and panel.
  for (const kind of ['/category/', '/product/', '/reviews/', '/compare/', '/guides/', '/search', '/admin/']) {
    expect(shows(kind), kind).toBe(true)
  }
  for (const slug of PAGE_SLUGS) expect(shows(`/${slug}`), slug).toBe(true)
  const feed = pages.find((page) => page.url.endsWith('/guides/feed.xml'))!
  expect(feed.body).toContain('__xss')
}, 300_000)
