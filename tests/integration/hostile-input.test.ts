import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import {
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  startSession,
  type BuiltServer,
} from '#tests/support/built-server.ts'
import {
  formKey,
  formSignature,
  HOSTILE_VALUES,
  linkAsForm,
  readPage,
  requestOf,
  submissionsOf,
  urlShape,
  type FoundForm,
  type Submission,
} from '#tests/support/form-crawler.ts'
import { pngImage } from '#tests/support/images.ts'

// Hostile input never yields a 5xx (docs/decisions/025). The production build, on a seeded database of its own, is
// crawled as an anonymous visitor, a signed-in reviewer and an admin. Every form found is submitted with hostile
// values (tests/support/form-crawler.ts), and so are the query parameters of the links found and the last
// segment of their paths. Nothing here names a route: a form added later is found and fuzzed too.

/** How many addresses of one shape are crawled, and how many forms of one signature fuzzed (a few products). */
const PER_SHAPE = 3
const MAX_PAGES = 400
/** GET requests change nothing: a few at a time. POSTs go one by one, in the order they were found. */
const GET_CONCURRENCY = 4

let server: BuiltServer
let database: Awaited<ReturnType<typeof createSeededDatabase>>
let pool: pg.Pool
let uploadDir: string
let env: Record<string, string>

beforeAll(async () => {
  database = await createSeededDatabase(inject('templateDatabase'))
  uploadDir = await mkdtemp(path.join(tmpdir(), 'cv-hostile-uploads-'))
  env = builtServerEnv(database)
  // Rate limits would stop the crawl long before it is done.
  server = await startBuiltServer({ ...env, RATE_LIMIT_FACTOR: '1000', UPLOAD_DIR: uploadDir })
  pool = new pg.Pool({ connectionString: database.url, max: 2 })
  // Something on every kind of panel page: a folder, and a file in the media library; a draft and a published
  // guide, the second with that file as its cover, and a saved page, each with two revisions (so the editors'
  // buttons of each state, and the forms that restore a revision, are found).
  const { rows } = await pool.query<{ id: number }>(`INSERT INTO media_folders (name) VALUES ('Fuzz') RETURNING id`)
  const key = `${Date.now()}-${randomBytes(8).toString('hex')}.png`
  const png = pngImage(2, 2)
  await writeFile(path.join(uploadDir, key), png)
  const media = await pool.query<{ id: number }>(
    `INSERT INTO media (url, key, file_name, file_size, mime_type, width, height, folder_id)
     VALUES ($1, $2, 'fuzz.png', $3, 'image/png', 2, 2, $4) RETURNING id`,
    [`/uploads/${key}`, key, png.length, rows[0]!.id],
  )
  const documents = await pool.query<{ id: number; title: string; summary: string; body: string }>(
    `INSERT INTO documents (kind, slug, title, summary, body, status, published_at, cover_media_id, revision) VALUES
       ('guide', 'fuzz-draft', 'Fuzz draft', 'A draft.', 'Draft text.', 'draft', NULL, NULL, 2),
       ('guide', 'fuzz-live', 'Fuzz live', 'A guide.', '::product{asin="B073TEQUFH"}', 'published', now(), $1, 2),
       ('page', 'about', 'About us', 'Who we are.', 'We collect comics.', 'published', now(), NULL, 2)
     RETURNING id, title, summary, body`,
    [media.rows[0]!.id],
  )
  for (const document of documents.rows) {
    await pool.query(
      `INSERT INTO document_revisions (document_id, revision, title, summary, body)
       VALUES ($1, 1, $2, $3, 'Earlier text.'), ($1, 2, $2, $3, $4)`,
      [document.id, document.title, document.summary, document.body],
    )
  }
}, 90_000)

afterAll(async () => {
  await server?.stop()
  await pool?.end()
  await database?.drop()
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true })
})

interface Visitor {
  name: string
  /** Where its crawl starts, and which addresses it follows. */
  starts: string[]
  inScope: (url: URL) => boolean
  headers: () => Record<string, string>
  /**
   * After a POST: signs in anew if the submission ended the session (logout, sign-out) or took the role away, and
   * lets the panel in again if it made the site require a second factor (every later panel request would be sent
   * to enrol, and the forms found after the settings' would never reach their actions).
   */
  keepSignedIn: () => Promise<void>
}

async function signedIn(name: string, kind: 'panel' | 'reviewer', starts: string[], inScope: Visitor['inScope']) {
  const role = kind === 'panel' ? 'admin' : undefined
  let session = await startSession(env, kind, role)
  const visitor: Visitor = {
    name,
    starts,
    inScope,
    headers: () => ({ Cookie: session.cookie }),
    async keepSignedIn() {
      const { rowCount } = await pool.query(
        `SELECT 1 FROM sessions s WHERE s.id = $1 AND s.expires_at > now() AND ($2::text IS NULL
           OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = s.user_id AND r.role::text = $2))`,
        [session.id, role ?? null],
      )
      if (!rowCount) session = await startSession(env, kind, role)
      if (kind === 'panel')
        await pool.query('UPDATE site_settings SET require_two_factor = false WHERE require_two_factor')
    },
  }
  return visitor
}

/** A password-reset link as the mail carries it, for a user of its own (so resetting it ends no crawl). */
async function passwordResetLink(): Promise<string> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (email) VALUES ('hostile-reset@example.com') RETURNING id`,
  )
  await pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'editor')`, [rows[0]!.id])
  const token = randomBytes(32).toString('base64url')
  await pool.query(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [rows[0]!.id, createHash('sha256').update(token).digest('hex')],
  )
  return `/admin/reset-password?token=${token}`
}

interface Outcome {
  visitor: string
  request: string
  label: string
  status: number
  body: string
}

/** Sends one request, never following a redirect; no answer at all (a crash, a hang) counts as 599. */
async function send(visitor: Visitor, url: string, init: RequestInit, label: string): Promise<Outcome> {
  const request = `${init.method ?? 'GET'} ${url.slice(server.url.length, server.url.length + 160)}`
  try {
    const response = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(20_000) })
    const body = response.status >= 500 ? (await response.text()).slice(0, 300) : ''
    if (response.status < 500) await response.body?.cancel()
    return { visitor: visitor.name, request, label, status: response.status, body }
  } catch (error) {
    return { visitor: visitor.name, request, label, status: 599, body: String(error) }
  }
}

interface Found {
  visitor: Visitor
  form: FoundForm
}

/** What the crawl found: forms, links with a query (as GET forms), and one address per path shape. */
interface Finds {
  forms: Map<string, Found>
  links: Map<string, Found>
  paths: Map<string, { visitor: Visitor; address: string }>
}

/** Breadth-first from the visitor's start pages: each address once, at most PER_SHAPE of one shape. */
async function crawl(visitor: Visitor, finds: Finds): Promise<Outcome[]> {
  const signatures = new Map<string, number>()
  for (const { form } of finds.forms.values()) {
    signatures.set(formSignature(form), (signatures.get(formSignature(form)) ?? 0) + 1)
  }
  const queue = visitor.starts.map((start) => new URL(start, server.url).toString())
  const seen = new Set<string>()
  const shapes = new Map<string, number>()
  const outcomes: Outcome[] = []
  while (queue.length > 0 && outcomes.length < MAX_PAGES) {
    const address = queue.shift()!
    const url = new URL(address)
    if (seen.has(address) || url.origin !== server.url || !visitor.inScope(url)) continue
    seen.add(address)
    const shape = urlShape(address)
    if ((shapes.get(shape) ?? 0) >= PER_SHAPE) continue
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1)

    const link = linkAsForm(address)
    if (link && !finds.links.has(formKey(link))) finds.links.set(formKey(link), { visitor, form: link })
    const pathShape = urlShape(address.replace(/\/[^/?]+(\?.*)?$/, '/*'))
    if (url.pathname.lastIndexOf('/') > 0 && !finds.paths.has(`${visitor.name} ${pathShape}`)) {
      finds.paths.set(`${visitor.name} ${pathShape}`, { visitor, address: `${url.origin}${url.pathname}` })
    }

    const init = { headers: visitor.headers(), redirect: 'manual', signal: AbortSignal.timeout(20_000) } as const
    const response = await fetch(address, init)
    outcomes.push({
      visitor: visitor.name,
      request: `GET ${address}`,
      label: 'crawl',
      status: response.status,
      body: '',
    })
    const location = response.headers.get('location')
    if (location) queue.push(new URL(location, address).toString())
    if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) {
      await response.body?.cancel()
      continue
    }
    const page = readPage(await response.text(), address)
    queue.push(...page.links)
    for (const form of page.forms) {
      // The same form at many addresses (the filters of every category page) is fuzzed at PER_SHAPE of them.
      const signature = formSignature(form)
      if (finds.forms.has(formKey(form)) || (signatures.get(signature) ?? 0) >= PER_SHAPE) continue
      finds.forms.set(formKey(form), { visitor, form })
      signatures.set(signature, (signatures.get(signature) ?? 0) + 1)
    }
  }
  return outcomes
}

/** Runs `work` over `items`, `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let i = 0; i < items.length; i += limit) {
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))))
  }
  return results
}

/** GETs a few at a time, then POSTs one by one (each followed by a check that the visitor is still signed in). */
async function submitAll(found: Found[]): Promise<Outcome[]> {
  const submissions = found.flatMap(({ visitor, form }) =>
    [...submissionsOf(form)].map((submission) => ({ visitor, submission })),
  )
  const submit = async ({ visitor, submission }: { visitor: Visitor; submission: Submission }) => {
    const [url, init] = requestOf(submission, visitor.headers())
    const outcome = await send(visitor, url, init, submission.label)
    if (init.method === 'POST') await visitor.keepSignedIn()
    return outcome
  }
  const gets = submissions.filter(({ submission }) => submission.form.method === 'GET')
  const posts = submissions.filter(({ submission }) => submission.form.method === 'POST')
  return [...(await inBatches(gets, GET_CONCURRENCY, submit)), ...(await inBatches(posts, 1, submit))]
}

const tally = (outcomes: Outcome[]) => {
  const counts = new Map<number, number>()
  for (const { status } of outcomes) counts.set(status, (counts.get(status) ?? 0) + 1)
  return JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => a - b)))
}

test('no page, form, query parameter or path segment answers hostile input with a 5xx', async () => {
  const started = Date.now()
  const isStatic = (url: URL) => /^\/(assets|uploads|images)\//.test(url.pathname) || /\.\w{2,4}$/.test(url.pathname)
  const isPanel = (url: URL) => url.pathname === '/admin' || url.pathname.startsWith('/admin/')
  const visitors: Visitor[] = [
    {
      name: 'anonymous',
      // The public site, and the panel's signed-out pages: nothing links to its sign-in page, and the reset
      // link comes by mail.
      starts: ['/', '/admin/login', await passwordResetLink()],
      inScope: (url) => !isStatic(url),
      headers: () => ({}),
      keepSignedIn: async () => {},
    },
    await signedIn('reviewer', 'reviewer', ['/'], (url) => !isStatic(url) && !isPanel(url)),
    await signedIn('admin', 'panel', ['/admin'], (url) => !isStatic(url) && isPanel(url)),
  ]

  const finds: Finds = { forms: new Map(), links: new Map(), paths: new Map() }
  const crawled: Outcome[] = []
  for (const visitor of visitors) crawled.push(...(await crawl(visitor, finds)))

  const forms = [...finds.forms.values()]
  const submitted = await submitAll(forms)
  const fromLinks = await submitAll([...finds.links.values()])
  const pathVariants = [...finds.paths.values()].flatMap(({ visitor, address }) =>
    HOSTILE_VALUES.map(([label, value]) => ({ visitor, label: `last path segment = ${label}`, address, value })),
  )
  const fromPaths = await inBatches(pathVariants, GET_CONCURRENCY, ({ visitor, label, address, value }) =>
    send(visitor, address.replace(/[^/]+$/, encodeURIComponent(value)), { headers: visitor.headers() }, label),
  )

  const count = (method: string) => forms.filter(({ form }) => form.method === method).length
  console.log(
    [
      `hostile input: ${crawled.length} pages crawled; ${forms.length} forms found (${count('GET')} GET, ` +
        `${count('POST')} POST, ${forms.filter(({ form }) => form.multipart).length} multipart); ` +
        `${submitted.length} form submissions; ${fromLinks.length + fromPaths.length} address variants ` +
        `(${finds.links.size} link queries, ${finds.paths.size} path shapes); ` +
        `${Math.round((Date.now() - started) / 1000)} s`,
      `  pages crawled, by status: ${tally(crawled)}`,
      `  form submissions, by status: ${tally(submitted)}`,
      `  address variants, by status: ${tally([...fromLinks, ...fromPaths])}`,
      ...visitors.map((visitor) => {
        const own = forms.filter((found) => found.visitor === visitor)
        const names = own.map(({ form }) => `${form.method} ${new URL(form.action).pathname}`)
        return `  ${visitor.name}'s ${own.length} forms: ${names.join(', ')}`
      }),
    ].join('\n'),
  )

  const failures = [...crawled, ...submitted, ...fromLinks, ...fromPaths].filter((outcome) => outcome.status >= 500)
  expect(failures, `server log:\n${server.output().slice(-4000)}`).toEqual([])
  // The crawl reached what it had to: forms for every visitor, the upload form among them.
  for (const visitor of visitors) expect(forms.filter((found) => found.visitor === visitor).length).toBeGreaterThan(0)
  expect(forms.some(({ form }) => form.multipart)).toBe(true)
  // The document editors among them: a new guide's, a saved guide's and a page's, and a revision's restore.
  const posted = forms.filter(({ form }) => form.method === 'POST').map(({ form }) => urlShape(form.action))
  expect(posted).toEqual(expect.arrayContaining(['/admin/guides/new?', '/admin/guides/*?', '/admin/pages/about?']))
  expect(forms.some(({ form }) => form.fields.some((field) => field.name === 'restore'))).toBe(true)
  // Twelve thousand requests: 214 s alone on a 2-core machine shared with other work. A limit, not a timing.
}, 480_000)
