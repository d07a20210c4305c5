import { Kysely, PostgresDialect, type Dialect, type Transaction } from 'kysely'
import pg from 'pg'
import { getEnv, type Env } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { DeferredPostgresDialect } from './deferred-dialect.ts'
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts'
import { DatabaseUnavailableError, isUnavailableError, markDatabase } from './health.ts'
import { NamedStatementsClient } from './named-statements.ts'
import { stopTrackingReplicas } from './replica-lag.ts'
import { replicationDialect } from './replicas.ts'
import type { DB as Database } from './types.ts'

export type { Database }
export type DB = Kysely<Database>
/** What model functions take, so routes and jobs can pass either the database or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>

// numeric arrives as a string (exact); models parse it at their edge. int8 counts are safe as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

interface Connection {
  pool: pg.Pool
  embedded?: EmbeddedDatabase
  /** Kysely's Postgres dialect on the pool, or with DATABASE_REPLICA_URLS the replicas' (decision 055). */
  dialect: Dialect
}

/**
 * The process shares one pool. It lives on globalThis because server.ts (run by tsx) and the Remix
 * server bundle each hold a copy of this module, and must not open two pools.
 */
const GLOBAL = Symbol.for('comic-vault.database')
type Global = typeof globalThis & { [GLOBAL]?: { connection?: Promise<Connection>; db?: DB } }
const store = ((globalThis as Global)[GLOBAL] ??= {})

export function usesEmbeddedDatabase(): boolean {
  return !getEnv().DATABASE_URL
}

/** What our connections call themselves in pg_stat_activity: how the start-up check counts them (db/connection-budget.ts). */
export const APPLICATION_NAME = 'comic-vault'

/**
 * A process's connections to a real Postgres (docs/decisions/058): at most DATABASE_POOL_SIZE, of which
 * DATABASE_POOL_MIN (unset: all) stay open however long they idle, so its backends stay warm (their caches,
 * the pages they read) instead of being replaced after each quiet spell. Above the floor, idle ones close.
 */
export function poolSettings(env: Env) {
  return {
    max: env.DATABASE_POOL_SIZE,
    min: env.DATABASE_POOL_MIN ?? env.DATABASE_POOL_SIZE,
    idleTimeoutMillis: env.DATABASE_POOL_IDLE_TIMEOUT_MS,
    application_name: `${APPLICATION_NAME} ${process.env.SERVICE_NAME ?? 'web'}`,
    // Each connection plans a statement once instead of on every call (docs/decisions/067).
    ...(env.DATABASE_PREPARED_STATEMENTS ? { Client: NamedStatementsClient } : {}),
  } satisfies pg.PoolConfig
}

async function connect(): Promise<Connection> {
  const env = getEnv()
  const embedded = env.DATABASE_URL ? undefined : await startEmbeddedDatabase(env.EMBEDDED_DATA_DIR)
  const pool = new pg.Pool({
    connectionString: env.DATABASE_URL ?? embedded!.connectionString,
    ...(embedded ? { max: 1, idleTimeoutMillis: 30_000 } : poolSettings(env)),
    connectionTimeoutMillis: 5_000,
  })
  // An idle client losing its server emits here; without a listener the process would crash.
  // pg attaches the whole client to its errors: log what matters, not the connection's internals.
  const brief = (error: Error) => ({ message: error.message, code: (error as { code?: string }).code })
  pool.on('error', (error) => logger.warn({ err: brief(error) }, 'idle database client failed'))
  // pg-pool listens on idle clients only once; a second error event (reset, then end) would go unheard
  // and crash the process. Every client keeps a listener of its own for its whole life.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.debug({ err: brief(error) }, 'database client error')),
  )
  const connectClient = pool.connect.bind(pool) as () => Promise<pg.PoolClient>
  // Kysely only ever calls connect(); wrap it to learn whether the database is reachable.
  Object.assign(pool, {
    async connect() {
      try {
        const client = await connectClient()
        markDatabase(true)
        return client
      } catch (error) {
        if (!isUnavailableError(error)) throw error
        markDatabase(false)
        throw new DatabaseUnavailableError('The database is unavailable', { cause: error })
      }
    },
  })
  const replicas = embedded ? [] : (env.DATABASE_REPLICA_URLS ?? [])
  const dialect = replicas.length
    ? replicationDialect(pool, replicas, poolSettings(env))
    : new PostgresDialect({ pool })
  return { pool, embedded, dialect }
}

function connection(): Promise<Connection> {
  store.connection ??= connect().catch((error) => {
    store.connection = undefined // let the next call try again
    throw error
  })
  return store.connection
}

export const db: DB = (store.db ??= new Kysely<Database>({
  dialect: new DeferredPostgresDialect(async () => (await connection()).dialect),
}))

/** The pool's clients right now (for metrics), or undefined before the first query opened it. */
export async function poolCounts(): Promise<{ total: number; idle: number; waiting: number } | undefined> {
  const pending = store.connection
  if (!pending) return undefined
  const { pool } = await pending
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
}

/** Closes the pool and stops the embedded database, at shutdown. */
export async function closeDatabase(): Promise<void> {
  const pending = store.connection
  if (!pending) return
  stopTrackingReplicas()
  await db.destroy()
  const { embedded } = await pending
  await embedded?.stop()
}
