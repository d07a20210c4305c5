import { sql, type Kysely } from 'kysely'
import * as before from './20261203000000_search_words.ts'

const { bitsOf, BLOCK, countSearchTerm, keepSearchWordBlocks, LONGEST_TERM } = before

/**
 * Terms of three words counted by their words' bitmaps too (docs/decisions/063). A text contains "a b c" exactly
 * when three neighbouring words, joined "xQyQz", contain "aQbQc": x ends with a, y is b, z starts with c. So
 * search_word_blocks also keeps a row per neighbour triple and block, with its own partial trigram index, and the
 * pairs' index no longer holds them. A triple keeps the last and first term-length of its outer words; its middle
 * word whole, when a term can hold it (two characters shorter than the longest term), else not at all.
 *
 * The ids of a group of few matches (decision 031) come from the blocks' bits (`search_block_ids`), not from the
 * joined texts: a term in thousands of titles and two descriptions no longer reads the thousands to find the two.
 *
 * Also: a term of two or three words counts by its keys only when each of its spaces stands alone between two
 * words; a term with a space at an end or two in a row (the search cuts a term after a space at 100 characters)
 * is counted on the joined texts, since the keys hold no empty word.
 */

const L = sql.lit(LONGEST_TERM)
const spacesIn = sql`length(word) - length(replace(word, 'Q', ''))`

export const KEY_KINDS: before.KeyKind[] = [
  { terms: sql`spaces = 0`, rows: sql`strpos(word, 'Q') = 0` },
  { terms: sql`spaces = 1 AND words_apart`, rows: sql`${spacesIn} = 1` },
  { terms: sql`spaces = 2 AND words_apart`, rows: sql`${spacesIn} = 2` },
]
export const KEY_INDEXES = [
  'search_word_blocks_word_trgm_idx',
  'search_word_blocks_pair_trgm_idx',
  'search_word_blocks_triple_trgm_idx',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  // As before, and the triples: each neighbour pair with the word after it.
  await sql`
    CREATE OR REPLACE FUNCTION search_words_of(joined text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT key), '{}') FROM (
        SELECT substr(word, start, ${sql.lit(2 * LONGEST_TERM)}) AS key
        FROM unnest(string_to_array(joined, 'Q')) AS word,
             generate_series(1, greatest(length(word) - ${L}, 1), ${L}) AS start
        WHERE word <> ''
        UNION ALL
        SELECT key
        FROM (SELECT word, lead(word) OVER w AS next, lead(word, 2) OVER w AS after
              FROM unnest(string_to_array(joined, 'Q')) WITH ORDINALITY AS words (word, n)
              WINDOW w AS (ORDER BY n)) AS neighbours,
             LATERAL (VALUES (right(word, ${L}) || 'Q' || left(next, ${L})),
                             (CASE WHEN after <> '' AND length(next) <= ${L} - 2
                                   THEN right(word, ${L}) || 'Q' || next || 'Q' || left(after, ${L}) END)) AS keys (key)
        WHERE word <> '' AND next <> '' AND key IS NOT NULL
      ) AS keys
    $$`.execute(db)
  await sql`DROP INDEX search_word_blocks_pair_trgm_idx`.execute(db)
  await sql`
    INSERT INTO search_word_blocks (word, block, in_text, in_title)
    ${bitsOf(sql`(SELECT id, joined_title, joined_description, true AS arrives FROM product_search)`)}
    ON CONFLICT (word, block) DO NOTHING`.execute(db)
  await sql`
    CREATE INDEX search_word_blocks_pair_trgm_idx ON search_word_blocks USING gin (word gin_trgm_ops)
    WHERE ${spacesIn} = 1`.execute(db)
  await sql`
    CREATE INDEX search_word_blocks_triple_trgm_idx ON search_word_blocks USING gin (word gin_trgm_ops)
    WHERE ${spacesIn} = 2`.execute(db)
  await sql`ANALYZE search_word_blocks`.execute(db)
  await keepSearchWordBlocks(KEY_INDEXES).execute(db)
  // Each set bit found by strpos on the bits as text: the work is the blocks and the ids, not 1,024 per block.
  await sql`
    CREATE FUNCTION search_block_ids(blocks integer[], bits bit[]) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      ids integer[] := '{}';
      mask text;
      at integer;
      next integer;
    BEGIN
      FOR i IN 1 .. coalesce(array_length(blocks, 1), 0) LOOP
        mask := bits[i]::text;
        at := strpos(mask, '1');
        WHILE at > 0 LOOP
          ids := ids || (blocks[i] * ${sql.lit(BLOCK)} + at - 1);
          next := strpos(substr(mask, at + 1), '1');
          at := CASE WHEN next = 0 THEN 0 ELSE at + next END;
        END LOOP;
      END LOOP;
      RETURN ARRAY(SELECT unnest(ids) ORDER BY 1);
    END $$`.execute(db)
  await countSearchTerm(KEY_KINDS, { idsFrom: 'bits' }).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await before.searchWordsOf.execute(db)
  await sql`DELETE FROM search_word_blocks WHERE ${spacesIn} = 2`.execute(db)
  await sql`DROP INDEX search_word_blocks_triple_trgm_idx`.execute(db)
  await sql`DROP INDEX search_word_blocks_pair_trgm_idx`.execute(db)
  await before.pairIndex.execute(db)
  await keepSearchWordBlocks(before.KEY_INDEXES).execute(db)
  await countSearchTerm(before.KEY_KINDS, { idsFrom: 'texts' }).execute(db)
  await sql`DROP FUNCTION search_block_ids(integer[], bit[])`.execute(db)
}
