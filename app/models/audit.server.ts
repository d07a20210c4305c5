import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'
import { pageWithTotal } from './paging.server.ts'

// The audit trail of every admin write: who did what to which record, and which fields changed.
// Written with the change, in its transaction, so the trail and the data never disagree.

export type AuditEntity =
  | 'USER'
  | 'PRODUCT'
  | 'CATEGORY'
  | 'COMPARISON'
  | 'REVIEW'
  | 'MEDIA'
  | 'MEDIA_FOLDER'
  | 'IMPORT'
  | 'REFRESH'
  | 'SETTINGS'
  | 'GUIDE'
  | 'PAGE'
  | 'SEARCH_SYNONYM'

export interface AuditEntry {
  actorId: number | null
  entityType: AuditEntity
  entityId: string | number | null
  action: string
  diff?: Record<string, unknown>
}

export async function writeAudit(trx: Executor, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      entity_type: entry.entityType,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      action: entry.action,
      diff: JSON.stringify(entry.diff ?? {}),
    })
    .execute()
}

/** The fields whose values differ, as { field: { from, to } }: the diff an update records. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const diff: Record<string, { from: unknown; to: unknown }> = {}
  for (const [field, to] of Object.entries(after)) {
    const from = before[field]
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[field] = { from, to }
  }
  return diff
}

export const AUDIT_ENTITIES: readonly AuditEntity[] = [
  'USER',
  'PRODUCT',
  'CATEGORY',
  'COMPARISON',
  'REVIEW',
  'MEDIA',
  'MEDIA_FOLDER',
  'IMPORT',
  'REFRESH',
  'SETTINGS',
  'GUIDE',
  'PAGE',
  'SEARCH_SYNONYM',
]

export interface AuditFilter {
  entityType?: AuditEntity
  actorId?: number
}

/** One page of the trail, newest first, with the actor's e-mail, and how many entries match in all. */
export async function listAudit(
  db: Executor,
  filter: AuditFilter,
  { page, pageSize }: { page: number; pageSize: number },
) {
  let query = db.selectFrom('audit_log')
  if (filter.entityType) query = query.where('audit_log.entity_type', '=', filter.entityType)
  if (filter.actorId !== undefined) query = query.where('audit_log.actor_id', '=', filter.actorId)
  const { rows: entries, total } = await pageWithTotal(
    query,
    (listed) =>
      listed
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .select([
          'audit_log.id',
          'audit_log.created_at',
          'audit_log.entity_type',
          'audit_log.entity_id',
          'audit_log.action',
          'audit_log.diff',
          'users.email as actor_email',
        ])
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc'),
    { page, pageSize },
  )
  return { entries, total }
}

/** Everyone who appears in the trail as an actor, for the filter. */
export async function listAuditActors(db: Executor) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.email'])
    .where((eb) =>
      eb.exists(eb.selectFrom('audit_log').select('audit_log.id').whereRef('audit_log.actor_id', '=', 'users.id')),
    )
    .orderBy(sql`lower(users.email)`)
    .execute()
}
