import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { startAmazonStandIn, STAND_IN_CREDENTIALS } from '#tests/support/amazon-stand-in.ts'
import {
  adminCookie,
  builtServerEnv,
  createSeededDatabase,
  startBuiltServer,
  visibleAsin,
  type BuiltServer,
} from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'

// A change of the Amazon settings applies without a restart in every process (docs/decisions/078): two web hosts
// on one database and Redis, and a standalone worker (`npm run worker`), each having read the settings before the
// change. The settings' memo lives 15 s at most; everything here happens well
// within that, so only the news of the write (Redis pub/sub) can make the processes see it.

const database = await createSeededDatabase(inject('templateDatabase'))
const standIn = await startAmazonStandIn()
const env = {
  ...builtServerEnv(database),
  AFFILIATE_TAG: '',
  AFFILIATE_TAGS: '',
  AMAZON_API_URL: standIn.url,
  AMAZON_TOKEN_URL: `${standIn.url}/auth/o2/token`,
}
let server: BuiltServer
let other: BuiltServer
let asin: string
const worker = spawn(process.execPath, ['--import', 'tsx', 'jobs/worker.ts'], {
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
  stdio: 'ignore',
})

beforeAll(async () => {
  asin = await visibleAsin(database.url)
  server = await startBuiltServer(env)
  other = await startBuiltServer(env)
}, 240_000)
afterAll(async () => {
  worker.kill('SIGTERM')
  await server?.stop()
  await other?.stop()
  await standIn.close()
  await database.drop()
})

/** The tag of `count` clicks on each host, each on a connection of its own. */
function clickTags(count: number): Promise<Array<string | null>> {
  const one = (host: BuiltServer) =>
    new Promise<string | null>((resolve, reject) => {
      request(`${host.url}/go/${asin}`, { agent: false }, (response) => {
        response.resume()
        resolve(new URL(response.headers.location!).searchParams.get('tag'))
      })
        .on('error', reject)
        .end()
    })
  return Promise.all([server, other].flatMap((host) => Array.from({ length: count }, () => one(host))))
}

async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(server.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: await adminCookie(env), Origin: server.url },
    body: new URLSearchParams(fields),
  })
  expect(response.status).toBe(303)
}

const refreshes = () =>
  onServer(
    async (client) =>
      (
        await client.query<{ status: string; message: string }>(
          'SELECT status, message FROM data_refresh_log ORDER BY id',
        )
      ).rows,
    database.url,
  )

/** Asks for a refresh now and waits for the worker's run; the seed's own row comes before any. */
async function runRefresh() {
  const before = (await refreshes()).length
  await post('/admin/products/refresh', {})
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const rows = await refreshes()
    if (rows.length > before && rows[before]!.status !== 'running') return rows[before]!
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the worker did not finish the refresh')
}

test('a tag set in the panel is used at once by /go on every host', { timeout: 60_000 }, async () => {
  expect(await clickTags(4)).toEqual(Array(8).fill(null))
  await post('/admin/settings', { intent: 'amazon-tag', store: 'US', tag: 'multiproc-20' })
  expect(await clickTags(4)).toEqual(Array(8).fill('multiproc-20'))
})

test('credentials set in the panel are used by the worker’s next refresh', { timeout: 90_000 }, async () => {
  expect((await runRefresh()).message).toContain('credentials are missing')
  await post('/admin/settings', {
    intent: 'amazon-credentials',
    credentialId: STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_ID,
    credentialSecret: STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_SECRET,
    version: '3.1',
  })
  const outcome = await runRefresh()
  expect(outcome.status).toBe('succeeded')
  expect(standIn.calls.token).toBe(1)
  expect(standIn.calls.getItems).toBeGreaterThan(0)
})
