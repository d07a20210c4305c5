import { sql, type Kysely } from 'kysely'
import { upSearchTerms } from './20261125000000_listing_counts.ts'
import * as searchCounts from './20261202000000_search_counts.ts'
import * as searchWords from './20261203000000_search_words.ts'
import * as searchWordTriples from './20261204000000_search_word_triples.ts'
import * as searchGrams from './20261205000000_search_grams.ts'
import * as searchPhrases from './20261206000000_search_phrases.ts'
import * as searchWalk from './20261207000000_search_walk.ts'

/**
 * Search is Postgres's full-text search (docs/decisions/083, 084):
 * - shop_english: the english configuration with `unaccent` before the English stemmer, so case, accents and the
 *   usual endings are ignored ("Mylar", "mylár", "bags", "bag" read alike).
 * - products.search_vector, kept by a trigger: the title weighted A, brand and category name B, description,
 *   keywords and spec values C. A category rename rewrites its products' vectors (categories' trigger).
 * - GIN on the vector for words; pg_trgm GIN on title and description for SPEC §5's substring rule.
 * - search_vocabulary: every word of the visible titles and brands, added by a statement trigger (never removed:
 *   a word is checked against the catalogue before a typo is read as it), for the nearest word to a typo.
 *
 * It removes what the substring counts were made of (decisions 031, 059, 061, 063, 065, 066, 068): the kept
 * counts, the search copies and their word, gram and pair tables, the walk, and their triggers and functions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    'count_search_terms_insert',
    'count_search_terms_update',
    'count_search_terms_delete',
    'count_search_terms_truncate',
    'keep_product_search_insert',
    'keep_product_search_update',
    'keep_product_search_delete',
    'keep_product_search_truncate',
    'keep_product_search_settle',
  ]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(trigger)} ON products`.execute(db)
  }
  for (const table of [
    'search_pair_repeats',
    'search_gram_blocks',
    'search_word_blocks',
    'product_search',
    'search_terms_gate',
    'search_terms',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db)
  }
  for (const fn of [
    'search_walk',
    'search_phrase_bits',
    'search_repeated_pairs_of',
    'search_grams_of',
    'search_block_ids',
    'search_block_bit',
    'search_words_of',
    'keep_search_word_blocks',
    'count_search_term_joined',
    'count_search_term',
    'count_search_terms',
    'keep_product_search_row',
    'keep_product_search',
    'search_joined',
    'adjust_ids',
  ]) {
    await sql`DROP FUNCTION IF EXISTS ${sql.id(fn)} CASCADE`.execute(db)
  }
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_title, DROP COLUMN IF EXISTS search_description`.execute(
    db,
  )

  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db)
  await sql`CREATE TEXT SEARCH CONFIGURATION shop_english (COPY = english)`.execute(db)
  await sql`
    ALTER TEXT SEARCH CONFIGURATION shop_english
    ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, english_stem`.execute(
    db,
  )

  // What a product is found by, weighted: the title A, brand and category B, the rest C. Spec values are written
  // as collectors say them: "bag and board", "acid free board", "golden age".
  await sql`
    CREATE FUNCTION product_search_vector(p products, category text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT setweight(to_tsvector('shop_english'::regconfig, p.title), 'A')
          || setweight(to_tsvector('shop_english'::regconfig, concat_ws(' ', p.brand, category)), 'B')
          || setweight(to_tsvector('shop_english'::regconfig, concat_ws(' ',
               p.description,
               array_to_string(p.keywords, ' '),
               translate(p.kind::text, '-', ' '),
               translate(p.material::text, '-', ' '),
               (SELECT string_agg(CASE WHEN era IN ('magazine', 'treasury') THEN era ELSE era || ' age' END, ' ')
                FROM unnest(p.fits) AS era),
               CASE WHEN p.acid_free THEN 'acid free' END,
               CASE WHEN p.buffered THEN 'buffered' END,
               CASE WHEN p.resealable THEN 'resealable' END)), 'C')
    $$`.execute(db)
  // Never empty once written: the default only spares inserts naming it (the trigger writes it).
  await sql`ALTER TABLE products ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''`.execute(db)
  await sql`
    CREATE FUNCTION keep_product_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_vector := product_search_vector(NEW, (SELECT name FROM categories WHERE id = NEW.category_id));
      RETURN NEW;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER keep_product_search_vector_insert BEFORE INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION keep_product_search_vector()`.execute(db)
  // Only when a searched column changed: the nightly refresh rewrites every row, mostly with the same texts.
  await sql`
    CREATE TRIGGER keep_product_search_vector_update BEFORE UPDATE ON products
    FOR EACH ROW WHEN (
      (OLD.title, OLD.brand, OLD.category_id, OLD.description, OLD.keywords, OLD.kind, OLD.material, OLD.fits,
       OLD.acid_free, OLD.buffered, OLD.resealable)
      IS DISTINCT FROM
      (NEW.title, NEW.brand, NEW.category_id, NEW.description, NEW.keywords, NEW.kind, NEW.material, NEW.fits,
       NEW.acid_free, NEW.buffered, NEW.resealable))
    EXECUTE FUNCTION keep_product_search_vector()`.execute(db)
  // A renamed category renames what its products are found by (one UPDATE of its products: decision 083).
  await sql`
    CREATE FUNCTION keep_category_search_vectors() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE products p SET search_vector = product_search_vector(p, NEW.name) WHERE p.category_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER keep_category_search_vectors AFTER UPDATE OF name ON categories
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION keep_category_search_vectors()`.execute(db)
  await sql`
    UPDATE products p
    SET search_vector = product_search_vector(p, (SELECT name FROM categories c WHERE c.id = p.category_id))`.execute(
    db,
  )
  await sql`CREATE INDEX products_search_vector_idx ON products USING gin (search_vector) WHERE NOT soft_hidden`.execute(
    db,
  )
  // SPEC §5's substring rule, as ILIKE on the texts themselves.
  await sql`CREATE INDEX products_title_trgm_idx ON products USING gin (title gin_trgm_ops) WHERE NOT soft_hidden`.execute(
    db,
  )
  await sql`
    CREATE INDEX products_description_trgm_idx ON products USING gin (description gin_trgm_ops)
    WHERE NOT soft_hidden`.execute(db)

  // The words a typo is compared with: those of titles and brands, lower-cased and without accents.
  await sql`
    CREATE TABLE search_vocabulary (
      word text PRIMARY KEY CHECK (length(word) BETWEEN 3 AND 30)
    )`.execute(db)
  await sql`CREATE INDEX search_vocabulary_trgm_idx ON search_vocabulary USING gin (word gin_trgm_ops)`.execute(db)
  await sql`
    CREATE FUNCTION search_words(text) RETURNS SETOF text LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT DISTINCT word FROM regexp_split_to_table(lower(unaccent($1)), '[^[:alnum:]]+') AS word
      WHERE length(word) BETWEEN 3 AND 30 AND word !~ '^[0-9]+$'
    $$`.execute(db)
  // One insert per statement, its words sorted (two writers add shared words in one order, so never deadlock).
  await sql`
    CREATE FUNCTION keep_search_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_vocabulary (word)
      SELECT DISTINCT w FROM new_rows n, search_words(concat_ws(' ', n.title, n.brand)) AS w
      WHERE NOT n.soft_hidden ORDER BY w
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db)
  for (const event of ['INSERT', 'UPDATE'] as const) {
    await sql`
      CREATE TRIGGER ${sql.id(`keep_search_vocabulary_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON products
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_search_vocabulary()`.execute(db)
  }
  await sql`
    INSERT INTO search_vocabulary (word)
    SELECT DISTINCT w FROM products p, search_words(concat_ws(' ', p.title, p.brand)) AS w WHERE NOT p.soft_hidden
    ON CONFLICT DO NOTHING`.execute(db)
}

/**
 * Back to the substring counts, rebuilt by their own migrations' code (their files stay as records): what the
 * migrations before this one expect when they are undone in turn.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS keep_search_vocabulary_insert ON products`.execute(db)
  await sql`DROP TRIGGER IF EXISTS keep_search_vocabulary_update ON products`.execute(db)
  await sql`DROP FUNCTION IF EXISTS keep_search_vocabulary()`.execute(db)
  await sql`DROP FUNCTION IF EXISTS search_words(text)`.execute(db)
  await sql`DROP TABLE IF EXISTS search_vocabulary`.execute(db)
  await sql`DROP TRIGGER IF EXISTS keep_category_search_vectors ON categories`.execute(db)
  await sql`DROP FUNCTION IF EXISTS keep_category_search_vectors()`.execute(db)
  await sql`DROP TRIGGER IF EXISTS keep_product_search_vector_insert ON products`.execute(db)
  await sql`DROP TRIGGER IF EXISTS keep_product_search_vector_update ON products`.execute(db)
  await sql`DROP FUNCTION IF EXISTS keep_product_search_vector()`.execute(db)
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_vector`.execute(db)
  await sql`DROP FUNCTION IF EXISTS product_search_vector(products, text)`.execute(db)
  await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS shop_english`.execute(db)
  // The trigram indexes of title and description are the ones the older migrations drop and make again.
  await upSearchTerms(db)
  for (const migration of [searchCounts, searchWords, searchWordTriples, searchGrams, searchPhrases, searchWalk]) {
    await migration.up(db)
  }
}
