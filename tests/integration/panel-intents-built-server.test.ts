import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { can, type Permission, type Role } from '#app/lib/permissions.ts'
import {
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  startSession,
  type BuiltServer,
} from '#tests/support/built-server.ts'
import { readPage, urlShape, type FoundForm } from '#tests/support/form-crawler.ts'
import { addMediaFile } from '#tests/support/media-files.ts'
import { GUARDED_ROUTES, routePath } from '#tests/support/panel-routes.ts'

// Every panel action × every role × every way of naming the intent, on the built server (docs/decisions/074). The
// permission is checked against the intent the action acts on, so a form that names it in any other way (`.intent`,
// which Conform reads as `intent`; `intent.`, `[intent]`, `intent[0]`; twice; in the address too) is refused with a
// 400 and changes nothing, whoever sends it. Each intent is posted with the fields of its real form, found by
// crawling the panel as an admin, so a refusal is the check's doing, not a form the action would have refused anyway.

const WHO = ['anonymous', 'viewer', 'editor', 'admin'] as const
type Who = (typeof WHO)[number]

/** How the intent is sent: as every panel form sends it, then each way a form never does. */
const VARIANTS: Record<string, (intent: string) => { rename?: string; twice?: boolean; query?: boolean }> = {
  intent: () => ({}),
  '.intent': () => ({ rename: '.intent' }),
  'intent.': () => ({ rename: 'intent.' }),
  '[intent]': () => ({ rename: '[intent]' }),
  'intent[0]': () => ({ rename: 'intent[0]' }),
  'intent twice': () => ({ twice: true }),
  'intent in the address too': () => ({ query: true }),
  'intent in the address only': () => ({ rename: '', query: true }),
}

/** Tables a panel page writes whoever reads it (a session's last use): not a change the matrix looks for. */
const READ_WRITES = new Set(['sessions'])

let server: BuiltServer
let database: Awaited<ReturnType<typeof createSeededDatabase>>
let pool: pg.Pool
let uploadDir: string
let env: Record<string, string>
const cookies = {} as Record<Who, string>
/** The fields of each intent's real form, by `route intent`. */
const forms = new Map<string, FoundForm>()

beforeAll(async () => {
  database = await createSeededDatabase(inject('templateDatabase'))
  uploadDir = await mkdtemp(path.join(tmpdir(), 'cv-intents-uploads-'))
  env = builtServerEnv(database)
  server = await startBuiltServer({ ...env, RATE_LIMIT_FACTOR: '1000', UPLOAD_DIR: uploadDir })
  pool = new pg.Pool({ connectionString: database.url, max: 2 })
  await addSomethingToEveryPanelPage()
  await recordEveryWrite()
  for (const who of WHO) cookies[who] = who === 'anonymous' ? '' : (await startSession(env, 'panel', who)).cookie
  await findPanelForms()
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await pool?.end()
  await database?.drop()
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true })
})

/**
 * A file in a folder, a guide with two revisions, a pending review, a link problem and a tracking ID: each page's
 * forms show.
 */
async function addSomethingToEveryPanelPage() {
  await addMediaFile(pool, uploadDir, 'Matrix')
  const guide = await pool.query<{ id: number }>(
    `INSERT INTO documents (kind, slug, title, summary, body, status, revision)
     VALUES ('guide', 'matrix-draft', 'Matrix draft', 'A draft.', 'Draft text.', 'draft', 2) RETURNING id`,
  )
  await pool.query(
    `INSERT INTO document_revisions (document_id, revision, title, summary, body)
     VALUES ($1, 1, 'Matrix draft', 'A draft.', 'Earlier text.'), ($1, 2, 'Matrix draft', 'A draft.', 'Draft text.')`,
    [guide.rows[0]!.id],
  )
  await pool.query(`UPDATE reviews SET status = 'PENDING' WHERE id = (SELECT min(id) FROM reviews)`)
  await pool.query(
    `INSERT INTO link_problems (product_id, kind, detail) SELECT min(id), 'unavailable', 'Gone' FROM products`,
  )
  await pool.query(`INSERT INTO tracking_ids (tag) VALUES ('matrix-20')`)
}

/**
 * Every row a request inserts, updates or deletes is counted by table, so "nothing changed" is exact and cheap:
 * a row trigger on every table of the schema.
 */
async function recordEveryWrite() {
  await pool.query(`
    CREATE TABLE matrix_writes (table_name text NOT NULL);
    CREATE FUNCTION matrix_record_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO matrix_writes VALUES (TG_TABLE_NAME); RETURN NULL; END $$;
    DO $$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'matrix_writes' LOOP
        EXECUTE format('CREATE TRIGGER matrix_write AFTER INSERT OR UPDATE OR DELETE ON %I
                        FOR EACH ROW EXECUTE FUNCTION matrix_record_write()', t);
      END LOOP;
    END $$`)
}

/** The tables written since the last call. */
async function tablesWritten(): Promise<string[]> {
  const { rows } = await pool.query<{ table_name: string }>('DELETE FROM matrix_writes RETURNING table_name')
  return [...new Set(rows.map((row) => row.table_name))].filter((table) => !READ_WRITES.has(table)).sort()
}

/** The panel's POST forms, crawled as an admin from /admin: the first of each route and intent. */
async function findPanelForms() {
  const queue = ['/admin']
  const seen = new Set<string>()
  while (queue.length > 0 && seen.size < 200) {
    const address = new URL(queue.shift()!, server.url)
    const shape = urlShape(address.toString())
    if (seen.has(shape)) continue
    seen.add(shape)
    const response = await fetch(address, { headers: { Cookie: cookies.admin }, redirect: 'manual' })
    if (!response.headers.get('content-type')?.startsWith('text/html')) continue
    const { links, forms: found } = readPage(await response.text(), address.toString())
    for (const link of links) {
      const url = new URL(link)
      if (url.pathname.startsWith('/admin') && !url.pathname.startsWith('/admin/logout')) queue.push(link)
    }
    for (const form of found) {
      const intent = form.fields.find((field) => field.name === 'intent')?.value
      const route = form.method === 'POST' && intent ? routeOf(new URL(form.action).pathname) : undefined
      if (route && !forms.has(`${route} ${intent}`)) forms.set(`${route} ${intent}`, form)
    }
  }
}

/** The route with actions an address belongs to: one of fixed segments before one with params, as Remix ranks them. */
function routeOf(pathname: string): string | undefined {
  const routes = Object.entries(GUARDED_ROUTES)
    .filter(([, guard]) => guard.actions)
    .sort(([a], [b]) => Number(a.includes('$')) - Number(b.includes('$')))
  for (const [route, guard] of routes) {
    const pattern = routePath(route, { ...guard, params: { id: '[^/]+', slug: '[^/]+', '*': '.+' } })
    if (new RegExp(`^${pattern}$`).test(pathname)) return route
  }
}

interface Case {
  route: string
  intent: string
  need: Permission | 'admin'
  who: Who
  variant: string
}

/** What a request must get: sent home (signed out), 400 (a misnamed intent), 403 (not allowed), or let through. */
function expectedOf({ who, variant, need }: Case): 'home' | 400 | 403 | 'allowed' {
  if (who === 'anonymous') return 'home'
  if (variant !== 'intent') return 400
  const allowed = need === 'admin' ? who === 'admin' : can(who as Role, need)
  return allowed ? 'allowed' : 403
}

/** The case's request: the real form's fields with its intent named as the variant names it. */
function requestOf({ route, intent, variant }: Case, cookie: string): [URL, RequestInit] {
  const form = forms.get(`${route} ${intent}`)
  const action = new URL(form?.action ?? routePath(route, GUARDED_ROUTES[route]!), server.url)
  const fields = (form?.fields ?? []).filter((field) => field.name !== 'intent' && field.kind !== 'file')
  const { rename = 'intent', twice = false, query = false } = VARIANTS[variant]!(intent)
  const body = new URLSearchParams(fields.map((field) => [field.name, field.value]))
  if (rename) body.append(rename, intent)
  if (twice) body.append('intent', intent)
  if (query) action.searchParams.append('intent', intent)
  const headers = { Cookie: cookie, Origin: server.url }
  return [action, { method: 'POST', body, headers, redirect: 'manual' }]
}

const cases: Case[] = Object.entries(GUARDED_ROUTES).flatMap(([route, guard]) =>
  Object.entries(guard.actions ?? {})
    .filter(([intent]) => intent !== '')
    .flatMap(([intent, need]) =>
      WHO.flatMap((who) => Object.keys(VARIANTS).map((variant) => ({ route, intent, need, who, variant }))),
    ),
)

test('the matrix reaches every intent of the panel, most with the fields of their real form', () => {
  expect(cases.length).toBeGreaterThan(1_000)
  const intents = new Set(cases.map(({ route, intent }) => `${route} ${intent}`))
  // Forms a fresh panel does not show: the second factor's (enrolment, a passkey) and a found problem's replacement.
  const withoutForm = [...intents].filter((key) => !forms.has(key))
  expect(withoutForm.length).toBeLessThan(intents.size / 4)
})

test('a misnamed intent, or one a role may not use, is refused and changes nothing', async () => {
  const failures: string[] = []
  await tablesWritten()
  for (const item of cases.filter((item) => expectedOf(item) !== 'allowed')) {
    const response = await fetch(...requestOf(item, cookies[item.who]))
    const expected = expectedOf(item)
    const got = response.status >= 300 && response.status < 400 ? response.headers.get('location') : response.status
    await response.arrayBuffer()
    const written = await tablesWritten()
    const label = `${item.who} ${item.route} ${item.variant}=${item.intent}`
    if (got !== (expected === 'home' ? '/' : expected)) failures.push(`${label}: ${got}, expected ${expected}`)
    if (written.length > 0) {
      failures.push(`${label}: wrote ${written.join(', ')}`)
      // A second factor required of everyone would send every later request to enrol, hiding what they would do.
      await pool.query('UPDATE site_settings SET require_two_factor = false WHERE require_two_factor')
      await tablesWritten()
    }
  }
  expect(failures).toEqual([])
}, 600_000)

test('the intent as its form sends it reaches the action for every role that may use it', async () => {
  const failures: string[] = []
  for (const item of cases.filter((item) => expectedOf(item) === 'allowed')) {
    // A session of its own each: an earlier allowed write may have removed a user or required a second factor.
    await pool.query('UPDATE site_settings SET require_two_factor = false')
    const { cookie } = await startSession(env, 'panel', item.who as Role)
    const response = await fetch(...requestOf(item, cookie))
    const text = await response.text()
    if (response.status === 403 || response.status >= 500 || text.includes('Unknown action.'))
      failures.push(`${item.who} ${item.route} intent=${item.intent}: ${response.status}`)
  }
  expect(failures).toEqual([])
}, 300_000)
