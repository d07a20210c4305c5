import type { Executor } from '#db/client.ts'

// The audit trail of every admin write (issue 5): who did what to which record, and which fields changed.
// Written with the change, in its transaction, so the trail and the data never disagree.

export type AuditEntity = 'USER' | 'PRODUCT' | 'CATEGORY' | 'REVIEW' | 'MEDIA' | 'MEDIA_FOLDER' | 'IMPORT' | 'REFRESH'

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
