import { sql, type Kysely } from 'kysely'

/**
 * Amazon settings kept in the panel (issue 50, docs/decisions/078):
 * - each enrolled store's Associates tag, one row a store;
 * - the Creators API credentials, one row, the secret sealed (AES-256-GCM, app/lib/secret-box.server.ts);
 * - the API's state as every call found it: the last success, the last refusal (Amazon's code and message),
 *   since when calls are refused, and the last probe made while they are.
 * A value set in the environment wins over the row; an empty table is "nothing set here".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE amazon_store_tags (
      store      text PRIMARY KEY CHECK (store ~ '^[A-Z]{2}$'),
      tag        text NOT NULL CHECK (tag ~ '^[A-Za-z0-9][A-Za-z0-9-]{0,63}$'),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`
    CREATE TABLE amazon_credentials (
      id                boolean PRIMARY KEY DEFAULT true CHECK (id),
      credential_id     text CHECK (length(credential_id) <= 200),
      credential_secret text CHECK (length(credential_secret) <= 2000),
      secret_last_four  text CHECK (length(secret_last_four) <= 4),
      version           text CHECK (version IN ('2.1', '2.2', '2.3', '3.1', '3.2', '3.3')),
      marketplace       text CHECK (length(marketplace) <= 100),
      updated_at        timestamptz NOT NULL DEFAULT now()
    )`.execute(db)
  await sql`
    CREATE TABLE amazon_api_state (
      id              boolean PRIMARY KEY DEFAULT true CHECK (id),
      last_success_at timestamptz,
      last_refusal_at timestamptz,
      refusal_code    text CHECK (length(refusal_code) <= 100),
      refusal_message text CHECK (length(refusal_message) <= 500),
      refused_since   timestamptz,
      last_probe_at   timestamptz
    )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE amazon_api_state`.execute(db)
  await sql`DROP TABLE amazon_credentials`.execute(db)
  await sql`DROP TABLE amazon_store_tags`.execute(db)
}
