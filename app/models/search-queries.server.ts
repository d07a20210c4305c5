import { sql } from 'kysely'
import type { QueryTotals } from '#app/components/admin/search-queries-report.tsx'
import { normaliseSearchWords } from '#app/schemas/search-words.ts'
import type { Executor } from '#db/client.ts'

// What people look for (issue 51): each day's searches by query, without anything about who searched (no
// address, no session): how often, how often nothing was found, how often a result was opened from them.

/** As the table's CHECK allows: longer queries are kept by their first 100 characters. */
export const RECORDED_QUERY_MAX_LENGTH = 100

/** A query as it is counted: lower-case, trimmed, single-spaced, at most 100 characters; null when nothing is left. */
export function recordedQuery(query: string): string | null {
  // Normalised, cut, then trimmed again: a cut may end on the space between two words.
  const text = [...normaliseSearchWords(query)].slice(0, RECORDED_QUERY_MAX_LENGTH).join('').trimEnd()
  return text || null
}

/** One search of `query` today, which found `results` products. */
export async function recordSearch(db: Executor, { query, results }: { query: string; results: number }) {
  const text = recordedQuery(query)
  if (!text) return
  const empty = results === 0 ? 1 : 0
  await db
    .insertInto('search_queries')
    .values({ day: sql`current_date`, query: text, searches: 1, without_result: empty })
    .onConflict((oc) =>
      oc.columns(['day', 'query']).doUpdateSet({
        searches: sql`search_queries.searches + 1`,
        without_result: sql`search_queries.without_result + ${empty}`,
      }),
    )
    .execute()
}

/** A result opened from a search of `query` today. */
export async function recordOpen(db: Executor, query: string) {
  const text = recordedQuery(query)
  if (!text) return
  await db
    .insertInto('search_queries')
    .values({ day: sql`current_date`, query: text, opens: 1 })
    .onConflict((oc) => oc.columns(['day', 'query']).doUpdateSet({ opens: sql`search_queries.opens + 1` }))
    .execute()
}

export const REPORT_DAYS = 30

/** The last 30 days' queries (today included), summed over the days. */
function lastDays(db: Executor) {
  return db
    .selectFrom('search_queries')
    .where('day', '>', sql<Date>`current_date - ${sql.lit(REPORT_DAYS)}::int`)
    .groupBy('query')
    .select([
      'query',
      sql<number>`sum(searches)::int`.as('searches'),
      sql<number>`sum(without_result)::int`.as('without_result'),
      sql<number>`sum(opens)::int`.as('opens'),
    ])
}

/** The most searched queries of the last 30 days. */
export async function topQueries(db: Executor, limit = 25): Promise<QueryTotals[]> {
  return lastDays(db)
    .having(sql`sum(searches)`, '>', 0)
    .orderBy(sql`sum(searches)`, 'desc')
    .orderBy('query')
    .limit(limit)
    .execute()
}

/** The last 30 days' queries that found nothing at least once, those most often empty first. */
export async function queriesWithoutResult(db: Executor, limit = 25): Promise<QueryTotals[]> {
  return lastDays(db)
    .having(sql`sum(without_result)`, '>', 0)
    .orderBy(sql`sum(without_result)`, 'desc')
    .orderBy('query')
    .limit(limit)
    .execute()
}

/** The last 30 days' most searched queries that always found something: searches worth offering. */
export async function queriesWithResults(db: Executor, limit: number): Promise<string[]> {
  const rows = await lastDays(db)
    .having(sql`sum(without_result)`, '=', 0)
    .having(sql`sum(searches)`, '>', 0)
    .orderBy(sql`sum(searches)`, 'desc')
    .orderBy('query')
    .limit(limit)
    .execute()
  return rows.map((row) => row.query)
}
