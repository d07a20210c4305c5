import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// Passkeys and their ceremonies' challenges (docs/decisions/049). A passkey is a row of `mfa_factors` with type
// 'webauthn'; what the library checks (signatures, origins) stays in app/services/passkeys.server.ts.

export type ChallengePurpose = 'register' | 'authenticate' | 'sign-in'

const CHALLENGE_SECONDS = 5 * 60

/** Keeps a challenge for five minutes (and clears expired ones, so the table stays small). */
export async function putChallenge(db: Executor, challenge: string, purpose: ChallengePurpose, userId: number | null) {
  await db
    .deleteFrom('webauthn_challenges')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute()
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge,
      purpose,
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
    })
    .execute()
}

/**
 * Uses up a challenge: true when it was made for this purpose and user and has not expired. Deleted either way,
 * so an answer to it (a replayed assertion included) is accepted at most once.
 */
export async function takeChallenge(db: Executor, challenge: string, purpose: ChallengePurpose, userId: number | null) {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .returning(['purpose', 'user_id', sql<boolean>`expires_at > now()`.as('fresh')])
    .executeTakeFirst()
  return Boolean(row && row.fresh && row.purpose === purpose && row.user_id === userId)
}

/** The random handle the user's passkeys carry, made on first use. */
export async function webauthnUserId(db: Executor, userId: number, fresh: string): Promise<string> {
  const row = await db
    .updateTable('users')
    .set({ webauthn_user_id: sql<string>`coalesce(webauthn_user_id, ${fresh})` })
    .where('id', '=', userId)
    .returning('webauthn_user_id')
    .executeTakeFirstOrThrow()
  return row.webauthn_user_id!
}

const passkeyColumns = [
  'id',
  'user_id',
  'name',
  'webauthn_credential_id',
  'webauthn_public_key',
  'webauthn_counter',
  'webauthn_transports',
  'verified_at',
  'last_used_at',
] as const

/** The user's passkeys, oldest first. */
export async function listPasskeys(db: Executor, userId: number) {
  return db
    .selectFrom('mfa_factors')
    .select(passkeyColumns)
    .where('user_id', '=', userId)
    .where('type', '=', 'webauthn')
    .orderBy('id')
    .execute()
}

/** A passkey by its credential id, locked until the transaction ends (its counter moves once per use). */
export async function lockPasskeyByCredential(trx: Executor, credentialId: string) {
  return trx
    .selectFrom('mfa_factors')
    .select(passkeyColumns)
    .where('type', '=', 'webauthn')
    .where('webauthn_credential_id', '=', credentialId)
    .forUpdate()
    .executeTakeFirst()
}

export async function insertPasskey(
  trx: Executor,
  passkey: {
    userId: number
    name: string
    credentialId: string
    publicKey: Uint8Array
    counter: number
    transports: string[]
    backedUp: boolean
  },
) {
  return trx
    .insertInto('mfa_factors')
    .values({
      user_id: passkey.userId,
      type: 'webauthn',
      name: passkey.name,
      webauthn_credential_id: passkey.credentialId,
      webauthn_public_key: Buffer.from(passkey.publicKey),
      webauthn_counter: passkey.counter,
      webauthn_transports: passkey.transports,
      webauthn_backed_up: passkey.backedUp,
      verified_at: sql<Date>`now()`,
    })
    .onConflict((oc) => oc.column('webauthn_credential_id').doNothing())
    .returning('id')
    .executeTakeFirst()
}

export async function recordPasskeyUse(trx: Executor, factorId: number, counter: number) {
  await trx
    .updateTable('mfa_factors')
    .set({ webauthn_counter: counter, last_used_at: sql<Date>`now()` })
    .where('id', '=', factorId)
    .execute()
}

/** Deletes one of the user's passkeys; answers its name, or null when it was not theirs or is gone. */
export async function deletePasskey(trx: Executor, userId: number, factorId: number) {
  const row = await trx
    .deleteFrom('mfa_factors')
    .where('id', '=', factorId)
    .where('user_id', '=', userId)
    .where('type', '=', 'webauthn')
    .returning('name')
    .executeTakeFirst()
  return row?.name ?? null
}
