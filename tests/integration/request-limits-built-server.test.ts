import { connect } from 'node:net'
import { describe, expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { adminCookie, createSeededDatabase } from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'

// Bad input is refused with a 4xx, never a 500 or a hang (docs/decisions/073): a form of 10,000 fields, a field
// name of 10,000 characters, names nested 1,000 deep, and a 64 KB query, on a public form, a panel form and the
// public pages. Each form also carries a valid submission, which would be saved were the junk let through.

const database = await createSeededDatabase(inject('templateDatabase'))
const site = useBuiltServer(database, (env) => ({ ...env, RATE_LIMIT_FACTOR: '1000' }))

const DEEP = 1_000
/** Junk fields, each a list of [name, value] pairs added to a valid form. */
const JUNK: Record<string, Array<[string, string]>> = {
  '10,000 fields': Array.from({ length: 10_000 }, () => ['f', '']),
  'a name of 10,000 characters': [['n'.repeat(10_000), 'x']],
  'a[0][0]… 1,000 deep': [[`a${'[0]'.repeat(DEEP)}`, 'x']],
  'a[b][b]… 1,000 deep': [[`a${'[b]'.repeat(DEEP)}`, 'x']],
  'a.b.b… 1,000 deep': [[`a${'.b'.repeat(DEEP)}`, 'x']],
}
const LONG_QUERY = `x=${'x'.repeat(64 * 1024)}`

async function post(path: string, fields: Array<[string, string]>, cookie?: string) {
  const response = await fetch(site.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: site.url,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  await response.arrayBuffer()
  return response.status
}

const get = async (path: string) => {
  const response = await fetch(site.url + path, { signal: AbortSignal.timeout(10_000) })
  await response.arrayBuffer()
  return response.status
}

const count = (sql: string, values: unknown[]) =>
  onServer(async (client) => Number((await client.query<{ n: string }>(sql, values)).rows[0]!.n), database.url)

const expectRefused = (status: number) => expect(status >= 400 && status < 500, `status ${status}`).toBe(true)

describe('a public form', () => {
  const subscribe = (email: string): Array<[string, string]> => [['email', email]]
  const contact: Array<[string, string]> = [
    ['name', 'Ann'],
    ['email', 'ann@example.com'],
    ['message', 'Hello there, a question about sleeves.'],
  ]

  test('the valid submissions alone go through', async () => {
    expect(await post('/subscribe', subscribe('valid@example.com'))).toBe(303)
    expect(await post('/contact', contact)).toBe(303)
  })

  test.each(Object.entries(JUNK))('with %s: 4xx, and nothing saved', async (label, junk) => {
    const email = `junk-${label.replace(/\W+/g, '-')}@example.com`
    expectRefused(await post('/subscribe', [...subscribe(email), ...junk]))
    expectRefused(await post('/contact', [...contact, ...junk]))
    expect(await count('SELECT count(*) AS n FROM subscribers WHERE email = $1', [email])).toBe(0)
  })

  test('with a 64 KB query: 4xx, and nothing saved', async () => {
    const email = 'long-query@example.com'
    expectRefused(await post(`/subscribe?${LONG_QUERY}`, subscribe(email)))
    expect(await count('SELECT count(*) AS n FROM subscribers WHERE email = $1', [email])).toBe(0)
  })
})

describe('a panel form, as an admin', () => {
  const addUser = (email: string): Array<[string, string]> => [
    ['intent', 'add-user'],
    ['email', email],
    ['role', 'viewer'],
  ]

  test('the valid submission alone goes through', async () => {
    const cookie = await adminCookie(site.env)
    expect(await post('/admin/settings', addUser('added@example.com'), cookie)).toBe(303)
  })

  test.each(Object.entries(JUNK))('with %s: 4xx, and nobody added', async (label, junk) => {
    const cookie = await adminCookie(site.env)
    const email = `panel-${label.replace(/\W+/g, '-')}@example.com`
    expectRefused(await post('/admin/settings', [...addUser(email), ...junk], cookie))
    expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', [email])).toBe(0)
  })

  test('with a 64 KB query: 4xx, and nobody added', async () => {
    const cookie = await adminCookie(site.env)
    const email = 'panel-long-query@example.com'
    expectRefused(await post(`/admin/settings?${LONG_QUERY}`, addUser(email), cookie))
    expect(await count('SELECT count(*) AS n FROM users WHERE email = $1', [email])).toBe(0)
  })
})

describe('the public pages', () => {
  const queries: Record<string, string> = {
    '10,000 parameters': Array.from({ length: 10_000 }, (_, n) => `p${n}=`).join('&'),
    'a name of 10,000 characters': `${'n'.repeat(10_000)}=x`,
    'a[0][0]… 1,000 deep': `a${'[0]'.repeat(DEEP)}=x`,
    'a[b][b]… 1,000 deep': `a${'[b]'.repeat(DEEP)}=x`,
    'a.b.b… 1,000 deep': `a${'.b'.repeat(DEEP)}=x`,
    'a 64 KB query': LONG_QUERY,
    // Under Node's own 16 KB limit on the request's head: refused by ours.
    'a 12 KB query': `x=${'x'.repeat(12 * 1024)}`,
  }

  test.each(Object.entries(queries))('with %s: 4xx on /search and a category', async (_label, query) => {
    for (const path of ['/search?q=mylar&', '/category/mylar-sleeves?']) expectRefused(await get(path + query))
  })

  test('a 64 KB address is refused by Node itself (431), a 12 KB one by the query limit (414)', async () => {
    expect(await get(`/search?${LONG_QUERY}`)).toBe(431)
    expect(await get(`/search?${queries['a 12 KB query']}`)).toBe(414)
    expect(await get('/search?q=mylar')).toBe(200)
  })
})

/** The status line's code for a request whose target is written as it is: fetch only ever sends a path. */
function statusOfTarget(target: string): Promise<number> {
  const { port } = new URL(site.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    )
    let head = ''
    socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')))
    socket.on('close', () => resolve(Number(head.split(' ', 2)[1])))
    socket.on('error', reject)
  })
}

test('a target that is not a path (absolute form, *) is a 400, not the 500 Remix would answer', async () => {
  for (const target of ['http://evil.example/', `${site.url}/about`, '*'])
    expect(await statusOfTarget(target)).toBe(400)
  expect(await statusOfTarget('/about')).toBe(200)
})
