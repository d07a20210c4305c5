import { logger } from '#app/lib/logger.server.ts'
import { countSearchVocabulary } from '#app/models/search.server.ts'
import { db } from '#db/client.ts'

// Takes nothing: each run counts whatever of the vocabulary is not kept now.
export type CountSearchVocabularyData = Record<string, never>

/**
 * Every hour: the catalogue's most used title words and pairs get their search counts ahead of any visitor
 * (docs/decisions/035), so a search for them never pays a first count. Counts that writes dropped (a bulk
 * change) or that newer terms pushed out come back within the hour. Idempotent: a kept term is skipped.
 */
export async function countSearchVocabularyJob(_data: CountSearchVocabularyData): Promise<{ counted: number }> {
  const started = performance.now()
  const counted = await countSearchVocabulary(db)
  logger.info({ counted, ms: Math.round(performance.now() - started) }, 'search vocabulary counted')
  return { counted }
}
