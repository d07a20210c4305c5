import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export interface EmbeddedDatabase {
  connectionString: string
  stop(): Promise<void>
}

/**
 * Postgres compiled to WebAssembly, kept in `dataDir` and served on a loopback port so that the very
 * same `pg` + Kysely code runs against it. PGlite has a single session: the socket server multiplexes
 * connections onto it, which is why the embedded pool has one connection (transactions stay whole). It loads the
 * contrib extensions search needs, as real Postgres has them: pg_trgm and unaccent (docs/decisions/084).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const directory = path.resolve(dataDir, 'pglite')
  mkdirSync(directory, { recursive: true })
  const pglite = await PGlite.create({ dataDir: directory, extensions: { pg_trgm, unaccent } })
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 8 })
  await server.start()
  const address = server.getServerConn() // "127.0.0.1:54321"
  return {
    connectionString: `postgres://postgres@${address}/postgres`,
    async stop() {
      await server.stop()
      await pglite.close()
    },
  }
}
