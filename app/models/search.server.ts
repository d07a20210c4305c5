import { sql, type RawBuilder } from 'kysely'
import { NO_SPEC_FILTERS, specFiltersSet, type SpecFilters } from '#app/schemas/spec-filters.ts'
import { containsPattern, titleTerms } from '#app/utils/search.ts'
import type { Executor } from '#db/client.ts'
import { plannedPerCall } from '#db/planned-per-call.ts'
import type { Products, SearchTerms } from '#db/types.ts'
import { cardColumns, specConditions, visibleProducts, withSpecFilters } from './product.server.ts'

/**
 * The public product search (SPEC §5): a case-insensitive substring of the title or the description, title
 * matches first, then the newest. How many products a term matches is read from search_terms, counted the
 * first time the term is searched (the catalogue's own vocabulary ahead of that: countSearchVocabulary) and kept
 * right by every write to products since (docs/decisions/031). The first count of a one-word term adds up the
 * bitmaps of the words that contain it (docs/decisions/061); of a longer one, it reads product_search, the visible
 * products' search texts alone, with their trigram indexes (docs/decisions/059).
 * Each of the two groups, title matches and the rest, is read one of two ways: by its ids when the term is
 * rare (the table keeps them), or in the newest-first index with the pattern as a filter when it is common,
 * where a page is found after a few hundred rows.
 */

export const SEARCH_PAGE_SIZE = 24
/**
 * How many of the catalogue's most used title words and pairs keep their counts ready. Kept terms are capped
 * at 2,000 (decision 031): the rest is room for what visitors search besides.
 */
export const SEARCH_VOCABULARY_SIZE = 1500

type TermCounts = Pick<SearchTerms, 'title_matches' | 'rest_matches' | 'title_ids' | 'rest_ids'>

/**
 * What reading one match through its trigram index (and sorting the lot) costs, in rows of the newest-first
 * walk: measured on the bench catalogue, where both ways cost the same at page ~100 of "mylar" (~25 ms).
 */
const GATHER_COST_IN_WALKED_ROWS = 2

/**
 * Whether a group's page is cheaper to reach by walking the newest-first index than by gathering its matches:
 * the walk passes about (offset + limit) × visible ÷ matches rows, gathering reads each match once. Page 1 of a
 * common term walks; page 40 of a term of a thousand matches (83,000 rows of walk) gathers.
 */
export const walkReachesSooner = (offset: number, limit: number, matches: number, visible: number) =>
  (offset + limit) * visible <= GATHER_COST_IN_WALKED_ROWS * matches * matches

export async function searchProducts(db: Executor, term: string, page = 1, spec: SpecFilters = NO_SPEC_FILTERS) {
  const pattern = containsPattern(term)
  const kept = await countsFor(db, term, pattern)
  const narrowed = specFiltersSet(spec)
  const counts = narrowed ? await narrowedCounts(db, pattern, kept, spec) : kept
  const offset = (page - 1) * SEARCH_PAGE_SIZE
  const walk = (groupOffset: number, limit: number, matches: number) =>
    !narrowed && walkReachesSooner(groupOffset, limit, matches, kept.visible)
  const products = []
  if (offset < counts.title_matches) {
    const byWalk = walk(offset, SEARCH_PAGE_SIZE, counts.title_matches)
    const page = { ids: counts.title_ids, offset, limit: SEARCH_PAGE_SIZE, walk: byWalk }
    products.push(...(await readGroup(db, 'title', pattern, spec, page)))
  }
  const restOffset = Math.max(0, offset - counts.title_matches)
  const room = SEARCH_PAGE_SIZE - products.length
  if (room > 0 && restOffset < counts.rest_matches) {
    const byWalk = walk(restOffset, room, counts.rest_matches)
    const page = { ids: counts.rest_ids, offset: restOffset, limit: room, walk: byWalk }
    products.push(...(await readGroup(db, 'rest', pattern, spec, page)))
  }
  // The ids of every match, when the term is rare enough to keep them: what its spec facets are read from.
  const matchIds = kept.title_ids && kept.rest_ids ? [...kept.title_ids, ...kept.rest_ids] : null
  return { products, total: counts.title_matches + counts.rest_matches, matchIds }
}

/**
 * A search's counts narrowed by specs, exact, group by group: a group whose ids are kept is narrowed to the ids
 * that pass (a primary-key read of at most a thousand rows); a common one is counted by its trigram index
 * (together with the GIN on fits when eras are chosen), since the kept counts know nothing of specs. Its page
 * is then left to the planner: a walk of the newest-first index would read the whole catalogue for a rare spec,
 * while gathering reads no more rows than this count did.
 */
async function narrowedCounts(db: Executor, pattern: string, kept: TermCounts, spec: SpecFilters) {
  const narrow = async (group: Group, total: number, ids: number[] | null) => {
    if (total === 0) return { total: 0, ids }
    if (ids) {
      const rows = await withSpecFilters(visibleProducts(db), spec)
        .where(sql<boolean>`p.id = ANY(${ids}::int[])`)
        .select('p.id')
        .execute()
      return { total: rows.length, ids: rows.map((row) => row.id) }
    }
    const row = await withSpecFilters(visibleProducts(db), spec)
      .where(gathered(group, pattern))
      .select(sql<number>`count(*)::int`.as('total'))
      .modifyEnd(plannedPerCall)
      .executeTakeFirstOrThrow()
    return { total: row.total, ids: null }
  }
  const title = await narrow('title', kept.title_matches, kept.title_ids)
  const rest = await narrow('rest', kept.rest_matches, kept.rest_ids)
  return { title_matches: title.total, title_ids: title.ids, rest_matches: rest.total, rest_ids: rest.ids }
}

/**
 * The term's kept counts (counted now if they are not), with the planner's estimate of the visible products, read
 * in the same statement.
 */
async function countsFor(db: Executor, term: string, pattern: string): Promise<TermCounts & { visible: number }> {
  const kept = await db
    .selectFrom('search_terms')
    .select(['title_matches', 'rest_matches', 'title_ids', 'rest_ids', visibleEstimate])
    .where('term', '=', keyOf(term))
    .executeTakeFirst()
  return kept ?? countTerm(db, term, pattern)
}

/** How many visible products the statistics say there are: the newest-first index's row estimate (no count). */
const visibleEstimate = sql<number>`(
  SELECT greatest(reltuples, 0)::int FROM pg_class WHERE oid = 'products_newest_idx'::regclass)`.as('visible')

/**
 * The kept counts' key: the term lower-cased by Postgres, as its pattern is, so "Mylar", "MYLAR" and "mylar"
 * share one count (they match the same products).
 */
const keyOf = (term: string) => sql<string>`lower(${term})`

/** Counts a term and keeps the count (decision 031); a term already kept is read back unchanged. */
async function countTerm(db: Executor, term: string, pattern: string): Promise<TermCounts & { visible: number }> {
  const { rows } = await sql<TermCounts & { visible: number }>`
    SELECT title_matches, rest_matches, title_ids, rest_ids, ${visibleEstimate}
    FROM count_search_term(${keyOf(term)}, ${pattern})`.execute(db)
  return rows[0]!
}

/**
 * Of the catalogue's `size` most used title words and pairs of neighbouring words (titleTerms), those whose
 * counts are not kept, most used first. They are what visitors search for, and the common ones are the terms
 * whose first count is slow, so the worker counts them ahead of any search (docs/decisions/035). Titles are
 * read in batches by id; the tally stays in this process (a few thousand terms for our catalogue).
 */
export async function uncountedVocabulary(db: Executor, size: number): Promise<string[]> {
  const products = new Map<string, number>()
  for (let after = 0; ;) {
    const batch = await db
      .selectFrom('products')
      .select(['id', 'title'])
      .where(sql<boolean>`NOT soft_hidden`)
      .where('id', '>', after)
      .orderBy('id')
      .limit(10_000)
      .execute()
    if (!batch.length) break
    for (const { title } of batch) {
      for (const term of titleTerms(title)) products.set(term, (products.get(term) ?? 0) + 1)
    }
    after = batch.at(-1)!.id
  }
  const vocabulary = [...products.keys()]
    .sort((a, b) => products.get(b)! - products.get(a)! || (a < b ? -1 : 1))
    .slice(0, size)
  if (!vocabulary.length) return []
  const { rows } = await sql<{ term: string }>`
    SELECT v.term FROM unnest(${vocabulary}::text[]) WITH ORDINALITY AS v (term, rank)
    WHERE NOT EXISTS (SELECT FROM search_terms s WHERE s.term = lower(v.term))
    ORDER BY v.rank`.execute(db)
  return rows.map((row) => row.term)
}

/**
 * Counts the catalogue's vocabulary ahead of its searches (uncountedVocabulary): what the worker does every
 * hour. Each term is its own statement, so writes wait on the gate for one count at a time, not for all of
 * them. Returns how many terms it counted.
 */
export async function countSearchVocabulary(db: Executor, size = SEARCH_VOCABULARY_SIZE): Promise<number> {
  const terms = await uncountedVocabulary(db, size)
  for (const term of terms) await countTerm(db, term, containsPattern(term))
  return terms.length
}

/** Title matches, or the rest: description matches whose title does not match. */
type Group = 'title' | 'rest'

/**
 * A group's matches on a page's products (`p`): the ids that product_search's trigram indexes find, for a page or a
 * count that reads every match (products has no trigram index of its own: decision 059). product_search holds the
 * lower-cased texts joined (spaces as "Q"), which match the joined pattern with LIKE: ILIKE's own rule, without
 * lower-casing each row. search_walk matches the unjoined copies on products the same way.
 */
function gathered(group: Group, pattern: string): RawBuilder<boolean> {
  const like = (column: 'title' | 'description') =>
    sql<boolean>`${sql.ref(`s.joined_${column}`)} LIKE search_joined(lower(${pattern}))`
  const inGroup = group === 'title' ? like('title') : sql<boolean>`NOT (${like('title')}) AND ${like('description')}`
  return sql<boolean>`p.id IN (SELECT s.id FROM product_search s WHERE ${inGroup})`
}

/**
 * One group's page: by its ids when the term is rare, else walking the newest-first index (decision 031), or,
 * for a page narrowed by specs or too deep for a walk (`walk` false), the way the planner chooses: gathering the
 * matches through product_search's trigram indexes and sorting them.
 */
function readGroup(
  db: Executor,
  group: Group,
  pattern: string,
  spec: SpecFilters,
  { ids, offset, limit, walk }: { ids: number[] | null; offset: number; limit: number; walk: boolean },
) {
  const page = (where: RawBuilder<boolean>) =>
    visibleProducts(db)
      .where(where)
      .select(cardColumns)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
  // Ids kept by a count narrowed by specs are those that pass them.
  if (ids) return page(sql<boolean>`p.id = ANY(${ids}::int[])`).execute()
  // A common term: over a thousand matches, so a page is found a few hundred rows down the newest-first
  // index. Postgres guesses that a LIKE served by a trigram index matches about ten rows, so it would read
  // every match through that index, or the whole table, and sort them: 40–250 ms instead of 2–10. The kept
  // count knows better: search_walk's settings leave the walk the only plan, with JIT off, which the walk's
  // overrated cost would start (15–70 ms) (docs/decisions/035, 068). One plan whatever the values, as by ids.
  if (walk) {
    return db
      .selectFrom(sql<Products>`search_walk(lower(${pattern}), ${group === 'rest'}, ${limit}, ${offset})`.as('p'))
      .select(cardColumns)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute()
  }
  // Gathered, the plan is the planner's choice for this pattern's matches: planned per call (decision 067).
  const where = sql.join([gathered(group, pattern), ...specConditions(spec)], sql` AND `)
  return page(sql<boolean>`(${where})`)
    .modifyEnd(plannedPerCall)
    .execute()
}
