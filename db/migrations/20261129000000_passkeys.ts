import { sql, type Kysely } from 'kysely'

/**
 * Passkeys (WebAuthn) for the panel (docs/decisions/049):
 * - `mfa_factors` rows of type 'webauthn': one per passkey, with its credential id, public key (COSE), signature
 *   counter, transports and a name its owner gave it. A passkey row exists only once registered (verified).
 * - `users.webauthn_user_id`: the random user handle the user's passkeys carry (never the database id), made at
 *   the first registration, so an authenticator keeps one passkey per user of this site.
 * - `webauthn_challenges`: each ceremony's challenge, good once and for five minutes, bound to the user it was
 *   made for (none for a sign-in with a passkey alone) and to its purpose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mfa_factors
      ADD COLUMN name text CHECK (length(name) <= 60),
      ADD COLUMN webauthn_credential_id text UNIQUE CHECK (length(webauthn_credential_id) <= 1400),
      ADD COLUMN webauthn_public_key bytea CHECK (length(webauthn_public_key) <= 4096),
      ADD COLUMN webauthn_counter bigint,
      ADD COLUMN webauthn_transports text[] NOT NULL DEFAULT '{}',
      ADD COLUMN webauthn_backed_up boolean,
      ADD CONSTRAINT mfa_factors_webauthn_check CHECK (
        type <> 'webauthn'
        OR (webauthn_credential_id IS NOT NULL AND webauthn_public_key IS NOT NULL
            AND webauthn_counter IS NOT NULL AND verified_at IS NOT NULL AND name IS NOT NULL)
      )`.execute(db)
  await sql`ALTER TABLE users ADD COLUMN webauthn_user_id text UNIQUE CHECK (length(webauthn_user_id) <= 100)`.execute(
    db,
  )
  await sql`
    CREATE TABLE webauthn_challenges (
      challenge  text PRIMARY KEY CHECK (length(challenge) <= 100),
      purpose    text NOT NULL CHECK (purpose IN ('register', 'authenticate', 'sign-in')),
      user_id    integer REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      CHECK ((purpose = 'sign-in') = (user_id IS NULL))
    )`.execute(db)
  await sql`CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE webauthn_challenges`.execute(db)
  await sql`ALTER TABLE users DROP COLUMN webauthn_user_id`.execute(db)
  await sql`
    ALTER TABLE mfa_factors
      DROP CONSTRAINT mfa_factors_webauthn_check,
      DROP COLUMN webauthn_backed_up,
      DROP COLUMN webauthn_transports,
      DROP COLUMN webauthn_counter,
      DROP COLUMN webauthn_public_key,
      DROP COLUMN webauthn_credential_id,
      DROP COLUMN name`.execute(db)
}
