import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createCookie } from '@remix-run/node'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Role } from '#app/lib/permissions.ts'
import type { Database } from '#db/client.ts'
import { migrateToLatest } from '#db/migrator.ts'
import { seedDatabase } from '#db/seed-data/index.ts'
import { npmStartArguments } from '../../scripts/start-command.ts'
import { freePort } from './free-port.ts'
import { createDatabase, databaseUrl, dropDatabase, onServer, uniqueDatabaseName } from './postgres.ts'

/**
 * The production build started as `npm start` starts it (server.ts under tsx, NODE_ENV=production), in a
 * process of its own: for behaviour that depends on how the server is wired (outages, body limits, headers),
 * which a test importing modules into its own process cannot see.
 */
export interface BuiltServer {
  url: string
  port: number
  /** Everything the process printed so far. */
  output(): string
  /** Sends the process a signal. */
  kill(signal: NodeJS.Signals): void
  /** The exit code, once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>
}

/**
 * `script`: server.ts (one web process), or scripts/start.ts as `npm start` runs it (a primary by WEB_CONCURRENCY).
 * `port`: a given one, for a host restarted where its proxy expects it; else a free one.
 */
export async function startBuiltServer(
  env: Record<string, string>,
  { script = 'server.ts', port = 0 }: { script?: 'server.ts' | 'scripts/start.ts'; port?: number } = {},
): Promise<BuiltServer> {
  if (!existsSync('build/server/index.js')) {
    throw new Error('No production build: run `npm run build` first (npm run test:integration does).')
  }
  port ||= await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, script === 'server.ts' ? ['--import', 'tsx', script] : npmStartArguments(), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      RUN_WORKER: 'false',
      // A test that runs the workers gets no recurring jobs unless it asks: the 03:15 refresh would move its prices.
      RUN_SCHEDULES: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // Stopped without a drain window, unless a test of the graceful stop asks for one.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await waitUntilHealthy(child, url, () => output)
  return {
    url,
    port,
    output: () => output,
    kill: (signal) => child.kill(signal),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

async function waitUntilHealthy(child: ChildProcess, url: string, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`)
    const status = await fetch(`${url}/healthz`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not become healthy within 60 s:\n${output()}`)
}

/** A database of its own, copied from the migrated template and seeded with the demo catalogue. */
export async function createSeededDatabase(template: string) {
  const name = uniqueDatabaseName('built')
  await createDatabase(name, template)
  await migrateAndSeed(databaseUrl(name), { migrate: false })
  return { name, url: databaseUrl(name), drop: () => dropDatabase(name) }
}

/** Seeds the demo catalogue into the database at `url`, migrating it to the latest schema first unless told not to. */
export async function migrateAndSeed(url: string, { migrate = true } = {}) {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  })
  try {
    if (migrate) await migrateToLatest(db)
    await seedDatabase(db)
  } finally {
    await db.destroy()
  }
}

/** The services env of a built server on `databaseUrl`, with a Redis prefix of its own. */
export function builtServerEnv(database: { name: string; url: string }): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `test:${database.name}`,
    SESSION_SECRET: 'built-server-session-secret-at-least-32-chars',
    // Production on a real database: the start is refused without the key of the secrets at rest (decision 078).
    ENCRYPTION_KEY: 'built-server-encryption-key-of-random-looking-chars-0123456789',
    // A site with its own tag, as a real one runs; affiliate-tag-unset-built-server.test.ts runs one without.
    AFFILIATE_TAG: 'comicvault-20',
  }
}

/**
 * A session on the built server as the server would start it: a user (holding `role`, when given; or the user
 * `userId`, as it is), a session row of `kind`, and its signed cookie. Answers the session id (to see whether a
 * request ended it), the cookie header and the user's id.
 */
export async function startSession(
  env: Record<string, string>,
  kind: 'panel' | 'reviewer',
  role?: Role,
  { userId }: { userId?: number } = {},
): Promise<{ id: string; cookie: string; userId: number }> {
  const id = randomBytes(32).toString('base64url')
  const user = await onServer(async (client) => {
    let user = userId
    if (user === undefined) {
      const { rows } = await client.query<{ id: number }>('INSERT INTO users (email) VALUES ($1) RETURNING id', [
        `${role ?? kind}-${id.slice(0, 12)}@example.com`,
      ])
      user = rows[0]!.id
      if (role) await client.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [user, role])
    }
    await client.query(
      "INSERT INTO sessions (id, user_id, kind, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')",
      [id, user, kind],
    )
    return user
  }, env.DATABASE_URL)
  const cookie = createCookie(kind === 'panel' ? 'cv_session' : 'cv_reviewer', { secrets: [env.SESSION_SECRET!] })
  return { id, cookie: (await cookie.serialize(id)).split(';')[0]!, userId: user }
}

/** A signed-in admin of the built server: the cookie header. */
export async function adminCookie(env: Record<string, string>): Promise<string> {
  return (await startSession(env, 'panel', 'admin')).cookie
}

/** The ASIN of a product the storefront shows, from a seeded database. */
export function visibleAsin(databaseUrl: string): Promise<string> {
  return onServer(async (client) => {
    const { rows } = await client.query<{ asin: string }>('SELECT asin FROM products WHERE NOT soft_hidden LIMIT 1')
    return rows[0]!.asin
  }, databaseUrl)
}
