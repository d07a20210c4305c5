import { PostgresDialect, type Dialect, type PostgresPool } from 'kysely'
import { KyselyReplicationDialect } from 'kysely-replication'
import pg from 'pg'
import { logger } from '#app/lib/logger.server.ts'
import { replicaReads } from './read-scope.ts'
import { chooseReplica, dropsSeen, replicaUnreachable, trackReplicas } from './replica-lag.ts'

/**
 * The database with read replicas (decision 055): kysely-replication sends writes, raw SQL and transactions to
 * the primary and plain selects to the "replica" its strategy names. Slot 0 of those is the primary itself, so
 * a select reads a real replica only inside a request the server marked (db/read-scope.ts) and only from one
 * that has replayed the last write (db/replica-lag.ts); one choice per request (its reads see one replica),
 * made again after a page drop.
 */

export function replicationDialect(primary: pg.Pool, urls: string[], settings: pg.PoolConfig): Dialect {
  const replicas = urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      ...settings,
      // A replica that does not answer soon is read around (the primary answers instead).
      connectionTimeoutMillis: 1_000,
    })
    pool.on('error', (error) => logger.warn({ err: { message: error.message } }, 'idle replica client failed'))
    pool.on('connect', (client) => client.on('error', () => undefined))
    return { name: nameOf(url), pool }
  })
  trackReplicas(primary, replicas)

  // The primary in slot 0 shares the primary's pool, which the primary dialect ends.
  const primaryAgain: PostgresPool = { connect: () => primary.connect(), end: async () => {} }
  const readers = replicas.map(({ pool }, index): PostgresPool => ({
    async connect() {
      try {
        return await pool.connect()
      } catch {
        replicaUnreachable(index)
        return primary.connect()
      }
    },
    end: () => pool.end(),
  }))
  return new KyselyReplicationDialect({
    primaryDialect: new PostgresDialect({ pool: primary }),
    replicaDialects: [primaryAgain, ...readers].map((pool) => new PostgresDialect({ pool })) as [
      PostgresDialect,
      ...PostgresDialect[],
    ],
    replicaStrategy: {
      onTransaction: 'error',
      next() {
        const reads = replicaReads()
        if (!reads) return Promise.resolve(0)
        const drops = dropsSeen()
        if (!reads.chosen || reads.drops !== drops) {
          reads.drops = drops
          reads.chosen = chooseReplica().then((index) => (index === undefined ? 0 : index + 1))
        }
        return reads.chosen
      },
    },
  })
}

/** host:port/database: the same replica on every host, without its credentials. */
function nameOf(url: string): string {
  const { hostname, port, pathname } = new URL(url)
  return `${hostname}:${port || '5432'}${pathname}`
}
