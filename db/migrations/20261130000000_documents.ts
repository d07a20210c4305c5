import { sql, type Kysely } from 'kysely'

/**
 * Owners' writing (docs/decisions/052): guides and the information pages, one table of Markdown documents.
 * - `documents`: a guide or a page, by kind and slug. Pages are always published; a guide is a draft, scheduled
 *   (`publish_at` in the future, published by a job then) or published (`published_at`, kept across unpublishing
 *   so datePublished does not move). `revision` counts saves, so a save from a stale form is refused; `text_changed_at`
 *   moves only when the words change (sitemap lastmod, dateModified), never with prices.
 * - `document_revisions`: every save's text and who made it; restoring one is a new save.
 * - `document_embeds`: what a document's directives name (products by ASIN, categories and comparison tables by
 *   slug), written with every save, so "used in" and link health read it as data. By value, not by key: an ASIN
 *   not in the catalogue yet is still recorded, and shows as such.
 * - `document_redirects`: a published guide's earlier slugs, each answering 301 to wherever it lives now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE documents (
      id               serial PRIMARY KEY,
      kind             text NOT NULL CHECK (kind IN ('guide', 'page')),
      slug             text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
      title            text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      eyebrow          text CHECK (length(eyebrow) <= 60),
      summary          text NOT NULL DEFAULT '' CHECK (length(summary) <= 300),
      body             text NOT NULL CHECK (length(body) <= 100000),
      cover_media_id   integer REFERENCES media (id) ON DELETE SET NULL,
      status           text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'published')),
      publish_at       timestamptz,
      published_at     timestamptz,
      last_reviewed_on date,
      seo_title        text CHECK (length(seo_title) <= 70),
      noindex          boolean NOT NULL DEFAULT false,
      revision         integer NOT NULL DEFAULT 1,
      text_changed_at  timestamptz NOT NULL DEFAULT now(),
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (kind, slug),
      CHECK (status <> 'scheduled' OR publish_at IS NOT NULL),
      CHECK (status <> 'published' OR published_at IS NOT NULL),
      CHECK (kind = 'guide' OR status = 'published')
    )`.execute(db)
  await sql`CREATE INDEX documents_published_idx ON documents (kind, published_at DESC, id DESC) WHERE status = 'published'`.execute(
    db,
  )
  await sql`CREATE INDEX documents_scheduled_idx ON documents (publish_at) WHERE status = 'scheduled'`.execute(db)
  await sql`
    CREATE TABLE document_revisions (
      id          serial PRIMARY KEY,
      document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      revision    integer NOT NULL,
      title       text NOT NULL,
      summary     text NOT NULL,
      body        text NOT NULL,
      author_id   integer REFERENCES users (id) ON DELETE SET NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (document_id, revision)
    )`.execute(db)
  await sql`
    CREATE TABLE document_embeds (
      document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      target_type text NOT NULL CHECK (target_type IN ('product', 'category', 'comparison')),
      target      text NOT NULL CHECK (length(target) <= 100),
      PRIMARY KEY (document_id, target_type, target)
    )`.execute(db)
  await sql`CREATE INDEX document_embeds_target_idx ON document_embeds (target_type, target)`.execute(db)
  await sql`
    CREATE TABLE document_redirects (
      kind        text NOT NULL CHECK (kind IN ('guide', 'page')),
      old_slug    text NOT NULL CHECK (length(old_slug) <= 100),
      document_id integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, old_slug)
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE document_redirects`.execute(db)
  await sql`DROP TABLE document_embeds`.execute(db)
  await sql`DROP TABLE document_revisions`.execute(db)
  await sql`DROP TABLE documents`.execute(db)
}
