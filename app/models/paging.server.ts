import { sql, type SelectQueryBuilder } from 'kysely'

/**
 * One page of a listing and how many rows match in all, the two queries run side by side: `query` is the listing as
 * filtered, `shown` adds what a row shows and the order (the id last, so no two rows tie).
 */
export async function pageWithTotal<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, object>,
  shown: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, Row>,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    shown(query)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query
      .select(sql<number>`count(*)::int`.as('count'))
      // The selection is known only once DB is: say what it is.
      .$castTo<{ count: number }>()
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: total.count }
}
