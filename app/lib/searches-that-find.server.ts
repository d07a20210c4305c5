import { queriesWithResults } from '#app/models/search-queries.server.ts'
import { searchProducts } from '#app/models/search.server.ts'
import { db } from '#db/client.ts'
import { memoUntilWrite } from './memo-until-write.server.ts'

/**
 * What a search that found nothing offers instead (issue 51, "no dead ends"): a few searches that do find
 * products, each one checked by searching it now: the last 30 days' most searched queries that always found
 * something, then the catalogue's own words. Kept until the next write, as the other reads every page repeats.
 */

export const OFFERED_SEARCHES = 5

/** This field's everyday words, for a site without enough recorded searches yet. */
const CATALOGUE_TERMS = ['mylar', 'comic bags', 'backing boards', 'comic box', 'toploader', 'sleeves', 'magazine']

export const searchesThatFind = memoUntilWrite(async () => {
  const candidates = [...new Set([...(await queriesWithResults(db, OFFERED_SEARCHES * 2)), ...CATALOGUE_TERMS])]
  const found: string[] = []
  for (const term of candidates) {
    if (found.length === OFFERED_SEARCHES) break
    const { total } = await searchProducts(db, term)
    if (total > 0) found.push(term)
  }
  return found
})
