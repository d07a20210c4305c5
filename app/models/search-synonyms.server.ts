import { sql } from 'kysely'
import { containsPattern } from '#app/utils/search.ts'
import { isUniqueViolation } from '#app/utils/unique-violation.ts'
import type { Executor } from '#db/client.ts'
import { pageWithTotal } from './paging.server.ts'

// The owner's list of collectors' words (search_synonyms, issue 51): the panel's reads and writes. The engine
// reads the table itself, when a query is read.

export type SynonymFields = {
  words: string
  synonym: string
  both_ways: boolean
}

export type SynonymRow = SynonymFields & { id: number }

export const SYNONYMS_PAGE_SIZE = 50

/** One page of the list, filtered by text either side holds, in the order of the words. */
export async function listSynonyms(db: Executor, { filter, page }: { filter: string; page: number }) {
  let query = db.selectFrom('search_synonyms')
  if (filter) {
    const pattern = containsPattern(filter.toLowerCase())
    query = query.where((eb) => eb.or([eb('words', 'like', pattern), eb('synonym', 'like', pattern)]))
  }
  return pageWithTotal(
    query,
    (q) => q.select(['id', 'words', 'synonym', 'both_ways']).orderBy('words').orderBy('synonym').orderBy('id'),
    { page, pageSize: SYNONYMS_PAGE_SIZE },
  )
}

export async function getSynonym(db: Executor, id: number, { lock = false } = {}): Promise<SynonymRow | undefined> {
  let query = db.selectFrom('search_synonyms').select(['id', 'words', 'synonym', 'both_ways']).where('id', '=', id)
  if (lock) query = query.forUpdate()
  return query.executeTakeFirst()
}

/**
 * Another row that says the same: the same words and synonym, or the reverse pair when either of the two reads
 * both ways (a ↔ b holds b → a already). `exceptId`: the row being edited.
 */
export async function findSameSynonym(db: Executor, pair: SynonymFields, exceptId?: number) {
  let query = db
    .selectFrom('search_synonyms')
    .select(['id', 'words', 'synonym'])
    .where((eb) =>
      eb.or([
        eb.and([eb('words', '=', pair.words), eb('synonym', '=', pair.synonym)]),
        eb.and([
          eb('words', '=', pair.synonym),
          eb('synonym', '=', pair.words),
          pair.both_ways ? sql<boolean>`true` : eb('both_ways', '=', true),
        ]),
      ]),
    )
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
  return query.executeTakeFirst()
}

export async function insertSynonym(db: Executor, fields: SynonymFields) {
  return db.insertInto('search_synonyms').values(fields).returning('id').executeTakeFirstOrThrow()
}

export async function updateSynonym(db: Executor, id: number, fields: SynonymFields) {
  await db
    .updateTable('search_synonyms')
    .set({ ...fields, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export async function deleteSynonym(db: Executor, id: number) {
  await db.deleteFrom('search_synonyms').where('id', '=', id).execute()
}

/** Two saves of one pair at once: the check passed for both, the unique index stops one. */
export const isSynonymTaken = (error: unknown) => isUniqueViolation(error, 'search_synonyms_words_synonym_key')

/**
 * Postgres's check_violation: a side its lower() reads otherwise than the browser's toLowerCase() (a few letters
 * outside ASCII), which the table's CHECK refuses.
 */
export const isSynonymMisread = (error: unknown) => (error as { code?: string }).code === '23514'
