import { sql } from 'kysely'
import {
  expandWords,
  queryWords,
  synonymKeys,
  synonymMap,
  synonymsOf,
  type SearchSuggestions,
} from '#app/utils/search-query.ts'
import type { Executor } from '#db/client.ts'
import { visibleProducts } from './product.server.ts'
import { groupTsquery } from './search.server.ts'

const SUGGESTED_PRODUCTS = 6
const SUGGESTED_CATEGORIES = 4
/** Matches read before the newest are chosen. */
const SUGGESTION_CANDIDATES = 500

/**
 * What the search box suggests while a visitor types (docs/decisions/083): visible products whose words hold
 * every word typed, the last as the start of a word ("mylar ba" finds "Mylar Bags"), each through the owner's
 * synonyms, the newest of the first 500 found; and visible categories whose name starts a word with it. The
 * synonyms of these few words are read by their indexes, not as a whole list.
 */
export async function suggestSearch(db: Executor, q: string): Promise<SearchSuggestions> {
  const words = queryWords(q.slice(0, 100))
  const last = words.at(-1)
  if (!last) return { products: [], categories: [] }
  const done = words.slice(0, -1)
  const rows = synonymKeys(words).length
    ? await db
        .selectFrom('search_synonyms')
        .select(['words', 'synonym', 'both_ways'])
        .where((eb) =>
          eb.or([
            eb('words', 'in', synonymKeys(words)),
            eb.and([eb('both_ways', '=', true), eb('synonym', 'in', synonymKeys(words))]),
          ]),
        )
        .execute()
    : []
  const synonyms = synonymMap(rows)
  // The last word as the start of a word: only letters and digits reach to_tsquery (queryWords), then ':*'.
  const started = sql`(to_tsquery('shop_english', ${`${last}:*`}) || ${sql.join(
    synonymsOf(last, synonyms)
      .map((synonym) => sql`phraseto_tsquery('shop_english', ${synonym})`)
      .concat(sql`''::tsquery`),
    sql` || `,
  )})`
  const typed = expandWords(done, synonyms).map(groupTsquery)
  const query = [...typed, started].reduce((all, next) => sql`(${all} && ${next})`)
  // The newest of the first few hundred matches: a bounded read whatever the prefix, where the newest of all
  // would walk the whole catalogue for a prefix nothing has ("longb").
  const products = await db
    .selectFrom(
      visibleProducts(db)
        .where(sql<boolean>`p.search_vector @@ ${query}`)
        .select(['p.id', 'p.asin', 'p.title', 'p.image_url as imageUrl', 'p.created_at'])
        .limit(SUGGESTION_CANDIDATES)
        .as('m'),
    )
    .select(['m.asin', 'm.title', 'm.imageUrl'])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(SUGGESTED_PRODUCTS)
    .execute()
  const categories = await db
    .selectFrom('categories')
    .select(['slug', 'name'])
    .where(sql<boolean>`NOT is_hidden`)
    .where(sql<boolean>`to_tsvector('shop_english', name) @@ ${query}`)
    .orderBy('name')
    .limit(SUGGESTED_CATEGORIES)
    .execute()
  return { products, categories }
}
