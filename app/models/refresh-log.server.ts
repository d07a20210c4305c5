import type { Executor } from '#db/client.ts'

/** The newest refresh run, or undefined before the first one. */
export function getLatestRefresh(db: Executor) {
  return db
    .selectFrom('data_refresh_log')
    .select(['refresh_date', 'status', 'updated_count', 'failed_count', 'message'])
    .orderBy('refresh_date', 'desc')
    .limit(1)
    .executeTakeFirst()
}
