import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'
import type { SessionAal } from '#db/types.ts'

// Second factors and recovery codes (docs/decisions/048). Secrets arrive here already encrypted, codes already
// hashed: this file never sees either in the clear.

/** Whether the user has a confirmed factor, and whether the site requires one of every panel user. */
export async function getAssurance(db: Executor, userId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(eb.selectFrom('mfa_factors').where('user_id', '=', userId).where('verified_at', 'is not', null))
        .as('has_factor'),
      eb.selectFrom('site_settings').select('require_two_factor').limit(1).as('require_two_factor'),
    ])
    .executeTakeFirstOrThrow()
  return { hasFactor: Boolean(row.has_factor), requireTwoFactor: row.require_two_factor ?? false }
}

/**
 * Serialises changes to one user's factors until the transaction ends (their user row, locked): two forms at
 * once cannot both add a first factor, or both remove the last.
 */
export async function lockUserFactors(trx: Executor, userId: number) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst()
}

/** The user's authenticator-app factor, confirmed or pending. */
export async function findTotpFactor(db: Executor, userId: number) {
  return db
    .selectFrom('mfa_factors')
    .select(['id', 'totp_secret', 'totp_last_step', 'verified_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'totp')
    .executeTakeFirst()
}

/** The same, locked until the transaction ends: two codes checked at once cannot both take one step. */
export async function lockTotpFactor(trx: Executor, userId: number) {
  return trx
    .selectFrom('mfa_factors')
    .select(['id', 'totp_secret', 'totp_last_step', 'verified_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'totp')
    .forUpdate()
    .executeTakeFirst()
}

/** A pending authenticator-app factor for the user, replacing a pending one (a confirmed one is never replaced). */
export async function putPendingTotpFactor(trx: Executor, userId: number, encryptedSecret: string) {
  return trx
    .insertInto('mfa_factors')
    .values({ user_id: userId, type: 'totp', totp_secret: encryptedSecret })
    .onConflict((oc) =>
      oc
        .column('user_id')
        // Written out: Postgres finds the partial unique index (WHERE type = 'totp') when it parses a named
        // statement, before any value is bound (docs/decisions/067).
        .where('type', '=', sql.lit('totp'))
        .doUpdateSet({ totp_secret: encryptedSecret, totp_last_step: null, created_at: sql`now()` })
        .where('mfa_factors.verified_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst()
}

/** Records the step a code was accepted for; `verify` also confirms a pending factor. */
export async function acceptTotpStep(trx: Executor, factorId: number, step: number, { verify = false } = {}) {
  await trx
    .updateTable('mfa_factors')
    .set({
      totp_last_step: step,
      last_used_at: sql`now()`,
      ...(verify ? { verified_at: sql`now()` } : {}),
    })
    .where('id', '=', factorId)
    .execute()
}

export async function deleteFactor(trx: Executor, factorId: number) {
  await trx.deleteFrom('mfa_factors').where('id', '=', factorId).execute()
}

/** Deletes every factor and recovery code of the user; answers how many factors went. */
export async function deleteUserFactors(trx: Executor, userId: number): Promise<number> {
  await deleteRecoveryCodes(trx, userId)
  const result = await trx.deleteFrom('mfa_factors').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteRecoveryCodes(trx: Executor, userId: number) {
  await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute()
}

/** The user's recovery codes become these (hashes): earlier ones stop working. */
export async function replaceRecoveryCodes(trx: Executor, userId: number, hashes: readonly string[]) {
  await deleteRecoveryCodes(trx, userId)
  await trx
    .insertInto('mfa_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute()
}

/** Marks an unused code used; answers whether it was one (a used or unknown code is not). */
export async function useRecoveryCode(trx: Executor, userId: number, hash: string): Promise<boolean> {
  const result = await trx
    .updateTable('mfa_recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Raises a session's assurance level in place. */
export async function setSessionAal(trx: Executor, id: string, aal: SessionAal) {
  await trx.updateTable('sessions').set({ aal }).where('id', '=', id).execute()
}

/** Moves a session to a new id at a new assurance level, keeping its expiry (rotation at the step up). */
export async function rotateSession(trx: Executor, oldId: string, newId: string, aal: SessionAal) {
  const moved = await trx
    .insertInto('sessions')
    .columns(['id', 'user_id', 'kind', 'expires_at', 'aal'])
    .expression((eb) =>
      eb
        .selectFrom('sessions')
        .select((s) => [
          s.val(newId).as('id'),
          'user_id',
          'kind',
          'expires_at',
          sql<SessionAal>`${aal}::session_aal`.as('aal'),
        ])
        .where('id', '=', oldId),
    )
    .executeTakeFirst()
  await trx.deleteFrom('sessions').where('id', '=', oldId).execute()
  return Number(moved.numInsertedOrUpdatedRows ?? 0) === 1
}
