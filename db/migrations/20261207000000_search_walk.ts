import { sql, type Kysely } from 'kysely'

/**
 * A common term's page in one statement (docs/decisions/068): the walk of products_newest_idx that decision 035
 * makes the only plan, with the settings that make it so held by the function for its own call. They were a
 * transaction's (BEGIN, set_config, the page, COMMIT): four round trips, now one. Sorting is off as well as
 * bitmap and sequential scans: another index on the visible products (products_kind_idx) would otherwise be read
 * whole and sorted. PL/pgSQL keeps each branch's plan for the connection, and its settings make that plan
 * generic at once. `pattern` is lower-cased already; the groups are those `gathered` reads from product_search
 * (app/models/search.server.ts): title matches, or (`rest`) description matches whose title does not match.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_walk(pattern text, rest boolean, page_limit integer, page_offset integer)
    RETURNS SETOF products LANGUAGE plpgsql STABLE
    SET enable_bitmapscan = off SET enable_seqscan = off SET enable_sort = off SET jit = off
    SET plan_cache_mode = force_generic_plan ROWS 24 AS $$
    BEGIN
      IF rest THEN
        RETURN QUERY SELECT * FROM products p
          WHERE NOT p.soft_hidden AND NOT (p.search_title LIKE pattern) AND p.search_description LIKE pattern
          ORDER BY p.created_at DESC, p.id DESC LIMIT page_limit OFFSET page_offset;
      ELSE
        RETURN QUERY SELECT * FROM products p
          WHERE NOT p.soft_hidden AND p.search_title LIKE pattern
          ORDER BY p.created_at DESC, p.id DESC LIMIT page_limit OFFSET page_offset;
      END IF;
    END $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION search_walk(text, boolean, integer, integer)`.execute(db)
}
