import { sql } from 'kysely'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { APPLICATION_NAME, db, poolCounts, usesEmbeddedDatabase } from './client.ts'

/**
 * The rule (docs/decisions/058): every process on every host may open DATABASE_POOL_SIZE connections and keeps
 * them, so hosts × processes × DATABASE_POOL_SIZE must fit in Postgres's max_connections, less the slots it keeps
 * for superusers and these, left for what is not the app (migrations and psql by hand, backups, monitoring).
 */
export const LEFT_FOR_OTHERS = 5

export interface ConnectionBudget {
  /** max_connections less superuser_reserved_connections. */
  allowed: number
  /** What this host's processes may open: processes × DATABASE_POOL_SIZE. */
  thisHost: number
  /** Our connections open now from other processes and hosts (by application_name). */
  othersOpen: number
}

/** What is wrong with the budget, as far as one host can know at its start; undefined when it fits. */
export function budgetProblem({ allowed, thisHost, othersOpen }: ConnectionBudget): string | undefined {
  const room = allowed - LEFT_FOR_OTHERS
  if (thisHost > room)
    return `this host alone may open ${thisHost} connections, more than the ${room} Postgres has room for`
  if (othersOpen + thisHost > room) {
    return (
      `${othersOpen} connections of other hosts or processes are open, and this host may open ${thisHost} more: ` +
      `more than the ${room} Postgres has room for`
    )
  }
  return undefined
}

/**
 * At start, once per host (the web process alone, or the cluster's primary for all of its `processes`; the
 * worker for itself): logs the budget, and warns when it cannot hold. Other hosts that are not running now
 * cannot be seen: the rule is still the operator's to keep (docs/configuration.md).
 */
export async function checkConnectionBudget(processes: number): Promise<void> {
  if (usesEmbeddedDatabase()) return
  // A check that cannot run (the database away at a worker's start) does not stop the start.
  const settings = await sql<{ max: number; reserved: number; ours: number }>`
    SELECT current_setting('max_connections')::int AS max,
           current_setting('superuser_reserved_connections')::int AS reserved,
           count(*) FILTER (WHERE application_name LIKE ${`${APPLICATION_NAME} %`})::int AS ours
    FROM pg_stat_activity WHERE backend_type = 'client backend'`
    .execute(db)
    .then(({ rows }) => rows[0]!)
    .catch((error: unknown) => logger.warn({ err: error }, 'database connection budget not checked'))
  if (!settings) return
  const { max, reserved, ours } = settings
  const budget: ConnectionBudget = {
    allowed: max - reserved,
    thisHost: processes * getEnv().DATABASE_POOL_SIZE,
    othersOpen: Math.max(0, ours - ((await poolCounts())?.total ?? 0)),
  }
  const problem = budgetProblem(budget)
  const fields = { ...budget, processes, leftForOthers: LEFT_FOR_OTHERS }
  if (problem) logger.warn(fields, `database connections over budget: ${problem}; lower DATABASE_POOL_SIZE`)
  else logger.info(fields, 'database connections within budget')
}
