import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// Double opt-in: a signup is pending until its e-mailed link is followed; only confirmed subscribers get mail.

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Records a signup and returns the confirmation token to mail, or null when the address is already
 * confirmed or signed up in the last minute (nothing to send). The caller answers the same either way, so no
 * one learns who subscribed.
 */
export async function requestSubscription(db: Executor, email: string): Promise<{ id: number; token: string } | null> {
  const token = randomBytes(32).toString('base64url')
  const row = await db
    .insertInto('subscribers')
    .values({ email, status: 'pending', token_hash: hashToken(token) })
    .onConflict((oc) =>
      oc
        .expression(sql`lower(email)`)
        .doUpdateSet({ status: 'pending', token_hash: hashToken(token), unsubscribed_at: null })
        .where('subscribers.status', '!=', 'confirmed')
        // A signup sent twice at once (Enter pressed twice without JavaScript) keeps the first link: a second
        // would replace its token, and the first mail's link would no longer work.
        .where(
          sql<boolean>`NOT (subscribers.status = 'pending' AND subscribers.created_at > now() - interval '1 minute')`,
        ),
    )
    .returning('id')
    .executeTakeFirst()
  return row ? { id: row.id, token } : null
}

/** Confirms the signup a token belongs to; false for an unknown or already used token. */
export async function confirmSubscription(db: Executor, token: string): Promise<boolean> {
  const row = await db
    .updateTable('subscribers')
    .set({ status: 'confirmed', confirmed_at: new Date(), token_hash: null })
    .where('token_hash', '=', hashToken(token))
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst()
  return Boolean(row)
}

export async function unsubscribe(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: new Date(), token_hash: null })
    .where('id', '=', id)
    .execute()
}

export function findSubscriberByEmail(db: Executor, email: string) {
  return db
    .selectFrom('subscribers')
    .select(['id', 'email', 'status'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
}

/** Confirmed subscribers after `afterId`, in id order: one page of a mailing, so a large list is never loaded whole. */
export function listConfirmedSubscribers(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom('subscribers')
    .select(['id', 'email'])
    .where('status', '=', 'confirmed')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}
