import { Refusal } from '#app/lib/form-reply.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { productChanged, type PageTag } from '#app/lib/page-tags.ts'
import { defaultStoreTag } from '#app/lib/stores.server.ts'
import { categoryExists, lockProduct, updateProduct, type ProductChanges } from '#app/models/admin-product.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import { categorySlugs } from '#app/models/category.server.ts'
import { CATEGORY_GONE, PRODUCT_GONE, type ProductEdit } from '#app/schemas/admin-products.ts'
import { specColumns } from '#app/schemas/product-specs.ts'
import { normaliseAffiliateUrl } from '#app/utils/affiliate.ts'
import { db, type Executor } from '#db/client.ts'

// The product writes of the admin panel (SPEC §2, §5): the edit panel's save and the list's switches. Each is
// one transaction that locks the row, compares, changes and audits, then drops the cached pages it changed
// (docs/decisions/030). A write that cannot be done throws a Refusal with the reason.

async function lock(trx: Executor, id: number) {
  const product = await lockProduct(trx, id)
  if (!product) throw new Refusal(404, PRODUCT_GONE)
  return product
}

const emptyToNull = <T>(value: T | undefined) => (value === undefined || value === '' ? null : value)

/** The columns the edit form sets, from what it sent. */
function changesOf(form: ProductEdit, tag: string | null): ProductChanges {
  return {
    title: form.title,
    brand: emptyToNull(form.brand),
    category_id: form.category_id ?? null,
    description: emptyToNull(form.description),
    badges: form.badges,
    keywords: form.keywords,
    // On Amazon's hosts, whatever tag was pasted becomes ours (SPEC §5).
    affiliate_url: form.affiliate_url ? normaliseAffiliateUrl(form.affiliate_url, tag) : null,
    image_url: emptyToNull(form.image_url),
    images: form.images,
    manual_price: form.manual_price === undefined ? null : form.manual_price.toFixed(2),
    ...specColumns(form),
  }
}

/** Saves the edit panel's form; saving it unchanged writes and drops nothing. */
export async function editProduct(actorId: number, id: number, form: ProductEdit) {
  const changes = changesOf(form, await defaultStoreTag())
  const touched = await db.transaction().execute(async (trx): Promise<readonly PageTag[]> => {
    if (changes.category_id && !(await categoryExists(trx, changes.category_id))) {
      throw new Refusal(400, CATEGORY_GONE, 'category_id')
    }
    const before = await lock(trx, id)
    const diff = changedFields(before, changes)
    if (Object.keys(diff).length === 0) return []
    await updateProduct(trx, id, changes)
    await writeAudit(trx, { actorId, entityType: 'PRODUCT', entityId: id, action: 'UPDATE', diff })
    // The category it left loses its card, the one it joined gains it.
    return productChanged(before.asin, await categorySlugs(trx, [before.category_id, changes.category_id]))
  })
  if (touched.length > 0) await invalidatePages(touched)
}

export type ProductFlag = 'is_featured' | 'soft_hidden'

/** Sets a switch of the list; asking for the state it is already in (a second click) changes nothing. */
export async function setProductFlag(actorId: number, id: number, flag: ProductFlag, next: boolean) {
  const touched = await db.transaction().execute(async (trx): Promise<readonly PageTag[]> => {
    const product = await lock(trx, id)
    if (product[flag] === next) return []
    await updateProduct(trx, id, { [flag]: next })
    const diff = { [flag]: { from: product[flag], to: next } }
    await writeAudit(trx, { actorId, entityType: 'PRODUCT', entityId: id, action: 'UPDATE', diff })
    // Featured shows on the home page only (and the sitemaps, through updated_at); no product page or card shows it.
    if (flag === 'is_featured') return ['site']
    return productChanged(product.asin, await categorySlugs(trx, [product.category_id]))
  })
  if (touched.length > 0) await invalidatePages(touched)
}
