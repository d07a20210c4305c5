import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrateToLatest } from '#db/migrator.ts'
import { createDatabase, databaseUrl, dropDatabase, uniqueDatabaseName } from './postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string
  }
}

/**
 * Once per run: a database migrated to the latest schema. Each test file then gets its own copy
 * (CREATE DATABASE … TEMPLATE), which takes milliseconds and isolates files from each other.
 */
export default async function setup(project: TestProject) {
  const template = uniqueDatabaseName('template')
  await createDatabase(template)
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(template), max: 1 }) }),
  })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy() // a template must have no open connections when it is copied
  }
  project.provide('templateDatabase', template)
  return async () => {
    await dropDatabase(template)
  }
}
