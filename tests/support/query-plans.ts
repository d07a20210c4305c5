import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely'
import pg from 'pg'
import type { Database } from '#db/client.ts'

// The plans of the statements the models send, captured as they send them: a plan test checks the code's SQL,
// not a copy of it (bench/explain.ts prints the same plans for people).

/** A node of EXPLAIN (ANALYZE, FORMAT JSON), with the fields the checks read. */
export interface PlanNode {
  'Node Type': string
  'Parent Relationship'?: string
  'Relation Name'?: string
  'Index Name'?: string
  'Plan Rows': number
  'Actual Rows': number
  'Actual Loops': number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  'Index Cond'?: string
  'Recheck Cond'?: string
  Filter?: string
  Plans?: PlanNode[]
}

const TRANSACTION_CONTROL = /^(begin|commit|rollback)\b/i

/** Kysely on one connection to `url` that keeps the statements it sends, for `explain`. Destroy it when done. */
export function recordingDatabase(url: string) {
  let recorded: CompiledQuery[] = []
  let prepared = 0
  const pool = new pg.Pool({ connectionString: url, max: 1 })
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') recorded.push(event.query)
    },
  })
  /** `work` on the recording's connection, in a transaction that is rolled back. */
  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>) {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      return await work(client)
    } finally {
      await client.query('ROLLBACK')
      client.release()
    }
  }

  return {
    db,
    /** What `work` answered, and the statements it sent (without BEGIN and COMMIT). */
    async record<T>(work: (db: Kysely<Database>) => Promise<T>) {
      recorded = []
      const result = await work(db)
      return { result, statements: recorded.filter((query) => !TRANSACTION_CONTROL.test(query.sql)) }
    },
    /** The statement's plan, run (EXPLAIN ANALYZE), so each node also says how many rows it gave. */
    explain: (statement: CompiledQuery) =>
      inTransaction((client) =>
        planOf(client, statement.sql, `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.parameters),
      ),
    /**
     * The plan Postgres may keep for the statement once it stops planning per call (a named statement after five
     * calls, decision 067), made for no values in particular, then run with the statement's.
     */
    explainGeneric: (statement: CompiledQuery) =>
      inTransaction(async (client) => {
        const name = `generic_${++prepared}`
        await client.query('SET LOCAL plan_cache_mode = force_generic_plan')
        await client.query({ name, text: statement.sql, values: statement.parameters as unknown[] })
        // EXECUTE takes no parameters of the protocol's own: the values are written in, as literals.
        const values = statement.parameters.map((value) => literal(client, value)).join(', ')
        const plan = await planOf(client, statement.sql, `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${name}(${values})`)
        await client.query(`DEALLOCATE ${name}`)
        return plan
      }),
    // Kysely ends the pool only if it sent something through it: explain alone uses the pool directly.
    destroy: async () => {
      await db.destroy()
      if (!pool.ended) await pool.end()
    },
  }
}

/**
 * The plan that `explain` (of `statement`) answers, with the plans of the statements a function in it ran
 * under the function's scan: auto_explain's, sent back as notices for this transaction
 * alone (LOAD needs a superuser).
 */
async function planOf(
  client: pg.PoolClient,
  statement: string,
  explain: string,
  values: readonly unknown[] = [],
): Promise<PlanNode> {
  await client.query(`LOAD 'auto_explain'; SET LOCAL auto_explain.log_min_duration = 0;
    SET LOCAL auto_explain.log_nested_statements = on; SET LOCAL auto_explain.log_analyze = on;
    SET LOCAL auto_explain.log_format = json; SET LOCAL auto_explain.log_level = notice`)
  const nested: PlanNode[] = []
  const onNotice = ({ message = '' }: { message?: string }) => {
    if (!message.startsWith('duration:')) return
    const report = JSON.parse(message.slice(message.indexOf('{'))) as { 'Query Text': string; Plan: PlanNode }
    if (![statement, explain].includes(report['Query Text'])) nested.push(report.Plan)
  }
  client.on('notice', onNotice)
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(explain, values as unknown[])
    const plan = rows[0]!['QUERY PLAN'][0]!.Plan
    if (nested.length) {
      const scan = planNodes(plan).find((node) => node['Node Type'] === 'Function Scan')
      if (!scan) throw new Error(`Plans of nested statements, but no function in: ${explain}`)
      scan.Plans = [...(scan.Plans ?? []), ...nested]
    }
    return plan
  } finally {
    client.off('notice', onNotice)
  }
}

/** A statement's value as an SQL literal of unknown type, which EXECUTE casts to the parameter's. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (value instanceof Date) return client.escapeLiteral(value.toISOString())
  if (Array.isArray(value)) {
    const elements = value.map((element) => `"${String(element).replace(/["\\]/g, '\\$&')}"`)
    return client.escapeLiteral(`{${elements.join(',')}}`)
  }
  return client.escapeLiteral(String(value))
}

/** Every node of a plan, its init plans, sub plans and CTEs included. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)]
}

/** Rows a scan node looked at: those it gave, and those its filter or recheck threw away, over all its loops. */
export function rowsRead(node: PlanNode): number {
  const perLoop =
    node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)
  return perLoop * node['Actual Loops']
}
