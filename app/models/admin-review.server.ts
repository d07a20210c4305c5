import { sql } from 'kysely'
import { ADMIN_PAGE_SIZE } from '#app/schemas/admin-products.ts'
import type { Executor } from '#db/client.ts'
import type { ReviewStatus } from '#db/types.ts'
import { pageWithTotal } from './paging.server.ts'

// Review moderation (SPEC §2 Reviews tab): every review, with its product's title and ASIN.

export async function listReviewsForModeration(db: Executor, filters: { status?: ReviewStatus; page: number }) {
  let query = db.selectFrom('reviews as r').innerJoin('products as p', 'p.id', 'r.product_id')
  if (filters.status) query = query.where('r.status', '=', filters.status)
  return pageWithTotal(
    query,
    (listed) =>
      listed
        .select([
          'r.id',
          'r.reviewer_name',
          'r.rating',
          'r.comment',
          'r.status',
          'r.created_at',
          'p.title as product_title',
          'p.asin as product_asin',
        ])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
    { page: filters.page, pageSize: ADMIN_PAGE_SIZE },
  )
}

/**
 * Sets the status of the given reviews; answers those that changed, with their old status and their product's
 * ASIN (any move is allowed).
 */
export async function setReviewStatus(trx: Executor, ids: number[], status: ReviewStatus) {
  const before = await trx
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.id', 'r.status', 'p.asin'])
    .where('r.id', 'in', ids)
    .where('r.status', '!=', status)
    .forUpdate('r')
    .execute()
  if (before.length === 0) return []
  await trx
    .updateTable('reviews')
    .set({ status, updated_at: sql`now()` })
    .where(
      'id',
      'in',
      before.map((review) => review.id),
    )
    .execute()
  return before
}

export async function countExistingReviews(db: Executor, ids: number[]): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow()
  return row.count
}
