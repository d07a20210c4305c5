import { sql, type Kysely } from 'kysely'

/**
 * Exact counts without counting (docs/decisions/031): "N Products" and "Found N product(s)" are read from
 * small tables that every write to products keeps right, in the same transaction, by statement triggers.
 *
 * - category_listing_counts: visible products per category, price step and rating. The category filters are
 *   a price range in whole steps of 5 and a minimum rating, so any filtered count is a sum over a few hundred
 *   rows of one category, however many products it holds.
 * - search_terms: per search term, how many visible products match it in the title, and how many only in
 *   the description, with their ids while there are few of them. A term is counted once, when first
 *   searched; after that the triggers add and remove the products that writes make match or stop matching.
 *
 * Listings are ordered by indexes that end in the id, so a page reads its 24 rows and stops.
 */

/** Above this many matches a search bucket keeps only its count, and its page is read in index order. */
export const SEARCH_IDS_LIMIT = 1000
/** How many counted terms are kept; each costs every product write one comparison. */
export const SEARCH_TERMS_KEPT = 2000
/** A write that changes more products than this at once drops the search terms instead of adjusting them. */
export const SEARCH_BULK_CHANGE = 200

export async function up(db: Kysely<unknown>): Promise<void> {
  // Listings in index order, each ending in the id that breaks ties, so LIMIT stops the scan. Each also carries
  // the columns the filters test (and the price index what the other orders need), so a page's ids are found
  // in the index alone (index-only scans) and only the page's own rows are read (app/models/product.server.ts).
  await sql`DROP INDEX products_newest_idx`.execute(db)
  await sql`DROP INDEX products_category_newest_idx`.execute(db)
  await sql`DROP INDEX products_category_price_idx`.execute(db)
  await sql`DROP INDEX products_category_rating_idx`.execute(db)
  await sql`CREATE INDEX products_newest_idx ON products (created_at DESC, id DESC) WHERE NOT soft_hidden`.execute(db)
  await sql`
    CREATE INDEX products_category_newest_idx ON products (category_id, created_at DESC, id DESC)
    INCLUDE (manual_price, price, rating) WHERE NOT soft_hidden`.execute(db)
  await sql`
    CREATE INDEX products_category_price_low_idx
    ON products (category_id, (coalesce(manual_price, price)) ASC NULLS LAST, id DESC)
    INCLUDE (created_at, rating, review_count, manual_price, price) WHERE NOT soft_hidden`.execute(db)
  await sql`
    CREATE INDEX products_category_price_high_idx
    ON products (category_id, (coalesce(manual_price, price)) DESC NULLS LAST, id DESC)
    INCLUDE (rating, manual_price, price) WHERE NOT soft_hidden`.execute(db)
  await sql`
    CREATE INDEX products_category_rating_idx ON products (category_id, rating DESC, review_count DESC, id DESC)
    INCLUDE (manual_price, price) WHERE NOT soft_hidden`.execute(db)

  await sql`
    CREATE TABLE category_listing_counts (
      category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
      price_step  integer,          -- floor(effective price / 5); null when the product has no price
      on_step     boolean NOT NULL, -- the price is exactly price_step * 5, so a range ending there includes it
      rating      numeric(2, 1) NOT NULL,
      products    integer NOT NULL,
      UNIQUE NULLS NOT DISTINCT (category_id, price_step, on_step, rating)
    )`.execute(db)
  await sql`
    CREATE FUNCTION count_category_listings() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changes text := CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT p.*, 1 AS delta FROM new_rows p'
        WHEN 'DELETE' THEN 'SELECT p.*, -1 AS delta FROM old_rows p'
        ELSE 'SELECT p.*, 1 AS delta FROM new_rows p UNION ALL SELECT p.*, -1 FROM old_rows p'
      END;
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM category_listing_counts;
        RETURN NULL;
      END IF;
      -- Ordered, so concurrent writers lock the count rows in the same order and cannot deadlock.
      EXECUTE format($sql$
        INSERT INTO category_listing_counts AS c (category_id, price_step, on_step, rating, products)
        SELECT category_id, floor(price / 5)::int, coalesce(price %% 5 = 0, false), rating, sum(delta)
        FROM (SELECT category_id, coalesce(manual_price, price) AS price, rating, delta
              FROM (%s) AS changed WHERE NOT soft_hidden AND category_id IS NOT NULL) AS rows
        GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
        ON CONFLICT (category_id, price_step, on_step, rating)
        DO UPDATE SET products = c.products + excluded.products
      $sql$, changes);
      RETURN NULL;
    END $$`.execute(db)

  await countChanges(db, 'count_category_listings')
  await sql`
    INSERT INTO category_listing_counts (category_id, price_step, on_step, rating, products)
    SELECT category_id, floor(price / 5)::int, coalesce(price % 5 = 0, false), rating, count(*)
    FROM (SELECT category_id, coalesce(manual_price, price) AS price, rating FROM products
          WHERE NOT soft_hidden AND category_id IS NOT NULL) AS visible
    GROUP BY 1, 2, 3, 4`.execute(db)
  await upSearchTerms(db)
}

/**
 * The search counts' part of this migration (search_terms and what keeps it): a function of its own so that
 * 20261214000000_full_text_search, which removes them, can put them back when it is undone.
 */
export async function upSearchTerms(db: Kysely<unknown>): Promise<void> {
  // Search compares lower-cased copies with LIKE: exactly what ILIKE does (it lower-cases both sides, per
  // comparison), done once per write instead of once per row per search. Three to ten times faster to count.
  await sql`
    ALTER TABLE products
      ADD COLUMN search_title text GENERATED ALWAYS AS (lower(title)) STORED,
      ADD COLUMN search_description text GENERATED ALWAYS AS (lower(coalesce(description, ''))) STORED`.execute(db)
  await sql`DROP INDEX products_description_trgm_idx`.execute(db)
  await sql`CREATE INDEX products_search_title_trgm_idx ON products USING gin (search_title gin_trgm_ops)`.execute(db)
  await sql`CREATE INDEX products_search_description_trgm_idx ON products USING gin (search_description gin_trgm_ops)`.execute(
    db,
  )
  await sql`
    CREATE TABLE search_terms (
      term          text PRIMARY KEY,
      pattern       text NOT NULL, -- the lower-cased LIKE pattern the term was counted with
      title_matches integer NOT NULL,
      rest_matches  integer NOT NULL, -- description matches whose title does not match
      title_ids     integer[],        -- the title matches' ids; null above the limit
      rest_ids      integer[],
      counted_at    timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  // Never holds a row: a writer takes ROW EXCLUSIVE on it, a term being counted SHARE (decision 031).
  await sql`CREATE TABLE search_terms_gate ()`.execute(db)
  await sql`
    CREATE FUNCTION adjust_ids(ids integer[], removed integer[], added integer[]) RETURNS integer[]
    LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN ids IS NOT NULL THEN (  -- null: too many to keep, and it stays so
        SELECT coalesce(array_agg(id), '{}') FROM (
          SELECT id FROM unnest(ids) AS id WHERE id <> ALL (coalesce(removed, '{}'))
          UNION SELECT unnest(added)
        ) AS kept)
      END
    $$`.execute(db)
  await sql`
    CREATE FUNCTION count_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      differs constant text := '(n.title, n.description, n.soft_hidden) IS DISTINCT FROM (o.title, o.description, o.soft_hidden)';
      changes text := CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT id, search_title, search_description, soft_hidden, 1 AS delta FROM new_rows'
        WHEN 'DELETE' THEN 'SELECT id, search_title, search_description, soft_hidden, -1 AS delta FROM old_rows'
        ELSE 'SELECT n.id, n.search_title, n.search_description, n.soft_hidden, 1 AS delta FROM new_rows n '
          || 'JOIN old_rows o USING (id) WHERE ' || differs || ' UNION ALL SELECT o.id, o.search_title, '
          || 'o.search_description, o.soft_hidden, -1 FROM old_rows o '
          || 'JOIN new_rows n USING (id) WHERE ' || differs
      END;
      changed integer;
    BEGIN
      LOCK TABLE search_terms_gate IN ROW EXCLUSIVE MODE;
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM search_terms;
        RETURN NULL;
      END IF;
      IF NOT EXISTS (SELECT FROM search_terms) THEN
        RETURN NULL;
      END IF;
      EXECUTE format('SELECT count(*) FROM (%s) AS changed', changes) INTO changed;
      IF changed = 0 THEN
        RETURN NULL;
      END IF;
      IF changed > ${sql.lit(SEARCH_BULK_CHANGE)} THEN
        DELETE FROM search_terms;
        RETURN NULL;
      END IF;
      EXECUTE format($sql$
        WITH matches AS (
          SELECT t.term, c.id, c.delta, c.search_title LIKE t.pattern AS in_title,
                 c.search_title NOT LIKE t.pattern AND c.search_description LIKE t.pattern AS in_rest
          FROM search_terms t CROSS JOIN (%s) AS c
          WHERE NOT c.soft_hidden
        ), deltas AS (
          SELECT term,
                 coalesce(sum(delta) FILTER (WHERE in_title), 0) AS title_delta,
                 coalesce(sum(delta) FILTER (WHERE in_rest), 0) AS rest_delta,
                 array_agg(id) FILTER (WHERE in_title AND delta > 0) AS title_added,
                 array_agg(id) FILTER (WHERE in_title AND delta < 0) AS title_removed,
                 array_agg(id) FILTER (WHERE in_rest AND delta > 0) AS rest_added,
                 array_agg(id) FILTER (WHERE in_rest AND delta < 0) AS rest_removed
          FROM matches WHERE in_title OR in_rest GROUP BY term ORDER BY term
        )
        UPDATE search_terms t SET
          title_matches = t.title_matches + d.title_delta,
          rest_matches = t.rest_matches + d.rest_delta,
          title_ids = adjust_ids(t.title_ids, d.title_removed, d.title_added),
          rest_ids = adjust_ids(t.rest_ids, d.rest_removed, d.rest_added)
        FROM deltas d WHERE t.term = d.term
      $sql$, changes);
      -- A bucket that grew past the limit keeps only its count; one that shrank far below it is counted
      -- afresh on its next search, so its ids come back.
      UPDATE search_terms SET title_ids = CASE WHEN title_matches > ${sql.lit(SEARCH_IDS_LIMIT)} THEN NULL ELSE title_ids END,
                              rest_ids = CASE WHEN rest_matches > ${sql.lit(SEARCH_IDS_LIMIT)} THEN NULL ELSE rest_ids END
      WHERE title_matches > ${sql.lit(SEARCH_IDS_LIMIT)} AND title_ids IS NOT NULL
         OR rest_matches > ${sql.lit(SEARCH_IDS_LIMIT)} AND rest_ids IS NOT NULL;
      DELETE FROM search_terms
      WHERE title_ids IS NULL AND title_matches <= ${sql.lit(SEARCH_IDS_LIMIT / 2)}
         OR rest_ids IS NULL AND rest_matches <= ${sql.lit(SEARCH_IDS_LIMIT / 2)};
      RETURN NULL;
    END $$`.execute(db)

  // Counts a term the first time it is searched. The gate makes the count and the writes line up: it waits
  // for writers that have changed products to commit (so it sees them), and writers that come later wait
  // until the term's row exists (so their trigger adjusts it).
  await sql`
    CREATE FUNCTION count_search_term(wanted_term text, wanted_pattern text) RETURNS SETOF search_terms
    LANGUAGE plpgsql AS $$
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
      FROM (SELECT p.id, p.search_title LIKE lowered AS in_title FROM products p
            WHERE NOT p.soft_hidden AND (p.search_title LIKE lowered OR p.search_description LIKE lowered)) AS m
      ON CONFLICT (term) DO UPDATE SET counted_at = search_terms.counted_at
      RETURNING *;
      -- Every kept term costs each product write a comparison: keep the most recently counted ones.
      IF random() < 0.01 THEN
        DELETE FROM search_terms WHERE term IN (
          SELECT term FROM search_terms ORDER BY counted_at DESC OFFSET ${sql.lit(SEARCH_TERMS_KEPT)});
      END IF;
    END $$`.execute(db)

  await countChanges(db, 'count_search_terms')
}

/** The statement triggers that hand a function every change to products. */
async function countChanges(db: Kysely<unknown>, fn: string): Promise<void> {
  await sql`
    CREATE TRIGGER ${sql.id(`${fn}_insert`)} AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(db)
  await sql`
    CREATE TRIGGER ${sql.id(`${fn}_update`)} AFTER UPDATE ON products
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(db)
  await sql`
    CREATE TRIGGER ${sql.id(`${fn}_delete`)} AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(db)
  await sql`
    CREATE TRIGGER ${sql.id(`${fn}_truncate`)} AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION ${sql.id(fn)}()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of ['count_category_listings', 'count_search_terms']) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`${fn}_${event}`)} ON products`.execute(db)
    }
    await sql`DROP FUNCTION IF EXISTS ${sql.id(fn)}()`.execute(db)
  }
  await sql`DROP FUNCTION IF EXISTS count_search_term(text, text)`.execute(db)
  await sql`DROP FUNCTION IF EXISTS adjust_ids(integer[], integer[], integer[])`.execute(db)
  for (const table of ['search_terms_gate', 'search_terms', 'category_listing_counts']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db)
  }
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS search_title, DROP COLUMN IF EXISTS search_description`.execute(
    db,
  )
  await sql`CREATE INDEX products_description_trgm_idx ON products USING gin (description gin_trgm_ops)`.execute(db)
  for (const index of [
    'products_category_rating_idx',
    'products_category_price_high_idx',
    'products_category_price_low_idx',
    'products_category_newest_idx',
    'products_newest_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db)
  }
  await sql`CREATE INDEX products_newest_idx ON products (created_at DESC) WHERE NOT soft_hidden`.execute(db)
  await sql`CREATE INDEX products_category_newest_idx ON products (category_id, created_at DESC) WHERE NOT soft_hidden`.execute(
    db,
  )
  await sql`CREATE INDEX products_category_price_idx ON products (category_id, (coalesce(manual_price, price))) WHERE NOT soft_hidden`.execute(
    db,
  )
  await sql`CREATE INDEX products_category_rating_idx ON products (category_id, rating DESC) WHERE NOT soft_hidden`.execute(
    db,
  )
}
