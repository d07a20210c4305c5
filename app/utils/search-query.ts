/**
 * What a search query says, read in words (docs/decisions/083): the words typed, and for each word or pair of
 * neighbouring words the owner's synonyms, one step (a loop a → b → a expands once, then stops). Postgres turns
 * each word into its lexemes (app/models/search.server.ts); nothing typed reaches to_tsquery as syntax.
 */

/** More words than this are not read: no one searches in sentences, and it bounds a query's work. */
export const SEARCH_MAX_WORDS = 10

/** The words of a query: runs of letters and digits, lower-cased; punctuation, operators and emoji separate them. */
export function queryWords(term: string): string[] {
  return term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_MAX_WORDS)
}

/** One way to say what a group of typed words says: its words, and whether they must stand together in order. */
export interface Wording {
  words: string[]
  phrase: boolean
}

/** A word or pair as typed (first), then its synonyms: a product matches the group when it matches one of them. */
export type WordGroup = Wording[]

/** Typed words or phrases to what they also find: one entry per direction of each of the owner's rows. */
export type SynonymMap = ReadonlyMap<string, readonly string[]>

export const NO_SYNONYMS: SynonymMap = new Map()

export function synonymMap(rows: ReadonlyArray<{ words: string; synonym: string; both_ways: boolean }>): SynonymMap {
  const map = new Map<string, string[]>()
  const add = (from: string, to: string) => {
    const key = queryWords(from).join(' ')
    const list = map.get(key) ?? []
    if (!list.includes(to)) list.push(to)
    map.set(key, list)
  }
  for (const row of rows) {
    add(row.words, row.synonym)
    if (row.both_ways) add(row.synonym, row.words)
  }
  return map
}

/** The words and pairs of neighbouring words a query could have synonyms for. */
export function synonymKeys(words: readonly string[]): string[] {
  const keys = [...words, ...words.slice(1).map((word, i) => `${words[i]} ${word}`)]
  return [...new Set(keys.flatMap((key) => [key, singular(key)]))]
}

/**
 * The query's groups, left to right: a pair of neighbouring words that has synonyms is read as one group ("long
 * box" also finds "longbox"), else each word is its own. A synonym of two words must be found as a phrase.
 */
export function expandWords(words: readonly string[], synonyms: SynonymMap): WordGroup[] {
  const groups: WordGroup[] = []
  const alternatives = (typed: string[], key: string): WordGroup => [
    { words: typed, phrase: false },
    ...synonymsOf(key, synonyms).map((synonym) => {
      const said = queryWords(synonym)
      return { words: said, phrase: said.length > 1 }
    }),
  ]
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : null
    if (pair && synonymsOf(pair, synonyms).length) {
      groups.push(alternatives([words[i]!, words[i + 1]!], pair))
      i++
    } else {
      groups.push(alternatives([words[i]!], words[i]!))
    }
  }
  return groups
}

/**
 * The synonyms of a word or pair as typed, or else of its singular ("bags" finds the row for "bag"): the owner
 * writes one form, and the stemmer reads the rest.
 */
export function synonymsOf(key: string, synonyms: SynonymMap): readonly string[] {
  return synonyms.get(key) ?? synonyms.get(singular(key)) ?? []
}

/** Each word without a plural's final s ("long boxes" → "long boxe" is harmless: it is only a key). */
const singular = (key: string) => key.replace(/(?<=\p{L}{2})s\b/gu, '')

/** What the header's field suggests as one types (/search/suggest): a few products and categories. */
export interface SearchSuggestions {
  products: { asin: string; title: string; imageUrl: string | null }[]
  categories: { slug: string; name: string }[]
}
