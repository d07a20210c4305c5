import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './free-port.ts'
import { serverUrl } from './postgres.ts'

/**
 * A streaming replica of the test Postgres (`pg_basebackup -R`: a copy of the whole cluster that keeps
 * replaying the primary's WAL), on a port and in a data directory of its own, for tests of read replicas.
 * Each call makes its own, so a test that pauses replay cannot slow another's. Needs the server's binaries
 * (POSTGRES_BIN, default Debian's) and a `replication` line for 127.0.0.1 in pg_hba.conf (.ci/run adds it);
 * run as root, the server's tools run as the `postgres` user, who owns the data directory.
 */

const run = promisify(execFile)
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'

export interface Replica {
  port: number
  /** `database` on the replica, as a connection string. */
  url(database: string): string
  /** Runs one statement on the replica's `database` (e.g. `select pg_wal_replay_pause()`). */
  query<Row extends pg.QueryResultRow>(database: string, text: string): Promise<Row[]>
  /** Waits until the replica has replayed everything the primary has written so far. */
  catchUp(timeoutMs?: number): Promise<void>
  stop(): Promise<void>
}

function asPostgres(command: string, args: string[]) {
  const tool = path.join(BIN, command)
  const asRoot = process.getuid?.() === 0
  return run(asRoot ? 'runuser' : tool, asRoot ? ['-u', 'postgres', '--', tool, ...args] : args, {
    maxBuffer: 1 << 24,
  })
}

export async function startReplica(): Promise<Replica> {
  const primary = new URL(serverUrl)
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'cv-replica-'))
  const data = path.join(dir, 'data')
  if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir])
  await asPostgres('pg_basebackup', [
    ...['-h', primary.hostname, '-p', primary.port || '5432', '-U', decodeURIComponent(primary.username)],
    ...['-D', data, '-R', '-X', 'stream', '-c', 'fast'],
  ])
  // Debian keeps the configuration outside the data directory, so the copy has none: the replica gets its own.
  writeFileSync(
    path.join(data, 'postgresql.conf'),
    `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nhot_standby = on\n`,
  )
  writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n')
  if (process.getuid?.() === 0)
    await run('chown', ['postgres:postgres', path.join(data, 'postgresql.conf'), path.join(data, 'pg_hba.conf')])
  await asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start'])

  const url = (database: string) => {
    const address = new URL(serverUrl)
    address.port = String(port)
    address.pathname = `/${database}`
    return address.toString()
  }
  const query = async <Row extends pg.QueryResultRow>(database: string, text: string) => {
    const client = new pg.Client({ connectionString: url(database) })
    await client.connect()
    try {
      return (await client.query<Row>(text)).rows
    } finally {
      await client.end()
    }
  }
  // A hot standby answers once it is consistent; pg_ctl -w waits for that, this makes sure it is so over TCP.
  await query('postgres', 'select 1')

  return {
    port,
    url,
    query,
    async catchUp(timeoutMs = 10_000) {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      const lsn = await client
        .query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
        .finally(() => client.end())
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const [row] = await query<{ done: boolean }>(
          'postgres',
          `select pg_last_wal_replay_lsn() >= '${lsn.rows[0]!.lsn}'::pg_lsn as done`,
        )
        if (row?.done) return
        if (Date.now() > deadline) throw new Error(`replica on port ${port} did not catch up in ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
