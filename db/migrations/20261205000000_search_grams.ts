import { sql, type Kysely } from 'kysely'
import * as words from './20261203000000_search_words.ts'
import * as triples from './20261204000000_search_word_triples.ts'

const { BLOCK, countSearchTerm, keepSearchWordBlocks } = words

/**
 * First counts of one- and two-character terms (docs/decisions/065). Such a term has no trigram, so the words'
 * index cannot find the words that contain it and the count read every word row (at a million products, 0.4–1 s
 * for "a"). A text contains a term of one or two characters without a space exactly when one of its words does,
 * so `search_gram_blocks` keeps, for every character and pair of neighbouring characters of a word, a row per
 * block with the bits of the products that have a word holding it; the count reads the term's rows by key.
 *
 * The rows are ORed from the word rows a write makes (a few hundred distinct words per block), not from each
 * product's characters (a few hundred per product): the same bits, at a fraction of the writer's work. A gram
 * row is kept as a word row is: a writer clears its products' bits and sets the new ones, in (gram, block) order,
 * after its word rows.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  // The distinct characters and pairs of neighbouring characters of a word.
  await sql`
    CREATE FUNCTION search_grams_of(word text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT DISTINCT substr(word, start, size)
      FROM (VALUES (1), (2)) AS sizes (size), generate_series(1, length(word) - size + 1) AS start
    $$`.execute(db)
  await sql`
    CREATE TABLE search_gram_blocks (
      gram     text NOT NULL,    -- one or two neighbouring characters of a word
      block    integer NOT NULL, -- products.id / ${sql.raw(String(BLOCK))}
      in_text  bit(${sql.raw(String(BLOCK))}) NOT NULL, -- as search_word_blocks: a visible product with a word holding it
      in_title bit(${sql.raw(String(BLOCK))}) NOT NULL, -- ... in its title
      PRIMARY KEY (gram, block)
    )`.execute(db)
  await sql`
    INSERT INTO search_gram_blocks (gram, block, in_text, in_title)
    SELECT gram, block, bit_or(in_text), bit_or(in_title)
    FROM search_word_blocks, search_grams_of(word) AS gram
    WHERE strpos(word, 'Q') = 0
    GROUP BY 1, 2`.execute(db)
  await sql`ANALYZE search_gram_blocks`.execute(db)
  await keepSearchWordBlocks(triples.KEY_INDEXES, { grams: true }).execute(db)
  await countSearchTerm(triples.KEY_KINDS, { idsFrom: 'bits', grams: true }).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await keepSearchWordBlocks(triples.KEY_INDEXES).execute(db)
  await countSearchTerm(triples.KEY_KINDS, { idsFrom: 'bits' }).execute(db)
  await sql`DROP TABLE search_gram_blocks`.execute(db)
  await sql`DROP FUNCTION search_grams_of(text)`.execute(db)
}
