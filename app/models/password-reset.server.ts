import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// Password-reset (and set-password) links: the mail carries a random token, the table only its SHA-256, so
// a copy of the database opens no account. A link works once, until it expires.

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A new link for the user, valid for `lifetimeSeconds`; answers the token to mail. It replaces the user's
 * earlier links, so only the newest mail works.
 */
export async function createPasswordResetToken(db: Executor, userId: number, lifetimeSeconds: number) {
  const token = randomBytes(32).toString('base64url')
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute()
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: sql<Date>`now() + make_interval(secs => ${lifetimeSeconds})`,
    })
    .execute()
  return token
}

/** The user a link is for, when it exists, is unused and has not expired. */
export async function findUsablePasswordResetToken(db: Executor, token: string) {
  if (!TOKEN_FORMAT.test(token)) return undefined
  return db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['password_reset_tokens.id', 'users.id as user_id', 'users.email'])
    .where('password_reset_tokens.token_hash', '=', hashToken(token))
    .where('password_reset_tokens.used_at', 'is', null)
    .where('password_reset_tokens.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst()
}

/**
 * Marks a usable link used and answers its user; undefined when it is not usable. The row is locked until
 * the transaction ends, so two submissions of the same link cannot both succeed. Call inside a transaction.
 */
export async function consumePasswordResetToken(trx: Executor, token: string) {
  if (!TOKEN_FORMAT.test(token)) return undefined
  const row = await trx
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst()
  if (!row) return undefined
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: sql`now()` })
    .where('id', '=', row.id)
    .execute()
  // Any other link of the same user dies with this one.
  await trx.deleteFrom('password_reset_tokens').where('user_id', '=', row.user_id).where('id', '!=', row.id).execute()
  return { user_id: row.user_id }
}

export async function deletePasswordResetTokens(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute()
}
