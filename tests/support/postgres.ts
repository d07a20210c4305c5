import pg from 'pg'

/** The server tests create their databases on: TEST_DATABASE_URL, or the local Postgres of our machines. */
export const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export function uniqueDatabaseName(kind: string): string {
  return `cv_${kind}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
}

/** Runs `work` on one connection to the server's maintenance database (bench/data.ts uses it too). */
export async function onServer<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

export function createDatabase(name: string, template?: string): Promise<void> {
  return onServer(async (client) => {
    await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
  })
}

export function dropDatabase(name: string): Promise<void> {
  return onServer(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  })
}
