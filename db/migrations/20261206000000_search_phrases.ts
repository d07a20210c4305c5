import { sql, type Kysely } from 'kysely'
import * as words from './20261203000000_search_words.ts'
import * as triples from './20261204000000_search_word_triples.ts'

const { bitsOf, BLOCK, countSearchTerm, keepSearchWordBlocks, LONGEST_TERM, NO_BITS } = words

/**
 * First counts of four words or more from the triples' bits (docs/decisions/066). A text holds "a b c d" exactly
 * when it holds the triples "a b c" and "b c d" at neighbouring places. Their bits say only that both are in the
 * text somewhere; but both hold the pair "b c", so when the text holds that pair once, they are at neighbouring
 * places. `search_pair_repeats` keeps the bits of the products that hold a pair twice in their title (`in_title`),
 * or in their title or their description (`in_text`): only those, and products whose triples are split between
 * title and description, have their texts read.
 */

const L = sql.lit(LONGEST_TERM)

export async function up(db: Kysely<unknown>): Promise<void> {
  // The neighbour pairs a text holds more than once, as search_words_of writes its pairs.
  await sql`
    CREATE FUNCTION search_repeated_pairs_of(joined text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(key), '{}') FROM (
        SELECT right(word, ${L}) || 'Q' || left(next, ${L}) AS key
        FROM (SELECT word, lead(word) OVER (ORDER BY n) AS next
              FROM unnest(string_to_array(joined, 'Q')) WITH ORDINALITY AS words (word, n)) AS neighbours
        WHERE word <> '' AND next <> ''
        GROUP BY 1 HAVING count(*) > 1
      ) AS repeated
    $$`.execute(db)
  await sql`
    CREATE TABLE search_pair_repeats (
      word     text NOT NULL,    -- a pair of neighbours joined by Q, as in search_word_blocks
      block    integer NOT NULL, -- products.id / ${sql.raw(String(BLOCK))}
      in_text  bit(${sql.raw(String(BLOCK))}) NOT NULL, -- a visible product with the pair twice in its title, or twice in its description
      in_title bit(${sql.raw(String(BLOCK))}) NOT NULL, -- ... twice in its title
      PRIMARY KEY (word, block)
    )`.execute(db)
  await sql`
    INSERT INTO search_pair_repeats (word, block, in_text, in_title)
    ${bitsOf(sql`(SELECT id, joined_title, joined_description, true AS arrives FROM product_search)`, sql`search_repeated_pairs_of`)}`.execute(
    db,
  )
  await sql`ANALYZE search_pair_repeats`.execute(db)

  // `term` lower-cased, `pattern` its LIKE pattern lower-cased ('%…%'); four words or more, each space alone.
  await sql`
    CREATE FUNCTION search_phrase_bits(term text, pattern text,
                                       OUT blocks integer[], OUT titles bit(${sql.raw(String(BLOCK))})[],
                                       OUT texts bit(${sql.raw(String(BLOCK))})[])
    LANGUAGE plpgsql STABLE AS $$
    DECLARE
      parts constant text[] := string_to_array(term, ' ');
      escaped constant text[] := string_to_array(substr(pattern, 2, length(pattern) - 2), ' ');
      last_word constant integer := array_length(parts, 1);
      descs bit(${sql.raw(String(BLOCK))})[];
      unsure bit(${sql.raw(String(BLOCK))})[];
      unsure_ids integer[];
      found_blocks integer[];
      found_titles bit(${sql.raw(String(BLOCK))})[];
      found_texts bit(${sql.raw(String(BLOCK))})[];
      key_pattern text;
    BEGIN
      -- Each triple of the term: the products that hold it in the title (titles), anywhere (texts), and only in
      -- the description (descs), ANDed triple after triple.
      FOR i IN 1 .. last_word - 2 LOOP
        IF i > 1 AND i < last_word - 2 THEN
          -- Three whole words: one key, read by the primary key.
          SELECT array_agg(block), array_agg(in_title), array_agg(in_text) INTO found_blocks, found_titles, found_texts
          FROM search_word_blocks WHERE word = parts[i] || 'Q' || parts[i + 1] || 'Q' || parts[i + 2];
        ELSE
          -- The first triple ends with whole words and the last starts with them: the triples' trigram index.
          key_pattern := CASE WHEN i = 1 THEN '%' ELSE '' END || escaped[i] || 'Q' || escaped[i + 1] || 'Q'
                         || escaped[i + 2] || CASE WHEN i = last_word - 2 THEN '%' ELSE '' END;
          SELECT array_agg(block), array_agg(t), array_agg(x) INTO found_blocks, found_titles, found_texts
          FROM (SELECT block, bit_or(in_title) AS t, bit_or(in_text) AS x FROM search_word_blocks
                WHERE word LIKE key_pattern AND length(word) - length(replace(word, 'Q', '')) = 2
                GROUP BY block) AS found;
        END IF;
        IF i = 1 THEN
          blocks := found_blocks;
          titles := found_titles;
          texts := found_texts;
          descs := ARRAY(SELECT x & ~t FROM unnest(found_texts, found_titles) AS u (x, t));
        ELSE
          SELECT array_agg(c.block), array_agg(c.t & f.t), array_agg(c.x & f.x), array_agg(c.d & f.x & ~f.t)
          INTO blocks, titles, texts, descs
          FROM unnest(blocks, titles, texts, descs) AS c (block, t, x, d)
          JOIN unnest(found_blocks, found_titles, found_texts) AS f (block, t, x) USING (block);
        END IF;
        EXIT WHEN blocks IS NULL;
      END LOOP;
      IF blocks IS NULL THEN
        RETURN;
      END IF;
      -- Sure: every triple in the title and each inner pair once there; or every triple in the description alone
      -- and each inner pair at most once in either text. The rest of those with every triple are read.
      SELECT array_agg(block), array_agg(title_sure), array_agg(title_sure | desc_sure),
             array_agg(x & ~(title_sure | desc_sure))
      INTO blocks, titles, texts, unsure
      FROM (SELECT c.block, c.x, c.t & ~coalesce(r.t, ${NO_BITS}) AS title_sure, c.d & ~coalesce(r.x, ${NO_BITS}) AS desc_sure
            FROM unnest(blocks, titles, texts, descs) AS c (block, t, x, d)
            LEFT JOIN (SELECT block, bit_or(in_title) AS t, bit_or(in_text) AS x FROM search_pair_repeats
                       WHERE word = ANY (ARRAY(SELECT parts[j] || 'Q' || parts[j + 1] FROM generate_series(2, last_word - 2) AS j))
                       GROUP BY block) AS r USING (block)) AS sure;
      unsure_ids := search_block_ids(blocks, unsure);
      IF cardinality(unsure_ids) = 0 THEN
        RETURN;
      END IF;
      SELECT array_agg(c.block), array_agg(c.t | coalesce(v.t, ${NO_BITS})), array_agg(c.x | coalesce(v.x, ${NO_BITS}))
      INTO blocks, titles, texts
      FROM unnest(blocks, titles, texts) AS c (block, t, x)
      LEFT JOIN (SELECT s.id / ${sql.lit(BLOCK)} AS block,
                        coalesce(bit_or(search_block_bit(s.id)) FILTER (WHERE s.joined_title LIKE search_joined(pattern)),
                                 ${NO_BITS}) AS t,
                        bit_or(search_block_bit(s.id)) AS x
                 FROM product_search AS s
                 WHERE s.id = ANY (unsure_ids)
                   AND (s.joined_title LIKE search_joined(pattern) OR s.joined_description LIKE search_joined(pattern))
                 GROUP BY 1) AS v USING (block);
    END $$`.execute(db)
  await keepSearchWordBlocks(triples.KEY_INDEXES, { grams: true, repeats: true }).execute(db)
  await countSearchTerm(triples.KEY_KINDS, { idsFrom: 'bits', grams: true, phrases: true }).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await keepSearchWordBlocks(triples.KEY_INDEXES, { grams: true }).execute(db)
  await countSearchTerm(triples.KEY_KINDS, { idsFrom: 'bits', grams: true }).execute(db)
  await sql`DROP FUNCTION search_phrase_bits(text, text)`.execute(db)
  await sql`DROP TABLE search_pair_repeats`.execute(db)
  await sql`DROP FUNCTION search_repeated_pairs_of(text)`.execute(db)
}
