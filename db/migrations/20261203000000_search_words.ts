import { sql, type Kysely, type RawBuilder } from 'kysely'
import { SEARCH_IDS_LIMIT, SEARCH_TERMS_KEPT } from './20261125000000_listing_counts.ts'

/**
 * The first count of a term of one word or two without reading a text (docs/decisions/061). A text contains a term
 * without a space exactly when one of its space-separated words does, and a term "a b" exactly when two
 * neighbouring words, joined as "xQy", contain "aQb". So `search_word_blocks` keeps, for every word and pair of
 * neighbours and every block of 1,024 product ids, a bitmap of the visible products that have it (in the title
 * or description, and in the title): the count finds the rows that contain the term (trigram indexes), ORs their
 * bitmaps block by block and counts the bits. "comic" at a million products is a few words × a thousand blocks,
 * thousands of rows of 256 bytes, where counting the products themselves is a million rows.
 *
 * - `search_words_of(joined)`: the distinct words and neighbour pairs of a joined text (decision 059 stores spaces
 *   as "Q"). A word longer than the longest term is kept as overlapping windows of twice that length, a term-length
 *   apart, and a pair as the last and first term-length of its words, so every substring a term can be lies whole
 *   in one key, and no index entry outgrows its page.
 * - Kept by statement triggers on product_search, in the writer's transaction. A product owns its bit in each
 *   row of its block, so a write sets or clears its own bits only; rows are written in (word, block) order, so
 *   concurrent writers lock them in the same order and cannot deadlock. A row whose bits are all clear stays: it
 *   counts nothing.
 * - Terms of three words or more keep the joined-text count (decision 059), and so do the ids of a term with few
 *   matches (031 keeps them: a trigram read of at most a thousand rows).
 * - The functions are built from the kinds of key they serve (exported below), so that 063, which adds triples,
 *   restates none of them and its `down` restores these.
 */

/**
 * The longest term a search counts (the search route's SEARCH_TERM_MAX_LENGTH may not exceed it); longer words
 * are kept as windows of twice this.
 */
export const LONGEST_TERM = 100
/** Product ids per bitmap: one row per word per block. */
export const BLOCK = 1024

/** A block with no bit set. */
export const NO_BITS = sql.raw(`B'0'::bit(${BLOCK})`)

/** A kind of key in search_word_blocks that counts terms by itself. */
export interface KeyKind {
  /** The terms it counts (plpgsql, on the count's `spaces` and `words_apart`). */
  terms: RawBuilder<unknown>
  /** Its rows: the predicate of its partial trigram index, which the count repeats so that the index serves. */
  rows: RawBuilder<unknown>
}
/** Words and neighbour pairs: a one-word term reads only the first (terms of three words: the joined texts). */
export const KEY_KINDS: KeyKind[] = [
  { terms: sql`spaces = 0`, rows: sql`strpos(word, 'Q') = 0` },
  { terms: sql`spaces = 1`, rows: sql`strpos(word, 'Q') > 0` },
]
export const KEY_INDEXES = ['search_word_blocks_word_trgm_idx', 'search_word_blocks_pair_trgm_idx']

/** The distinct words and neighbour pairs of a joined text, as keys (above). */
export const searchWordsOf = sql`
    CREATE OR REPLACE FUNCTION search_words_of(joined text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT key), '{}') FROM (
        SELECT substr(word, start, ${sql.lit(2 * LONGEST_TERM)}) AS key
        FROM unnest(string_to_array(joined, 'Q')) AS word,
             generate_series(1, greatest(length(word) - ${sql.lit(LONGEST_TERM)}, 1), ${sql.lit(LONGEST_TERM)}) AS start
        WHERE word <> ''
        UNION ALL
        SELECT right(word, ${sql.lit(LONGEST_TERM)}) || 'Q' || left(next, ${sql.lit(LONGEST_TERM)})
        FROM (SELECT word, lead(word) OVER (ORDER BY n) AS next
              FROM unnest(string_to_array(joined, 'Q')) WITH ORDINALITY AS words (word, n)) AS neighbours
        WHERE word <> '' AND next <> ''
      ) AS keys
    $$`

/** The pairs' trigram index. */
export const pairIndex = sql`
    CREATE INDEX search_word_blocks_pair_trgm_idx ON search_word_blocks USING gin (word gin_trgm_ops)
    WHERE strpos(word, 'Q') > 0`

export async function up(db: Kysely<unknown>): Promise<void> {
  await searchWordsOf.execute(db)
  await sql`
    CREATE FUNCTION search_block_bit(id integer) RETURNS bit(${sql.raw(String(BLOCK))})
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT set_bit(${NO_BITS}, id % ${sql.lit(BLOCK)}, 1) $$`.execute(db)
  await sql`
    CREATE TABLE search_word_blocks (
      word     text NOT NULL,    -- a word of search_words_of, or two neighbours joined by Q
      block    integer NOT NULL, -- products.id / ${sql.raw(String(BLOCK))}
      in_text  bit(${sql.raw(String(BLOCK))}) NOT NULL, -- bit id % ${sql.raw(String(BLOCK))}: a visible product with the word in its title or description
      in_title bit(${sql.raw(String(BLOCK))}) NOT NULL, -- ... in its title
      PRIMARY KEY (word, block)
    )`.execute(db)
  await sql`
    INSERT INTO search_word_blocks (word, block, in_text, in_title)
    ${bitsOf(sql`(SELECT id, joined_title, joined_description, true AS arrives FROM product_search)`)}`.execute(db)
  await sql`
    CREATE INDEX search_word_blocks_word_trgm_idx ON search_word_blocks USING gin (word gin_trgm_ops)
    WHERE strpos(word, 'Q') = 0`.execute(db)
  await pairIndex.execute(db)
  await sql`ANALYZE search_word_blocks`.execute(db)

  await keepSearchWordBlocks(KEY_INDEXES).execute(db)
  await sql`
    CREATE TRIGGER keep_search_word_blocks_insert AFTER INSERT ON product_search
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_word_blocks()`.execute(db)
  await sql`
    CREATE TRIGGER keep_search_word_blocks_update AFTER UPDATE ON product_search
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_word_blocks()`.execute(
    db,
  )
  await sql`
    CREATE TRIGGER keep_search_word_blocks_delete AFTER DELETE ON product_search
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_word_blocks()`.execute(db)
  await sql`
    CREATE TRIGGER keep_search_word_blocks_truncate AFTER TRUNCATE ON product_search
    FOR EACH STATEMENT EXECUTE FUNCTION keep_search_word_blocks()`.execute(db)

  // A term with two spaces or more (three words, or two spaces in a row): counted as before, on the joined texts.
  await sql`ALTER FUNCTION count_search_term(text, text) RENAME TO count_search_term_joined`.execute(db)
  await countSearchTerm(KEY_KINDS, { idsFrom: 'texts' }).execute(db)
}

/**
 * Writes the keys of `rows` (bitsOf). A row already there ORs the arrivals' bits in, after clearing (`clearing`)
 * the bits of old_rows' products (`touched`, from `base`). With `grams` (docs/decisions/065), the grams of the
 * words written get the same bits in search_gram_blocks: the words' rows of the statement, ORed by gram. That
 * part is a WITH the statement does not read, so it runs after the words' rows are written: every writer locks
 * words, then grams, each in order.
 */
function writeKeys(
  rows: RawBuilder<unknown>,
  { clearing, grams, repeats }: { clearing: boolean; grams: boolean; repeats: boolean },
) {
  const onConflict = (key: 'word' | 'gram') => {
    const kept = (column: 'in_text' | 'in_title') =>
      clearing ? sql`(b.${sql.ref(column)} & ~touched[b.block - base + 1])` : sql`b.${sql.ref(column)}`
    return sql`ON CONFLICT (${sql.ref(key)}, block) DO UPDATE
      SET in_text = ${kept('in_text')} | excluded.in_text, in_title = ${kept('in_title')} | excluded.in_title`
  }
  const intoWords = sql`INSERT INTO search_word_blocks AS b (word, block, in_text, in_title)`
  const words = grams
    ? sql`
    WITH keys (word, block, in_text, in_title) AS MATERIALIZED (${bitsOf(sql`(${rows})`)}),
    grams AS (
      INSERT INTO search_gram_blocks AS b (gram, block, in_text, in_title)
      SELECT gram, block, bit_or(in_text), bit_or(in_title) FROM keys, search_grams_of(word) AS gram
      WHERE strpos(word, 'Q') = 0
      GROUP BY 1, 2 ORDER BY 1, 2
      ${onConflict('gram')})
    ${intoWords} SELECT * FROM keys ${onConflict('word')};`
    : sql`${intoWords} ${bitsOf(sql`(${rows})`)} ${onConflict('word')};`
  if (!repeats) return words
  // The pairs a text holds twice (docs/decisions/066), after the words and grams: the same order in every writer.
  return sql`${words}
    INSERT INTO search_pair_repeats AS b (word, block, in_text, in_title)
    ${bitsOf(sql`(${rows})`, sql`search_repeated_pairs_of`)} ${onConflict('word')};`
}

/**
 * The (word, block) rows of `rows` (id, joined_title, joined_description, arrives) in (word, block) order, with
 * the bits of the products that arrive (those that leave only name the rows to clear them in).
 */
export function bitsOf(rows: RawBuilder<unknown>, keysOf = sql`search_words_of`) {
  const bit = sql`search_block_bit(r.id)`
  return sql`
    SELECT w.word, r.id / ${sql.lit(BLOCK)},
           coalesce(bit_or(${bit}) FILTER (WHERE r.arrives), ${NO_BITS}),
           coalesce(bit_or(${bit}) FILTER (WHERE r.arrives AND w.in_title), ${NO_BITS})
    FROM ${rows} AS r,
         LATERAL (SELECT unnest(${keysOf}(r.joined_title)), true
                  UNION ALL SELECT unnest(${keysOf}(r.joined_description)), false) AS w (word, in_title)
    GROUP BY 1, 2 ORDER BY 1, 2`
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION count_search_term(text, text)`.execute(db)
  await sql`ALTER FUNCTION count_search_term_joined(text, text) RENAME TO count_search_term`.execute(db)
  for (const event of ['insert', 'update', 'delete', 'truncate'])
    await sql`DROP TRIGGER ${sql.id(`keep_search_word_blocks_${event}`)} ON product_search`.execute(db)
  await sql`DROP FUNCTION keep_search_word_blocks()`.execute(db)
  await sql`DROP TABLE search_word_blocks`.execute(db)
  await sql`DROP FUNCTION search_block_bit(integer)`.execute(db)
  await sql`DROP FUNCTION search_words_of(text)`.execute(db)
}

/**
 * The trigger function. Arrivals set their bits. Leavers, and rewritten texts, first clear their products' bits in
 * every row of their words, old and new: `touched` holds, per block from `base`, the bits of the products in
 * old_rows. New keys' rows went to the trigram indexes' pending lists (`indexes`): into the indexes before any
 * reader (decision 059).
 */
export const keepSearchWordBlocks = (indexes: readonly string[], { grams = false, repeats = false } = {}) => sql`
    CREATE OR REPLACE FUNCTION keep_search_word_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      base integer;
      touched bit(${sql.raw(String(BLOCK))})[];
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE search_word_blocks${sql.raw(grams ? ', search_gram_blocks' : '')}${sql.raw(repeats ? ', search_pair_repeats' : '')};
      ELSIF TG_OP = 'INSERT' THEN
        ${writeKeys(sql`SELECT id, joined_title, joined_description, true AS arrives FROM new_rows`, { clearing: false, grams, repeats })}
      ELSE
        SELECT min(id / ${sql.lit(BLOCK)}) INTO base FROM old_rows;
        SELECT array_agg(coalesce(m.bits, ${NO_BITS}) ORDER BY s.block) INTO touched
        FROM generate_series(base, (SELECT max(id / ${sql.lit(BLOCK)}) FROM old_rows)) AS s (block)
        LEFT JOIN (SELECT id / ${sql.lit(BLOCK)} AS block, bit_or(search_block_bit(id)) AS bits FROM old_rows GROUP BY 1) AS m
        USING (block);
        IF TG_OP = 'DELETE' THEN
          ${writeKeys(sql`SELECT id, joined_title, joined_description, false AS arrives FROM old_rows`, { clearing: true, grams, repeats })}
        ELSE
          ${writeKeys(
            sql`SELECT id, joined_title, joined_description, false AS arrives FROM old_rows
                UNION ALL SELECT id, joined_title, joined_description, true FROM new_rows`,
            { clearing: true, grams, repeats },
          )}
        END IF;
      END IF;
      PERFORM ${sql.join(indexes.map((index) => sql`gin_clean_pending_list(${sql.lit(index)})`))};
      RETURN NULL;
    END $$`

/**
 * The first count of a term: a term of a kind in `kinds` ORs the bits of the keys that contain it, block by
 * block (a pair contains "aQb" exactly when its first word ends with a and the next starts with b), and counts
 * them; any other term is counted on the joined texts (`count_search_term_joined`). A group of few matches keeps
 * its ids: read from the joined texts' trigram indexes, or (`idsFrom: 'bits'`) from the blocks' bits, which
 * costs nothing when the other group is large.
 */
export function countSearchTerm(
  kinds: readonly KeyKind[],
  { idsFrom, grams = false, phrases = false }: { idsFrom: 'texts' | 'bits'; grams?: boolean; phrases?: boolean },
) {
  const joined = sql`search_joined(lowered)`
  const branches = [
    // One or two characters (docs/decisions/065): the term's own rows, one per block.
    ...(grams
      ? [
          sql`length(wanted_term) BETWEEN 1 AND 2 AND spaces = 0 THEN
            SELECT array_agg(block), array_agg(in_title), array_agg(in_text) INTO blocks, titles, texts
            FROM search_gram_blocks WHERE gram = wanted_term;`,
        ]
      : []),
    ...kinds.map(
      (kind) => sql`${kind.terms} THEN
        SELECT array_agg(block), array_agg(title), array_agg(text) INTO blocks, titles, texts
        FROM (SELECT block, bit_or(in_title) AS title, bit_or(in_text) AS text FROM search_word_blocks
              WHERE word LIKE ${joined} AND ${kind.rows} GROUP BY block) AS matched;`,
    ),
    // Four words or more (docs/decisions/066): their triples, and the texts of the products they cannot settle.
    ...(phrases
      ? [
          sql`spaces >= 3 AND words_apart AND length(wanted_term) <= ${sql.lit(LONGEST_TERM)} THEN
            SELECT p.blocks, p.titles, p.texts INTO blocks, titles, texts FROM search_phrase_bits(wanted_term, lowered) AS p;`,
        ]
      : []),
  ].map(
    (branch, i) => sql`
      ${sql.raw(i ? 'ELSIF' : 'IF')} ${branch}`,
  )
  const ids =
    idsFrom === 'bits'
      ? {
          title: sql`search_block_ids(blocks, titles)`,
          rest: sql`search_block_ids(blocks, ARRAY(SELECT x & ~t FROM unnest(texts, titles) AS u (x, t)))`,
        }
      : {
          title: sql`ARRAY(SELECT id FROM product_search WHERE joined_title LIKE ${joined})`,
          rest: sql`ARRAY(SELECT id FROM product_search
                          WHERE joined_description LIKE ${joined} AND joined_title NOT LIKE ${joined})`,
        }
  return sql`
    CREATE OR REPLACE FUNCTION count_search_term(wanted_term text, wanted_pattern text) RETURNS SETOF search_terms
    LANGUAGE plpgsql SET jit = off AS $$
    DECLARE
      lowered constant text := lower(wanted_pattern);
      in_titles integer;
      in_texts integer;
      blocks integer[];
      titles bit(${sql.raw(String(BLOCK))})[];
      texts bit(${sql.raw(String(BLOCK))})[];
      spaces constant integer := length(lowered) - length(replace(lowered, ' ', ''));
      -- Each space of the term stands alone between two of its words (the keys hold no empty word).
      words_apart constant boolean := btrim(wanted_term, ' ') = wanted_term AND strpos(wanted_term, '  ') = 0;
    BEGIN
      LOCK TABLE search_terms_gate IN SHARE MODE;
      ${sql.join(branches, sql``)}
      ELSE
        RETURN QUERY SELECT * FROM count_search_term_joined(wanted_term, wanted_pattern);
        RETURN;
      END IF;
      SELECT coalesce(sum(bit_count(t)), 0), coalesce(sum(bit_count(x)), 0) INTO in_titles, in_texts
      FROM unnest(titles, texts) AS u (t, x);
      RETURN QUERY
      INSERT INTO search_terms (term, pattern, title_matches, rest_matches, title_ids, rest_ids)
      VALUES (wanted_term, lowered, in_titles, in_texts - in_titles,
              CASE WHEN in_titles = 0 THEN '{}' WHEN in_titles <= ${sql.lit(SEARCH_IDS_LIMIT)} THEN ${ids.title} END,
              CASE WHEN in_texts = in_titles THEN '{}'
                   WHEN in_texts - in_titles <= ${sql.lit(SEARCH_IDS_LIMIT)} THEN ${ids.rest} END)
      ON CONFLICT (term) DO UPDATE SET counted_at = search_terms.counted_at
      RETURNING *;
      IF random() < 0.01 THEN
        DELETE FROM search_terms WHERE term IN (
          SELECT term FROM search_terms ORDER BY counted_at DESC OFFSET ${sql.lit(SEARCH_TERMS_KEPT)});
      END IF;
    END $$`
}
