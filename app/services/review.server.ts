import { invariantResponse } from '@epic-web/invariant'
import { getVisibleProductSummary } from '#app/models/product.server.ts'
import { deleteReviewDrafts, type ReviewDraft } from '#app/models/review-sign-in-link.server.ts'
import { createPendingReviewOnce } from '#app/models/review.server.ts'
import { isAsin } from '#app/utils/asin.ts'
import { db } from '#db/client.ts'

// Visitors' reviews (SPEC §5): stored PENDING and shown only once approved, so writing one changes no cached
// page. The product dialog takes anyone's; the reviews page a signed-in reviewer's.

/** The visible product a review is about: 404 for an unknown, hidden or malformed ASIN. */
export async function requireReviewedProduct(asin: string | undefined) {
  const product = asin && isAsin(asin) ? await getVisibleProductSummary(db, asin) : undefined
  invariantResponse(product, 'Product not found.', { status: 404 })
  return product
}

/** The product dialog's review: the name as given, an empty comment as none. */
export async function submitDialogReview(
  productId: number,
  review: { reviewer_name: string; rating: number; comment: string },
) {
  await db.transaction().execute((trx) =>
    createPendingReviewOnce(trx, {
      productId,
      reviewerName: review.reviewer_name,
      rating: review.rating,
      comment: review.comment || null,
    }),
  )
}

/** A signed-in reviewer's review, posted under their nickname; the draft their sign-in link kept is done. */
export async function postReviewerReview(
  reviewer: { userId: number; email: string },
  productId: number,
  review: ReviewDraft,
) {
  await db.transaction().execute(async (trx) => {
    await createPendingReviewOnce(trx, {
      productId,
      userId: reviewer.userId,
      reviewerName: review.nickname,
      rating: review.rating,
      comment: review.comment,
    })
    await deleteReviewDrafts(trx, reviewer.email, productId)
  })
}
