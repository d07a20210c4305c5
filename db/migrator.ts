// Migrations run against whatever schema exists at their moment, so they are typed loosely on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { Migrator, type Kysely, type MigrationResultSet } from 'kysely'
import { migrations } from './migrations/index.ts'

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } })
}

/**
 * Applies pending migrations. Kysely takes an advisory lock for the run, so several app servers
 * booting at once apply each migration exactly once.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest()
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName
    throw new Error(`Migration ${failed ?? ''} failed: ${String(result.error)}`, { cause: result.error })
  }
  return result
}
