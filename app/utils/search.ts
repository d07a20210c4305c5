/** Escapes LIKE's wildcards so user text matches literally (SPEC §5: % and _ are escaped). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** `%text%` for a case-insensitive substring match with ILIKE (backslash is Postgres's default escape). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}

/** Search terms longer than this are cut before they reach SQL: nobody types more, and it bounds a query's work. */
export const SEARCH_TERM_MAX_LENGTH = 100
