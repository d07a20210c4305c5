import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// The reviews page's sign-in links and the review drafts they carry (see the migration's comment).

export interface ReviewDraft {
  nickname: string
  rating: number
  comment: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// A draft is offered for a day after its link was followed, then forgotten.
const DRAFT_LIFETIME = sql<Date>`now() - interval '1 day'`

export async function createSignInLink(
  db: Executor,
  link: ReviewDraft & { email: string; productId: number; expiresAt: Date },
): Promise<string> {
  await db.deleteFrom('review_sign_in_links').where('created_at', '<', DRAFT_LIFETIME).execute()
  const row = await db
    .insertInto('review_sign_in_links')
    .values({
      email: link.email,
      product_id: link.productId,
      nickname: link.nickname,
      rating: link.rating,
      comment: link.comment,
      expires_at: link.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Marks the link used, once: a second use, another address, or an expired link finds nothing. Answers the
 * product the review is for.
 */
export async function useSignInLink(db: Executor, id: string, email: string) {
  if (!UUID.test(id)) return undefined
  return db
    .updateTable('review_sign_in_links')
    .from('products')
    .set({ used_at: sql`now()` })
    .whereRef('products.id', '=', 'review_sign_in_links.product_id')
    .where('review_sign_in_links.id', '=', id)
    .where(sql`lower(review_sign_in_links.email)`, '=', email.toLowerCase())
    .where('review_sign_in_links.used_at', 'is', null)
    .where('review_sign_in_links.expires_at', '>', sql<Date>`now()`)
    .returning(['products.asin'])
    .executeTakeFirst()
}

/** What the reviewer typed before following their link to this product's page, if it is still waiting. */
export async function findReviewDraft(
  db: Executor,
  email: string,
  productId: number,
): Promise<ReviewDraft | undefined> {
  return db
    .selectFrom('review_sign_in_links')
    .select(['nickname', 'rating', 'comment'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('product_id', '=', productId)
    .where('used_at', 'is not', null)
    .where('created_at', '>', DRAFT_LIFETIME)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function deleteReviewDrafts(db: Executor, email: string, productId: number): Promise<void> {
  await db
    .deleteFrom('review_sign_in_links')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('product_id', '=', productId)
    .execute()
}
