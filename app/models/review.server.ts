import { sql, type ExpressionBuilder, type Transaction } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database, Executor } from '#db/client.ts'
import type { Products } from '#db/types.ts'

// Public reads of reviews: only APPROVED ones are ever shown (new reviews wait for moderation).

/**
 * A product page's reviews, read in the statement that reads its product (`p`, getProductPage): the approved
 * count and average, and the newest `limit` of them. Each statement is a round trip on every product page, dear
 * on both sides (docs/decisions/068).
 */
export function approvedReviewSummary(eb: ExpressionBuilder<Database & { p: Products }, 'p'>, limit: number) {
  const approved = () =>
    eb.selectFrom('reviews as r').whereRef('r.product_id', '=', 'p.id').where('r.status', '=', 'APPROVED')
  return [
    approved()
      .select(sql<number>`count(*)::int`.as('count'))
      .as('review_count_approved'),
    approved()
      .select(sql<string | null>`avg(r.rating)`.as('average'))
      .as('review_average'),
    jsonArrayFrom(
      approved()
        .select(['r.id', 'r.reviewer_name', 'r.rating', 'r.comment', 'r.helpful_count', 'r.created_at'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit),
    ).as('latest_reviews'),
  ] as const
}

export function listApprovedReviews(db: Executor, productId: number) {
  return db
    .selectFrom('reviews')
    .select(['id', 'reviewer_name', 'rating', 'comment', 'helpful_count', 'created_at'])
    .where('product_id', '=', productId)
    .where('status', '=', 'APPROVED')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

export type PublicReview = Awaited<ReturnType<typeof listApprovedReviews>>[number]

/** A visitor's review (product dialog, or a signed-in reviewer's from the reviews page): PENDING until approved. */
export async function createPendingReview(
  db: Executor,
  review: { productId: number; reviewerName: string; rating: number; comment: string | null; userId?: number },
) {
  return db
    .insertInto('reviews')
    .values({
      product_id: review.productId,
      reviewer_name: review.reviewerName,
      rating: review.rating,
      comment: review.comment,
      user_id: review.userId ?? null,
      status: 'PENDING',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/**
 * createPendingReview, unless the same review (product, name, rating, comment) came in the last minute: one form
 * sent twice (Enter pressed twice fast without JavaScript, and the browser posts it twice) stays one review. The
 * lock, held to the end of `trx`, makes two such requests take turns.
 */
export async function createPendingReviewOnce(
  trx: Transaction<Database>,
  review: Parameters<typeof createPendingReview>[1],
) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`review:${review.productId}:${review.reviewerName}`}))`.execute(trx)
  const same = await trx
    .selectFrom('reviews')
    .select('id')
    .where('product_id', '=', review.productId)
    .where('reviewer_name', '=', review.reviewerName)
    .where('rating', '=', review.rating)
    .where((eb) => (review.comment === null ? eb('comment', 'is', null) : eb('comment', '=', review.comment)))
    .where('status', '=', 'PENDING')
    .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
    .executeTakeFirst()
  return same ?? createPendingReview(trx, review)
}
