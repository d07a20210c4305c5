import { Refusal } from '#app/lib/form-reply.server.ts'
import { enqueueForAdmin } from '#app/lib/job-queue.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { productChanged, type PageTag } from '#app/lib/page-tags.ts'
import { defaultStoreTag } from '#app/lib/stores.server.ts'
import { lockProduct, updateProduct } from '#app/models/admin-product.server.ts'
import { findProductIdByAsin, listRejectedProducts, replaceAsin } from '#app/models/amazon-product.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import { categorySlugs } from '#app/models/category.server.ts'
import { createImportJob, finishImport } from '#app/models/import-job.server.ts'
import {
  lockLinkHealthEmail,
  lockOpenProblem,
  markProblemSeen,
  recordProblem,
  resolveClearedConditions,
  resolveProductProblems,
  setLinkHealthEmail,
} from '#app/models/link-health.server.ts'
import { getSiteSettings } from '#app/models/site-settings.server.ts'
import { PRODUCT_GONE } from '#app/schemas/admin-products.ts'
import { asinInUse, PROBLEM_GONE, SAME_ASIN } from '#app/schemas/link-health.ts'
import { normaliseAffiliateUrl } from '#app/utils/affiliate.ts'
import {
  isUnavailable,
  NO_OFFER_DETAIL,
  priceJump,
  problemDetail,
  type LinkProblemKind,
} from '#app/utils/link-health.ts'
import { DEFAULT_STORE, storeProductUrl } from '#app/utils/stores.ts'
import { isUniqueViolation } from '#app/utils/unique-violation.ts'
import { db, type Executor } from '#db/client.ts'
import { importBlockedReason } from './amazon-api-state.server.ts'
import { followReplacedAsin } from './document.server.ts'
import { setSiteSwitch } from './site-settings.server.ts'

// Link health (docs/decisions/047): what the nightly refresh records about each product's Amazon link, and the
// panel's writes on it (mark seen, replace the ASIN; hiding is the products list's own switch) and its
// settings. Each panel write is one transaction that locks, changes and audits, then drops the pages it changed.

/** Runs Amazon rejected an ASIN in a row before auto-hide hides its product. */
export const AUTO_HIDE_AFTER_RUNS = 3

/** A page of the refresh: the products asked for, with their API price before this run. */
export interface CheckedProduct {
  id: number
  asin: string
  price: string | null
}

/** What Amazon answered for the page: items (with their offer) and the ASINs it rejected. */
export interface AmazonAnswer {
  items: ReadonlyArray<{ asin: string; price: string | null; availability: string | null }>
  errors: ReadonlyArray<{ asin: string; message: string }>
}

/**
 * Records a refresh page's link problems, in the page's transaction (after its products are updated and
 * flagged): opens or re-sees the problems Amazon's answer shows, closes the conditions it no longer shows, and
 * hides the products rejected on AUTO_HIDE_AFTER_RUNS runs in a row when the owner turned that on. Answers the
 * pages to drop once the transaction has committed. A failed call records nothing: it says nothing of an ASIN.
 */
export async function recordLinkHealth(
  trx: Executor,
  page: readonly CheckedProduct[],
  answer: AmazonAnswer,
): Promise<PageTag[]> {
  const byAsin = new Map(page.map((product) => [product.asin, product]))
  const checked: Array<{ productId: number; present: LinkProblemKind[] }> = []
  for (const item of answer.items) {
    const product = byAsin.get(item.asin)
    if (!product) continue
    const found: Array<[LinkProblemKind, string]> = []
    if (isUnavailable(item.availability)) found.push(['unavailable', item.availability!])
    if (item.price === null) found.push(['no-offer', NO_OFFER_DETAIL])
    const jump = priceJump(product.price, item.price)
    if (jump) found.push(['price-jump', jump])
    for (const [kind, detail] of found) await recordProblem(trx, product.id, kind, problemDetail(detail))
    checked.push({ productId: product.id, present: found.map(([kind]) => kind) })
  }
  await resolveClearedConditions(trx, checked)

  const messages = new Map(answer.errors.map((error) => [error.asin, error.message]))
  const rejected = await listRejectedProducts(trx, [...messages.keys()])
  for (const product of rejected) {
    await recordProblem(trx, product.id, 'rejected', problemDetail(messages.get(product.asin)!))
  }
  const due = rejected.filter((product) => product.rejected_runs >= AUTO_HIDE_AFTER_RUNS && !product.soft_hidden)
  if (due.length === 0 || !(await getSiteSettings(trx)).auto_hide_rejected) return []
  const touched: PageTag[] = []
  for (const product of due) {
    await updateProduct(trx, product.id, { soft_hidden: true })
    // actor null: the system did it, on the owner's standing instruction (Settings).
    await writeAudit(trx, {
      actorId: null,
      entityType: 'PRODUCT',
      entityId: product.id,
      action: 'AUTO_HIDE',
      diff: {
        soft_hidden: { from: false, to: true },
        reason: `Amazon rejected ASIN ${product.asin} on ${product.rejected_runs} refreshes in a row: ${messages.get(product.asin)}`,
      },
    })
    touched.push(...productChanged(product.asin, await categorySlugs(trx, [product.category_id])))
  }
  return [...new Set(touched)]
}

/**
 * Marks an open problem seen by the user. A condition stays listed (dimmed) until Amazon's answer clears it; a
 * price jump, an event, is closed by it.
 */
export async function markLinkProblemSeen(actorId: number, id: number) {
  return db.transaction().execute(async (trx) => {
    const problem = await lockOpenProblem(trx, id)
    if (!problem) throw new Refusal(404, PROBLEM_GONE)
    if (problem.seen_at) return problem
    await markProblemSeen(trx, id, actorId, problem.kind === 'price-jump')
    await writeAudit(trx, {
      actorId,
      entityType: 'PRODUCT',
      entityId: problem.product_id,
      action: 'LINK_PROBLEM_SEEN',
      diff: { problem: id, kind: problem.kind, detail: problem.detail },
    })
    return problem
  })
}

/**
 * Gives a product a new ASIN in place, so its reviews, specs, categories, comparisons and curation stay. What
 * Amazon said of the old ASIN goes: its error, rejected runs, price and freshness (no stale price shows), and
 * the product's open problems; the affiliate link points at the new ASIN at once. Then an import of the new
 * ASIN fetches Amazon's data (when the queue is down, the nightly refresh will). Answers the product's title
 * and whether the import was queued.
 */
export async function replaceProductAsin(actorId: number, id: number, asin: string) {
  // The new ASIN's data comes from an import, which could only fail while Amazon withdraws API access: refused
  // up front with the imports' own words (docs/decisions/078), nothing changed.
  const blocked = await importBlockedReason()
  if (blocked) throw new Refusal(409, blocked)
  const tag = await defaultStoreTag()
  const { title, oldAsin, touched } = await db
    .transaction()
    .execute(async (trx) => {
      const product = await lockProduct(trx, id)
      if (!product) throw new Refusal(404, PRODUCT_GONE)
      if (product.asin === asin) throw new Refusal(400, SAME_ASIN, 'asin')
      const other = await findProductIdByAsin(trx, asin)
      if (other !== undefined) throw new Refusal(409, asinInUse(asin), 'asin')
      await replaceAsin(trx, id, asin, normaliseAffiliateUrl(storeProductUrl(DEFAULT_STORE, asin).toString(), tag))
      const resolved = await resolveProductProblems(trx, id)
      await followReplacedAsin(trx, actorId, product.asin, asin)
      await writeAudit(trx, {
        actorId,
        entityType: 'PRODUCT',
        entityId: id,
        action: 'REPLACE_ASIN',
        diff: { asin: { from: product.asin, to: asin }, problems_resolved: resolved },
      })
      const slugs = await categorySlugs(trx, [product.category_id])
      return {
        title: product.title,
        oldAsin: product.asin,
        touched: [...productChanged(product.asin, slugs), `product:${asin}` as const],
      }
    })
    .catch((error: unknown) => {
      // Another product took the ASIN between the check and the update.
      if (isUniqueViolation(error)) throw new Refusal(409, asinInUse(asin), 'asin')
      throw error
    })
  await invalidatePages(touched)
  const importId = await createImportJob(db, { kind: 'manual', asins: [asin], createdBy: actorId })
  const problem = await enqueueForAdmin('import-products', { importId }, { jobId: `import-${importId}` })
  if (problem) await finishImport(db, importId, { status: 'failed', message: problem })
  return { title, oldAsin, queued: problem === null }
}

/** The owner's auto-hide setting; choosing what it is already changes nothing. */
export function setAutoHideRejected(actorId: number, on: boolean) {
  return setSiteSwitch(actorId, 'auto_hide_rejected', on)
}

/** A panel user's own choice of the daily link-health e-mail. */
export async function setOwnLinkHealthEmail(userId: number, on: boolean) {
  await db.transaction().execute(async (trx) => {
    const before = await lockLinkHealthEmail(trx, userId)
    if (before === undefined) throw new Refusal(404, 'That user no longer exists.')
    if (before === on) return
    await setLinkHealthEmail(trx, userId, on)
    await writeAudit(trx, {
      actorId: userId,
      entityType: 'USER',
      entityId: userId,
      action: 'UPDATE',
      diff: { link_health_email: { from: before, to: on } },
    })
  })
}
