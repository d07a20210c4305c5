import { sql, type Kysely, type RawBuilder } from 'kysely'
import { SEARCH_IDS_LIMIT, SEARCH_TERMS_KEPT } from './20261125000000_listing_counts.ts'

/**
 * First counts that read a narrow table (docs/decisions/059). A term's first search counted it on `products`
 * (decision 031): a trigram scan of the wide table, or a sequential scan of all of it for a common word, whose
 * trigram indexes a bulk write left with long GIN pending lists.
 *
 * - `product_search`: the visible products' search texts and nothing else, with the trigram indexes that
 *   searches use. Kept by triggers on `products` in the same transaction as the write: statement triggers for
 *   inserts, deletes and TRUNCATE (one statement for a bulk write), and a row trigger for updates that only fires
 *   when a title, description or visibility is set and changed, so a price refresh, which rewrites every row of
 *   `products`, never touches it.
 * - The texts are kept joined (`search_joined`): lower-cased, with each space as "Q". pg_trgm splits words at
 *   spaces and ignores case, so it reads "golden myla" as two words, and found every product with both anywhere
 *   (100,000 candidates at 1M products, all read, none matching); joined, "nQm" is a trigram ("nqm") that only
 *   the two side by side have. A lower-cased text has no "Q", so LIKE on the joined text and the joined pattern
 *   matches exactly what LIKE on the text and the pattern does.
 * - The writes that fill the indexes' GIN pending lists (fast for a bulk insert) empty them before they commit
 *   (`gin_clean_pending_list`), so no reader scans a pending list. `fastupdate = off` was measured 12 times
 *   slower for a bulk insert of 100,000 products.
 * - `products` loses its trigram indexes: nothing reads them any more (the admin's search ORs columns without
 *   one), and every update of a product, a price included, added each of its trigrams to them.
 * - `count_search_term` counts on `product_search`, with JIT off (its cost estimate for a common word starts a
 *   compilation that takes longer than the count).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_joined(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT translate($1, ' ', 'Q') $$`.execute(db)
  await sql`
    CREATE TABLE product_search (
      id                 integer PRIMARY KEY, -- products.id of a visible product
      joined_title       text NOT NULL,       -- search_joined(products.search_title)
      joined_description text NOT NULL        -- search_joined(products.search_description)
    )`.execute(db)
  await sql`
    INSERT INTO product_search (id, joined_title, joined_description)
    SELECT id, search_joined(search_title), search_joined(search_description) FROM products WHERE NOT soft_hidden`.execute(
    db,
  )
  for (const column of ['joined_title', 'joined_description']) {
    await sql`
      CREATE INDEX ${sql.id(`product_search_${column}_trgm_idx`)} ON product_search
      USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(db)
  }
  await sql`ANALYZE product_search`.execute(db)

  // The pending lists an insert, or the row triggers of an update, filled are emptied into the indexes in bulk
  // before the statement ends (decision 059).
  await sql`
    CREATE FUNCTION keep_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE product_search;
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM product_search s USING old_rows o WHERE s.id = o.id AND NOT o.soft_hidden;
      ELSE
        IF TG_OP = 'INSERT' THEN
          INSERT INTO product_search (id, joined_title, joined_description)
          SELECT id, search_joined(search_title), search_joined(search_description) FROM new_rows WHERE NOT soft_hidden;
        END IF;
        PERFORM gin_clean_pending_list('product_search_joined_title_trgm_idx'),
                gin_clean_pending_list('product_search_joined_description_trgm_idx');
      END IF;
      RETURN NULL;
    END $$`.execute(db)
  // Row by row, since a trigger with transition tables cannot name columns: this one runs only for updates
  // that set a search text or the visibility (its WHEN skips those that leave them as they were).
  await sql`
    CREATE FUNCTION keep_product_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.soft_hidden THEN
        DELETE FROM product_search WHERE id = OLD.id;
      ELSE
        INSERT INTO product_search (id, joined_title, joined_description)
        VALUES (NEW.id, search_joined(NEW.search_title), search_joined(NEW.search_description))
        ON CONFLICT (id) DO UPDATE
        SET joined_title = excluded.joined_title, joined_description = excluded.joined_description;
      END IF;
      RETURN NULL;
    END $$`.execute(db)
  await sql`
    CREATE TRIGGER keep_product_search_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION keep_product_search()`.execute(db)
  await sql`
    CREATE TRIGGER keep_product_search_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION keep_product_search()`.execute(db)
  await sql`
    CREATE TRIGGER keep_product_search_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION keep_product_search()`.execute(db)
  await sql`
    CREATE TRIGGER keep_product_search_update AFTER UPDATE OF title, description, soft_hidden ON products
    FOR EACH ROW
    WHEN ((OLD.title, OLD.description, OLD.soft_hidden) IS DISTINCT FROM (NEW.title, NEW.description, NEW.soft_hidden))
    EXECUTE FUNCTION keep_product_search_row()`.execute(db)
  // After the row triggers of the same statement: what they wrote, settled once.
  await sql`
    CREATE TRIGGER keep_product_search_settle AFTER UPDATE OF title, description, soft_hidden ON products
    FOR EACH STATEMENT EXECUTE FUNCTION keep_product_search()`.execute(db)

  for (const index of [
    'products_title_trgm_idx',
    'products_search_title_trgm_idx',
    'products_search_description_trgm_idx',
  ])
    await sql`DROP INDEX ${sql.id(index)}`.execute(db)

  await replaceCountSearchTerm(
    db,
    sql`SET jit = off`,
    // The joined text against the joined pattern: the same matches (up), read through the indexes.
    sql`SELECT p.id, p.joined_title LIKE search_joined(lowered) AS in_title FROM product_search p
        WHERE p.joined_title LIKE search_joined(lowered) OR p.joined_description LIKE search_joined(lowered)`,
  )
}

/** The first count of a term (decision 031), with `options` and its matches found by `matches`. */
async function replaceCountSearchTerm(db: Kysely<unknown>, options: RawBuilder<unknown>, matches: RawBuilder<unknown>) {
  await sql`
    CREATE OR REPLACE FUNCTION count_search_term(wanted_term text, wanted_pattern text) RETURNS SETOF search_terms
    LANGUAGE plpgsql ${options} AS $$
    DECLARE
      lowered constant text := lower(wanted_pattern);
    BEGIN
      LOCK TABLE search_terms_gate IN SHARE MODE;
      RETURN QUERY
      INSERT INTO search_terms (term, pattern, title_matches, rest_matches, title_ids, rest_ids)
      SELECT wanted_term, lowered,
             count(*) FILTER (WHERE in_title), count(*) FILTER (WHERE NOT in_title),
             CASE WHEN count(*) FILTER (WHERE in_title) <= ${sql.lit(SEARCH_IDS_LIMIT)}
                  THEN coalesce(array_agg(id) FILTER (WHERE in_title), '{}') END,
             CASE WHEN count(*) FILTER (WHERE NOT in_title) <= ${sql.lit(SEARCH_IDS_LIMIT)}
                  THEN coalesce(array_agg(id) FILTER (WHERE NOT in_title), '{}') END
      FROM (${matches}) AS m
      ON CONFLICT (term) DO UPDATE SET counted_at = search_terms.counted_at
      RETURNING *;
      -- Every kept term costs each product write a comparison: keep the most recently counted ones.
      IF random() < 0.01 THEN
        DELETE FROM search_terms WHERE term IN (
          SELECT term FROM search_terms ORDER BY counted_at DESC OFFSET ${sql.lit(SEARCH_TERMS_KEPT)});
      END IF;
    END $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceCountSearchTerm(
    db,
    sql``,
    sql`SELECT p.id, p.search_title LIKE lowered AS in_title FROM products p
        WHERE NOT p.soft_hidden AND (p.search_title LIKE lowered OR p.search_description LIKE lowered)`,
  )
  await sql`CREATE INDEX products_title_trgm_idx ON products USING gin (title gin_trgm_ops)`.execute(db)
  for (const column of ['search_title', 'search_description']) {
    await sql`CREATE INDEX ${sql.id(`products_${column}_trgm_idx`)} ON products USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(
      db,
    )
  }
  for (const event of ['insert', 'delete', 'truncate', 'update', 'settle'])
    await sql`DROP TRIGGER ${sql.id(`keep_product_search_${event}`)} ON products`.execute(db)
  await sql`DROP FUNCTION keep_product_search_row()`.execute(db)
  await sql`DROP FUNCTION keep_product_search()`.execute(db)
  await sql`DROP TABLE product_search`.execute(db)
  await sql`DROP FUNCTION search_joined(text)`.execute(db)
}
