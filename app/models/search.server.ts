import { sql, type RawBuilder } from 'kysely'
import { containsPattern } from '#app/utils/search.ts'
import type { Executor } from '#db/client.ts'
import type { SearchTerms } from '#db/types.ts'
import { cardColumns, visibleProducts } from './product.server.ts'

/**
 * The public product search (SPEC §5): a case-insensitive substring of the title or the description, title
 * matches first, then the newest. How many products a term matches is read from search_terms, counted the
 * first time the term is searched and kept right by every write to products since (docs/decisions/031).
 * Each of the two groups, title matches and the rest, is read one of two ways: by its ids when the term is
 * rare (the table keeps them), or in the newest-first index with the pattern as a filter when it is common,
 * where a page is found after a few hundred rows.
 */

export const SEARCH_PAGE_SIZE = 24

type TermCounts = Pick<SearchTerms, 'title_matches' | 'rest_matches' | 'title_ids' | 'rest_ids'>

export async function searchProducts(db: Executor, term: string, page = 1) {
  const pattern = containsPattern(term)
  const counts = await countsFor(db, term, pattern)
  const offset = (page - 1) * SEARCH_PAGE_SIZE
  const products = []
  if (offset < counts.title_matches) {
    products.push(...(await readGroup(db, titleMatches(pattern), counts.title_ids, offset, SEARCH_PAGE_SIZE)))
  }
  const restOffset = Math.max(0, offset - counts.title_matches)
  const room = SEARCH_PAGE_SIZE - products.length
  if (room > 0 && restOffset < counts.rest_matches) {
    products.push(...(await readGroup(db, restMatches(pattern), counts.rest_ids, restOffset, room)))
  }
  return { products, total: counts.title_matches + counts.rest_matches }
}

async function countsFor(db: Executor, term: string, pattern: string): Promise<TermCounts> {
  const columns = ['title_matches', 'rest_matches', 'title_ids', 'rest_ids'] as const
  const kept = await db.selectFrom('search_terms').select(columns).where('term', '=', term).executeTakeFirst()
  if (kept) return kept
  const { rows } = await sql<TermCounts>`
    SELECT title_matches, rest_matches, title_ids, rest_ids FROM count_search_term(${term}, ${pattern})`.execute(db)
  return rows[0]!
}

// The lower-cased copies of title and description with LIKE: ILIKE's own rule, without lower-casing each row.
function titleMatches(pattern: string): RawBuilder<boolean> {
  return sql<boolean>`p.search_title LIKE lower(${pattern})`
}

function restMatches(pattern: string): RawBuilder<boolean> {
  return sql<boolean>`p.search_title NOT LIKE lower(${pattern}) AND p.search_description LIKE lower(${pattern})`
}

/** One group's page: by its ids when the term is rare, else in index order with the pattern as a filter. */
function readGroup(db: Executor, matches: RawBuilder<boolean>, ids: number[] | null, offset: number, limit: number) {
  const group = visibleProducts(db).where(ids ? sql<boolean>`p.id = ANY(${ids}::int[])` : matches)
  return group
    .select(cardColumns)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}
