import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// Public reads of reviews: only APPROVED ones are ever shown (new reviews wait for moderation).

export async function getApprovedReviewStats(db: Executor, productId: number) {
  const row = await db
    .selectFrom('reviews')
    .select([sql<number>`count(*)::int`.as('count'), sql<string | null>`avg(rating)`.as('average')])
    .where('product_id', '=', productId)
    .where('status', '=', 'APPROVED')
    .executeTakeFirstOrThrow()
  return { count: row.count, average: row.average === null ? 0 : Number(row.average) }
}

export async function listApprovedReviews(db: Executor, productId: number, limit?: number) {
  let query = db
    .selectFrom('reviews')
    .select(['id', 'reviewer_name', 'rating', 'comment', 'helpful_count', 'created_at'])
    .where('product_id', '=', productId)
    .where('status', '=', 'APPROVED')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
  if (limit !== undefined) query = query.limit(limit)
  return query.execute()
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
