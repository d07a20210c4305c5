import { sql } from 'kysely'
import type { Transaction } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database, Executor } from '#db/client.ts'

// Public reads of reviews: only APPROVED ones are ever shown (new reviews wait for moderation).

/**
 * A product page's reviews in one query: the approved count and average, and the newest `limit` of them.
 * (Two reads would cost a second round trip on every product page: docs/performance-log/2026-11-24.md.)
 */
export async function getApprovedReviewSummary(db: Executor, productId: number, limit: number) {
  const row = await db
    .selectFrom('reviews')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<string | null>`avg(rating)`.as('average'),
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('reviews')
            .where('product_id', '=', productId)
            .where('status', '=', 'APPROVED')
            .select(['id', 'reviewer_name', 'rating', 'comment', 'helpful_count', 'created_at'])
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit),
        ).as('latest'),
    ])
    .where('product_id', '=', productId)
    .where('status', '=', 'APPROVED')
    .executeTakeFirstOrThrow()
  return {
    stats: { count: row.count, average: row.average === null ? 0 : Number(row.average) },
    // JSON carries the timestamps as text.
    reviews: row.latest.map((review) => ({ ...review, created_at: new Date(review.created_at) })),
  }
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
