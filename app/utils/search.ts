/** Escapes LIKE's wildcards so user text matches literally (SPEC §5: % and _ are escaped). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** `%text%` for a case-insensitive substring match with ILIKE (backslash is Postgres's default escape). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}

// Punctuation and symbols around a word are not part of what anyone types: "(25" is "25", "Size," is "size",
// and "Pack) – Silver" gives "pack" and "silver", not a pair.
const EDGE_PUNCTUATION = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu

/**
 * What a visitor might type to find this title: each word and each pair of neighbouring words, lower-cased,
 * without the punctuation around them ("mylar", "mylar sleeves", "size, 2"); each once.
 */
export function titleTerms(title: string): Set<string> {
  const words = title.toLowerCase().split(/\s+/).filter(Boolean)
  const terms = new Set<string>()
  words.forEach((word, i) => {
    for (const phrase of i + 1 < words.length ? [word, `${word} ${words[i + 1]}`] : [word]) {
      const term = phrase.replace(EDGE_PUNCTUATION, '')
      if (term) terms.add(term)
    }
  })
  return terms
}

/**
 * Search terms longer than this are cut before they reach SQL: nobody types more, and it bounds the work a term
 * can ask for (each counted term is compared with every product a write changes). The search vocabulary splits
 * longer words into windows that hold any term up to this length (migration 20261203000000_search_words): it
 * may not grow past that migration's LONGEST_TERM.
 */
export const SEARCH_TERM_MAX_LENGTH = 100
