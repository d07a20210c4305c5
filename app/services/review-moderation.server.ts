import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { setReviewStatus } from '#app/models/admin-review.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import { db } from '#db/client.ts'

// Review moderation (SPEC §2 Reviews tab): approve or reject one review or several, each move audited, in one
// transaction; then the pages that show approved reviews are dropped (docs/decisions/030).

export async function moderateReviews(actorId: number, ids: number[], status: 'APPROVED' | 'REJECTED') {
  const moved = await db.transaction().execute(async (trx) => {
    const changed = await setReviewStatus(trx, ids, status)
    for (const review of changed) {
      await writeAudit(trx, {
        actorId,
        entityType: 'REVIEW',
        entityId: review.id,
        action: status === 'APPROVED' ? 'APPROVE' : 'REJECT',
        diff: { status: { from: review.status, to: status } },
      })
    }
    return changed
  })
  // Only approved reviews are public, and only on their product's own pages (no listing shows them).
  const shown = moved.filter((review) => review.status === 'APPROVED' || status === 'APPROVED')
  if (shown.length > 0) await invalidatePages([...new Set(shown.map((review) => `product:${review.asin}` as const))])
}
