import { sql, type RawBuilder } from 'kysely'
import { NO_SPEC_FILTERS, specFiltersSet, type SpecFilters } from '#app/schemas/spec-filters.ts'
import { expandWords, NO_SYNONYMS, queryWords, type SynonymMap, type WordGroup } from '#app/utils/search-query.ts'
import { containsPattern } from '#app/utils/search.ts'
import type { Executor } from '#db/client.ts'
import { cardColumns, visibleProducts, withSpecFilters } from './product.server.ts'

/**
 * The public product search (SPEC §5 and its decided extension, docs/decisions/083): a product matches when
 * every word of the query, or one of its synonyms, is among its title's, brand's, category's, description's or
 * specs' words in any common form (products.search_vector, GIN), or when its title or description contains the
 * text as typed (pg_trgm). Ranked: the whole phrase in the title, then every word in the title, then the rest;
 * ties newest first. Counted exactly up to SEARCH_COUNT_LIMIT; past it the order is newest alone.
 */

export const SEARCH_PAGE_SIZE = 24
/** Matches counted (and ranked) exactly; a search that finds more says "over" this many, newest first. */
export const SEARCH_COUNT_LIMIT = 10_000
/** Up to this many matches, a search's spec filters are those of its matches (by their ids). */
const FACET_IDS_LIMIT = 2_000
/** The substring rule needs a trigram: shorter text is matched by its words alone. */
const SUBSTRING_MIN_LENGTH = 3

export interface SearchOptions {
  /** The owner's synonyms (the kept read searchSynonyms). */
  synonyms?: SynonymMap
  /** Whether a word the catalogue does not know may be read as its nearest word (false: "search instead for"). */
  correct?: boolean
}

export interface SearchResult {
  products: Awaited<ReturnType<typeof readCards>>
  /** Exact up to SEARCH_COUNT_LIMIT; `over` when there are more. */
  total: number
  over: boolean
  /** The ids of every match when they are few: what the search's spec facets are read from. */
  matchIds: number[] | null
  /** The query as corrected, when a word matched nothing and had a near catalogue word ("mylr" → "mylar"). */
  correctedTerm: string | null
}

export async function searchProducts(
  db: Executor,
  term: string,
  page = 1,
  spec: SpecFilters = NO_SPEC_FILTERS,
  { synonyms = NO_SYNONYMS, correct = true }: SearchOptions = {},
): Promise<SearchResult> {
  const words = queryWords(term)
  const query = searchQuery(term, expandWords(words, synonyms))
  const matches = await rankedMatches(db, query, spec)
  if (matches.length === 0 && correct) {
    const corrected = await correctedWords(db, words)
    if (corrected) {
      const result = await searchProducts(db, corrected, page, spec, { synonyms, correct: false })
      return result.total > 0 ? { ...result, correctedTerm: corrected } : noMatches(null)
    }
  }
  if (matches.length === 0) return noMatches(null)
  const over = matches.length > SEARCH_COUNT_LIMIT
  const offset = (page - 1) * SEARCH_PAGE_SIZE
  const products = over ? await newestPage(db, query, spec, offset) : await readCards(db, rankedPage(matches, offset))
  const facetIds = specFiltersSet(spec) ? await matchingIds(db, query) : matches.map((match) => match.id)
  return {
    products,
    total: over ? SEARCH_COUNT_LIMIT : matches.length,
    over,
    matchIds: facetIds && facetIds.length <= FACET_IDS_LIMIT ? facetIds : null,
    correctedTerm: null,
  }
}

const noMatches = (correctedTerm: string | null): SearchResult => ({
  products: [],
  total: 0,
  over: false,
  matchIds: [],
  correctedTerm,
})

/** A search as SQL: what every product must match, the title's phrase and words, and the substring pattern. */
export interface SearchQuery {
  /** Every group matched anywhere. */
  words: RawBuilder<unknown>
  /** The groups side by side, in order. */
  phrase: RawBuilder<unknown>
  /** ILIKE pattern of the text as typed, or null when it is too short for the substring rule. */
  pattern: string | null
}

export function searchQuery(term: string, groups: WordGroup[]): SearchQuery {
  const text = term.trim()
  return {
    words: combined(groups, '&&'),
    phrase: combined(groups, '<->'),
    pattern: text.length >= SUBSTRING_MIN_LENGTH ? containsPattern(text) : null,
  }
}

/**
 * The tsquery of the groups, built by Postgres from each wording's words (plainto_tsquery and phraseto_tsquery
 * read text as words only), joined by tsquery's own operators: what was typed is never parsed as tsquery syntax.
 * A group of stop words alone is empty, and leaves the rest as they are.
 */
function combined(groups: WordGroup[], operator: '&&' | '<->'): RawBuilder<unknown> {
  if (groups.length === 0) return sql`''::tsquery`
  return groups.map(groupTsquery).reduce((all, next) => sql`(${all} ${sql.raw(operator)} ${next})`)
}

/** One group's tsquery: any of its wordings, a phrase's words side by side in order. */
export function groupTsquery(wordings: WordGroup): RawBuilder<unknown> {
  return sql`(${sql.join(
    wordings.map(({ words, phrase }) =>
      phrase
        ? sql`phraseto_tsquery('shop_english', ${words.join(' ')})`
        : sql`plainto_tsquery('shop_english', ${words.join(' ')})`,
    ),
    sql` || `,
  )})`
}

/** Whether product `p` matches the search `s` (a lateral row of its tsqueries). */
function matching(query: SearchQuery): RawBuilder<boolean> {
  return query.pattern === null
    ? sql<boolean>`p.search_vector @@ s.words`
    : sql<boolean>`(p.search_vector @@ s.words OR p.title ILIKE ${query.pattern} OR p.description ILIKE ${query.pattern})`
}

const searchRow = (query: SearchQuery) => sql`(SELECT ${query.words} AS words, ${query.phrase} AS phrase)`.as('s')

/** 0: the whole phrase in the title; 1: every word in the title; 2: the rest. */
function rankGroup(query: SearchQuery): RawBuilder<number> {
  const title = sql`ts_filter(p.search_vector, '{a}')`
  const asTyped = query.pattern === null ? sql`false` : sql`p.title ILIKE ${query.pattern}`
  return sql<number>`CASE WHEN ${asTyped} OR ${title} @@ s.phrase THEN 0 WHEN ${title} @@ s.words THEN 1 ELSE 2 END`
}

/** Up to one past the counting limit of the matches, each with its rank group and age. */
async function rankedMatches(db: Executor, query: SearchQuery, spec: SpecFilters) {
  return withSpecFilters(visibleProducts(db), spec)
    .innerJoin(searchRow(query), (join) => join.onTrue())
    .where(matching(query))
    .select(['p.id', 'p.created_at', rankGroup(query).as('rank')])
    .limit(SEARCH_COUNT_LIMIT + 1)
    .execute()
}

/** The ids of a page of ranked matches: by group, then newest. */
function rankedPage(matches: Array<{ id: number; created_at: Date; rank: number }>, offset: number): number[] {
  return matches
    .sort((a, b) => a.rank - b.rank || b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
    .slice(offset, offset + SEARCH_PAGE_SIZE)
    .map((match) => match.id)
}

/** Products' cards by id, in the order given. */
async function readCards(db: Executor, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await visibleProducts(db).where('p.id', 'in', ids).select(cardColumns).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** A page of a search that matches more than can be ranked: the newest first, down the newest-first index. */
function newestPage(db: Executor, query: SearchQuery, spec: SpecFilters, offset: number) {
  return withSpecFilters(visibleProducts(db), spec)
    .innerJoin(searchRow(query), (join) => join.onTrue())
    .where(matching(query))
    .select(cardColumns)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(SEARCH_PAGE_SIZE)
    .offset(offset)
    .execute()
}

/** The ids of a search's matches whatever its spec filters, if few enough for its facets to be read from them. */
async function matchingIds(db: Executor, query: SearchQuery): Promise<number[] | null> {
  const rows = await visibleProducts(db)
    .innerJoin(searchRow(query), (join) => join.onTrue())
    .where(matching(query))
    .select('p.id')
    .limit(FACET_IDS_LIMIT + 1)
    .execute()
  return rows.length > FACET_IDS_LIMIT ? null : rows.map((row) => row.id)
}

/**
 * The query with each word that no visible product has replaced by the nearest word of the catalogue's
 * vocabulary that one has (trigram similarity above pg_trgm's threshold, 0.3; the most similar, then the first
 * alphabetically), or null when no word was replaced. Words of fewer than three letters are left as typed.
 */
async function correctedWords(db: Executor, words: string[]): Promise<string | null> {
  const candidates = words.filter((word) => word.length >= 3 && !/^\p{N}+$/u.test(word))
  if (candidates.length === 0) return null
  const known = (word: RawBuilder<unknown>) => sql<boolean>`EXISTS (
    SELECT FROM products p WHERE NOT p.soft_hidden AND p.search_vector @@ plainto_tsquery('shop_english', ${word}))`
  const { rows } = await sql<{ typed: string; nearest: string | null }>`
    SELECT t.typed, (
      SELECT v.word FROM search_vocabulary v
      WHERE v.word % t.typed AND ${known(sql`v.word`)}
      ORDER BY similarity(v.word, t.typed) DESC, v.word LIMIT 1) AS nearest
    FROM unnest(${candidates}::text[]) AS t (typed)
    WHERE NOT ${known(sql`t.typed`)}`.execute(db)
  const nearest = new Map(rows.flatMap((row) => (row.nearest ? [[row.typed, row.nearest] as const] : [])))
  if (nearest.size === 0) return null
  return words.map((word) => nearest.get(word) ?? word).join(' ')
}

/** The owner's synonyms, every row: read once per catalogue write (kept-reads' searchSynonyms). */
export function listSearchSynonyms(db: Executor) {
  return db.selectFrom('search_synonyms').select(['words', 'synonym', 'both_ways']).execute()
}
