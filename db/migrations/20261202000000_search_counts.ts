import { sql, type Kysely, type RawBuilder } from 'kysely'
import { SEARCH_IDS_LIMIT, SEARCH_TERMS_KEPT } from './20261125000000_listing_counts.ts'

/**
 * First counts that read a narrow table (docs/decisions/059). A term's first search counted it on `products`
 * (decision 031): a trigram scan of the wide table, or a sequential scan of all of it for a common word, whose
 * trigram indexes a bulk write left with long GIN pending lists.
 *
 * - `product_search`: the visible products' lower-cased title and description, and nothing else, with the
 *   trigram indexes that searches use. Kept by triggers on `products` in the same transaction as the write:
 *   statement triggers for inserts, deletes and TRUNCATE (one statement for a bulk write), and a row trigger for
 *   updates that only fires when a title, description or visibility is set and changed, so a price refresh,
 *   which rewrites every row of `products`, never touches it.
 * - Its trigram indexes are of `search_joined(text)`: the text with its spaces as "q", which pg_trgm takes for a
 *   letter, so trigrams span words ("en my" gives "nqm"). pg_trgm splits words at spaces, so for "golden myla"
 *   it found every product with both words anywhere (100,000 candidates at 1M products, all read, none
 *   matching); across the space, only those with the two side by side. Joining is a superset filter (a
 *   text that contains the term contains it joined), so the plain LIKE on the text stays, and decides.
 * - `fastupdate` off on those indexes: no pending list, so no write leaves one for a reader to scan.
 *   Writes that change search texts are few (an edit, a product shown); a bulk load pays per row.
 * - `products` loses its trigram indexes: nothing reads them any more (the admin's search ORs columns without
 *   one), and every update of a product, a price included, added each of its trigrams to them.
 * - `count_search_term` counts on `product_search`, with JIT off (its cost estimate for a common word starts a
 *   compilation that takes longer than the count).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE product_search (
      id                 integer PRIMARY KEY, -- products.id of a visible product
      search_title       text NOT NULL,       -- products.search_title
      search_description text NOT NULL        -- products.search_description
    )`.execute(db)
  await sql`
    INSERT INTO product_search (id, search_title, search_description)
    SELECT id, search_title, search_description FROM products WHERE NOT soft_hidden`.execute(db)
  await sql`
    CREATE FUNCTION search_joined(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT translate($1, ' ', 'q') $$`.execute(db)
  for (const column of ['search_title', 'search_description']) {
    await sql`
      CREATE INDEX ${sql.id(`product_${column}_trgm_idx`)} ON product_search
      USING gin (search_joined(${sql.ref(column)}) gin_trgm_ops) WITH (fastupdate = off)`.execute(db)
  }
  await sql`ANALYZE product_search`.execute(db)

  await sql`
    CREATE FUNCTION keep_product_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE product_search;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO product_search (id, search_title, search_description)
        SELECT id, search_title, search_description FROM new_rows WHERE NOT soft_hidden;
      ELSE
        DELETE FROM product_search s USING old_rows o WHERE s.id = o.id AND NOT o.soft_hidden;
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
        INSERT INTO product_search (id, search_title, search_description)
        VALUES (NEW.id, NEW.search_title, NEW.search_description)
        ON CONFLICT (id) DO UPDATE
        SET search_title = excluded.search_title, search_description = excluded.search_description;
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

  for (const index of [
    'products_title_trgm_idx',
    'products_search_title_trgm_idx',
    'products_search_description_trgm_idx',
  ])
    await sql`DROP INDEX ${sql.id(index)}`.execute(db)

  await replaceCountSearchTerm(
    db,
    sql`SET jit = off`,
    // A row matches when its joined text matches the joined pattern (what the index finds) and the text the
    // pattern: joining can only add matches, never lose one.
    sql`SELECT p.id, p.search_title LIKE lowered AS in_title FROM product_search p
        WHERE search_joined(p.search_title) LIKE search_joined(lowered) AND p.search_title LIKE lowered
           OR search_joined(p.search_description) LIKE search_joined(lowered) AND p.search_description LIKE lowered`,
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
  for (const event of ['insert', 'delete', 'truncate', 'update'])
    await sql`DROP TRIGGER ${sql.id(`keep_product_search_${event}`)} ON products`.execute(db)
  await sql`DROP FUNCTION keep_product_search_row()`.execute(db)
  await sql`DROP FUNCTION keep_product_search()`.execute(db)
  await sql`DROP TABLE product_search`.execute(db)
  await sql`DROP FUNCTION search_joined(text)`.execute(db)
}
