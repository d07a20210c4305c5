import { execFile } from 'node:child_process'
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { migrateAndSeed } from './built-server.ts'
import { freePort } from './free-port.ts'
import { uniqueDatabaseName } from './postgres.ts'

/**
 * A Postgres primary and its streaming standby of their own, for tests of read replicas: `initdb` makes the
 * primary in a temporary folder on a free port, a database there is migrated and seeded, then `pg_basebackup -R`
 * copies the primary into a standby that keeps replaying its WAL, on another free port. Nothing of the system's
 * Postgres is touched (its pg_hba.conf needs no `replication` line): only its binaries are used (POSTGRES_BIN, else
 * the newest of Debian's). Each call makes its own pair, so a test that pauses replay cannot slow another's. Run as
 * root, the server's tools run as the `postgres` user (initdb refuses root), who then owns the folder.
 */

const run = promisify(execFile)
const asRoot = process.getuid?.() === 0

export interface Replica {
  port: number
  /** `database` on the standby, as a connection string. */
  url(database: string): string
  /** Runs one statement on the standby's `database` (e.g. `select pg_wal_replay_pause()`). */
  query<Row extends pg.QueryResultRow>(database: string, text: string): Promise<Row[]>
  /** Waits until the standby has replayed everything the primary has written so far. */
  catchUp(timeoutMs?: number): Promise<void>
  /** Stops the standby (the primary runs on). */
  stop(): Promise<void>
}

export interface ReplicatedPostgres {
  /** The seeded database, on the primary; the standby has it under the same name. */
  database: { name: string; url: string }
  replica: Replica
  /** Stops both servers and deletes their folder. */
  stop(): Promise<void>
}

async function binaries(): Promise<string> {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN
  const { stdout } = await run('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
  if (!stdout.trim()) throw new Error('No Postgres server binaries in /usr/lib/postgresql: set POSTGRES_BIN')
  return stdout.trim()
}

/** One server of the pair: its data folder, port, and the tool that runs it. */
function server(bin: string, folder: string, data: string, port: number) {
  const tool = (command: string, args: string[]) => {
    const file = path.join(bin, command)
    return run(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
      maxBuffer: 1 << 24,
    })
  }
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`
  const query = async <Row extends pg.QueryResultRow>(database: string, text: string) => {
    const client = new pg.Client({ connectionString: url(database) })
    await client.connect()
    try {
      return (await client.query<Row>(text)).rows
    } finally {
      await client.end()
    }
  }
  return {
    port,
    url,
    query,
    tool,
    /** Its own settings and who may connect, written over whatever the data folder holds. */
    configure(settings: string) {
      appendFileSync(
        path.join(data, 'postgresql.conf'),
        `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${folder}'\n${settings}`,
      )
      writeFileSync(
        path.join(data, 'pg_hba.conf'),
        'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
      )
    },
    async start() {
      await tool('pg_ctl', ['-D', data, '-l', `${data}.log`, '-w', '-t', '60', 'start'])
      // pg_ctl -w waits until it accepts connections (a standby: once consistent); this makes sure over TCP.
      await query('postgres', 'select 1')
    },
    stop: () =>
      tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).then(
        () => undefined,
        () => undefined,
      ),
  }
}

export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const bin = await binaries()
  const folder = mkdtempSync(path.join(tmpdir(), 'cv-replicated-'))
  if (asRoot) await run('chown', ['postgres:postgres', folder])
  const primary = server(bin, folder, path.join(folder, 'primary'), await freePort())
  const standby = server(bin, folder, path.join(folder, 'standby'), await freePort())
  const stopAll = async () => {
    await standby.stop()
    await primary.stop()
    rmSync(folder, { recursive: true, force: true })
  }
  try {
    await primary.tool('initdb', [
      ...['-D', path.join(folder, 'primary'), '-U', 'postgres', '--auth', 'trust'],
      ...['--encoding', 'UTF8', '--locale', 'C.UTF-8', '--no-sync'],
    ])
    // A throwaway server: durability buys nothing here, and fsyncs are slow on a busy machine.
    primary.configure('fsync = off\nfull_page_writes = off\n')
    await primary.start()

    const name = uniqueDatabaseName('replicated')
    await primary.query('postgres', `CREATE DATABASE "${name}"`)
    await migrateAndSeed(primary.url(name))

    await primary.tool('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      ...['-D', path.join(folder, 'standby'), '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ])
    standby.configure('hot_standby = on\n')
    await standby.start()

    const replica: Replica = {
      port: standby.port,
      url: standby.url,
      query: standby.query,
      async catchUp(timeoutMs = 10_000) {
        const [{ lsn }] = (await primary.query<{ lsn: string }>(
          'postgres',
          'select pg_current_wal_lsn()::text as lsn',
        )) as [{ lsn: string }]
        const deadline = Date.now() + timeoutMs
        for (;;) {
          const [row] = await standby.query<{ done: boolean }>(
            'postgres',
            `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`,
          )
          if (row?.done) return
          if (Date.now() > deadline)
            throw new Error(`replica on port ${standby.port} did not catch up in ${timeoutMs} ms`)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      },
      stop: standby.stop,
    }
    return { database: { name, url: primary.url(name) }, replica, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
