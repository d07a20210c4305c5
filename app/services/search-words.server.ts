import { Refusal } from '#app/lib/form-reply.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import {
  deleteSynonym,
  findSameSynonym,
  getSynonym,
  insertSynonym,
  isSynonymMisread,
  isSynonymTaken,
  updateSynonym,
  type SynonymFields,
} from '#app/models/search-synonyms.server.ts'
import { SAME_BOTH_SIDES, SYNONYM_NOT_FOUND, synonymTaken } from '#app/schemas/search-words.ts'
import { db } from '#db/client.ts'

// The collectors' words' writes (/admin/search, issue 51): each one transaction with its audit row, then what
// read the old list dropped. A write that cannot be done throws a Refusal with the reason, under its field.

/**
 * The engine reads the synonyms when a query is read and keeps that read until a write (app/lib/kept-reads.server.ts,
 * memoUntilWrite): dropping the search pages tells every process, and the shared caches, that search answers
 * changed, which clears every kept read too (onPageDrops) and the pages searched with the old list.
 */
export async function dropSynonymsCache(): Promise<void> {
  await invalidatePages(['search'])
}

/** Refuses a pair the list holds already (either direction when one of them reads both ways). */
async function refuseSame(trx: Parameters<typeof findSameSynonym>[0], fields: SynonymFields, exceptId?: number) {
  const same = await findSameSynonym(trx, fields, exceptId)
  if (same) throw new Refusal(409, synonymTaken(same.words, same.synonym), 'synonym')
}

/** A unique index or CHECK that refused what the pre-checks let through, as the form's field message. */
function refusalOf(fields: SynonymFields) {
  return (error: unknown) => {
    if (isSynonymTaken(error)) throw new Refusal(409, synonymTaken(fields.words, fields.synonym), 'synonym')
    if (isSynonymMisread(error)) throw new Refusal(400, SAME_BOTH_SIDES, 'synonym')
    throw error
  }
}

export async function createSynonym(actorId: number, fields: SynonymFields) {
  const created = await db
    .transaction()
    .execute(async (trx) => {
      await refuseSame(trx, fields)
      const row = await insertSynonym(trx, fields)
      await writeAudit(trx, { actorId, entityType: 'SEARCH_SYNONYM', entityId: row.id, action: 'CREATE', diff: fields })
      return row
    })
    .catch(refusalOf(fields))
  await dropSynonymsCache()
  return created
}

export async function editSynonym(actorId: number, id: number, fields: SynonymFields) {
  const changed = await db
    .transaction()
    .execute(async (trx) => {
      const before = await getSynonym(trx, id, { lock: true })
      if (!before) throw new Refusal(404, SYNONYM_NOT_FOUND)
      const diff = changedFields(before, fields)
      if (Object.keys(diff).length === 0) return false
      await refuseSame(trx, fields, id)
      await updateSynonym(trx, id, fields)
      await writeAudit(trx, { actorId, entityType: 'SEARCH_SYNONYM', entityId: id, action: 'UPDATE', diff })
      return true
    })
    .catch(refusalOf(fields))
  if (changed) await dropSynonymsCache()
}

/** Deletes the pair; one already gone (a second click) is a 404. */
export async function removeSynonym(actorId: number, id: number) {
  const gone = await db.transaction().execute(async (trx) => {
    const before = await getSynonym(trx, id, { lock: true })
    if (!before) throw new Refusal(404, SYNONYM_NOT_FOUND)
    await deleteSynonym(trx, id)
    const { id: _id, ...diff } = before
    await writeAudit(trx, { actorId, entityType: 'SEARCH_SYNONYM', entityId: id, action: 'DELETE', diff })
    return before
  })
  await dropSynonymsCache()
  return gone
}
