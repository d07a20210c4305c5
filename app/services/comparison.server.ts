import { Refusal } from '#app/lib/form-reply.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import {
  comparisonSlugExists,
  deleteComparison,
  getAdminComparison,
  insertComparison,
  isComparisonSlugTaken,
  productIdsByAsin,
  setComparisonProducts,
  updateComparison,
} from '#app/models/comparison.server.ts'
import {
  COMPARISON_NOT_FOUND,
  comparisonSlugTaken,
  unknownAsins,
  type ComparisonInput,
} from '#app/schemas/comparison.ts'
import { slugify } from '#app/utils/slug.ts'
import { db } from '#db/client.ts'

// The owners' comparison tables (docs/decisions/042): each write one transaction with its audit row, then the
// 'catalogue' pages dropped (/compare/{slug} among them, and the sitemap lists the tables: 'site').

type Executor = Parameters<typeof getAdminComparison>[0]

/** The products' ids in the order given; refuses, on the products field, ASINs no product has. */
async function productIdsOf(trx: Executor, asins: readonly string[]) {
  const found = new Map((await productIdsByAsin(trx, asins)).map((row) => [row.asin, row.id]))
  const unknown = asins.filter((asin) => !found.has(asin))
  if (unknown.length) throw new Refusal(400, unknownAsins(unknown), 'asins')
  return asins.map((asin) => found.get(asin)!)
}

async function lockComparison(trx: Executor, id: number) {
  const table = await getAdminComparison(trx, id, { lock: true })
  if (!table) throw new Refusal(404, COMPARISON_NOT_FOUND)
  return table
}

export async function createComparison(actorId: number, { asins, ...fields }: ComparisonInput) {
  const slug = slugify(fields.name)
  const taken = new Refusal(409, comparisonSlugTaken(slug), 'name')
  const created = await db
    .transaction()
    .execute(async (trx) => {
      if (await comparisonSlugExists(trx, slug)) throw taken
      const productIds = await productIdsOf(trx, asins)
      const row = await insertComparison(trx, { ...fields, slug })
      await setComparisonProducts(trx, row.id, productIds)
      const diff = { ...fields, slug, asins }
      await writeAudit(trx, { actorId, entityType: 'COMPARISON', entityId: row.id, action: 'CREATE', diff })
      return row
    })
    .catch((error: unknown) => {
      // Two adds of the same name at once: the pre-check passed for both, the unique index stops one.
      throw isComparisonSlugTaken(error) ? taken : error
    })
  await invalidatePages(['catalogue', 'site'])
  return created
}

/** Name, description, products and columns; the slug (its address) never changes. */
export async function editComparison(actorId: number, id: number, { asins, ...fields }: ComparisonInput) {
  const changed = await db.transaction().execute(async (trx) => {
    const before = await lockComparison(trx, id)
    const productIds = await productIdsOf(trx, asins)
    const diff = changedFields(before, { ...fields, asins })
    if (Object.keys(diff).length === 0) return false
    await updateComparison(trx, id, fields)
    if (diff.asins) await setComparisonProducts(trx, id, productIds)
    await writeAudit(trx, { actorId, entityType: 'COMPARISON', entityId: id, action: 'UPDATE', diff })
    return true
  })
  if (changed) await invalidatePages(['catalogue'])
}

export async function removeComparison(actorId: number, id: number) {
  const gone = await db.transaction().execute(async (trx) => {
    const { id: _id, product_count: _count, ...before } = await lockComparison(trx, id)
    await deleteComparison(trx, id)
    await writeAudit(trx, { actorId, entityType: 'COMPARISON', entityId: id, action: 'DELETE', diff: before })
    return before
  })
  await invalidatePages(['catalogue', 'site'])
  return gone
}
