import type { AuditEntity } from '#app/models/audit.server.ts'
import { db } from '#db/client.ts'

/** The audit rows written for one entity, oldest first. */
export function auditRowsOf(entityType: AuditEntity, entityId: number | string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute()
}
