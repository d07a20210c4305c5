import { sql, type Kysely } from 'kysely'

/**
 * A sign-in link sent from the reviews page, and the review the visitor typed before asking for it: the
 * link itself only carries this row's id, so the draft stays on the server and the link works once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE review_sign_in_links (
      id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email      text NOT NULL CHECK (position('@' in email) > 1 AND length(email) <= 254),
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      nickname   text NOT NULL CHECK (length(nickname) <= 50),
      rating     smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      comment    text NOT NULL CHECK (length(comment) <= 1000),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at    timestamptz
    )`.execute(db)
  await sql`CREATE INDEX review_sign_in_links_email_idx ON review_sign_in_links (lower(email), product_id, created_at DESC)`.execute(
    db,
  )
  await sql`CREATE INDEX review_sign_in_links_created_at_idx ON review_sign_in_links (created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS review_sign_in_links`.execute(db)
}
