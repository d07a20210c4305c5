import { Refusal } from '#app/lib/form-reply.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { EVERY_PAGE, type Invalidation } from '#app/lib/page-tags.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import {
  categorySlugExists,
  deleteCategory,
  getAdminCategory,
  insertCategory,
  isSlugTaken,
  isStillInUse,
  updateCategory,
  type CategoryFields,
} from '#app/models/category.server.ts'
import { CATEGORY_NOT_FOUND, slugTaken, stillInUse } from '#app/schemas/category.ts'
import { slugify } from '#app/utils/slug.ts'
import { db } from '#db/client.ts'

// The catalogue's category writes (SPEC §5): each one transaction with its audit row, then the cached pages
// it changed dropped (docs/decisions/030). A write that cannot be done throws a Refusal with the reason.

/** Locks the category's row until the transaction ends; refuses an id that is not (or no longer) one. */
async function lockCategory(trx: Parameters<typeof getAdminCategory>[0], id: number) {
  const category = await getAdminCategory(trx, id, { lock: true })
  if (!category) throw new Refusal(404, CATEGORY_NOT_FOUND)
  return category
}

export async function createCategory(actorId: number, fields: CategoryFields) {
  const slug = slugify(fields.name)
  const created = await db
    .transaction()
    .execute(async (trx) => {
      if (await categorySlugExists(trx, slug)) throw new Refusal(409, slugTaken(slug))
      const row = await insertCategory(trx, { ...fields, slug })
      const diff = { ...fields, slug }
      await writeAudit(trx, { actorId, entityType: 'CATEGORY', entityId: row.id, action: 'CREATE', diff })
      return row
    })
    .catch((error: unknown) => {
      // Two adds of the same name at once: the pre-check passed for both, the unique index stops one.
      throw isSlugTaken(error) ? new Refusal(409, slugTaken(slug)) : error
    })
  // Listed in every page's Shop menu; no product is in it yet.
  await invalidatePages(EVERY_PAGE)
  return created
}

export async function editCategory(actorId: number, id: number, fields: CategoryFields) {
  const touched = await db.transaction().execute(async (trx): Promise<Invalidation | null> => {
    const before = await lockCategory(trx, id)
    const diff = changedFields(before, fields)
    if (Object.keys(diff).length === 0) return null
    await updateCategory(trx, id, fields)
    await writeAudit(trx, { actorId, entityType: 'CATEGORY', entityId: id, action: 'UPDATE', diff })
    // Its name is in every page's Shop menu; its picture and text only on its page and home.
    return diff.name ? EVERY_PAGE : ['site', `category:${before.slug}`]
  })
  if (touched) await invalidatePages(touched)
}

/** Hides or shows the category; asking for the state it is already in (a second click) changes nothing. */
export async function setCategoryHidden(actorId: number, id: number, hidden: boolean) {
  const { name, changed } = await db.transaction().execute(async (trx) => {
    const before = await lockCategory(trx, id)
    if (before.is_hidden === hidden) return { name: before.name, changed: false }
    await updateCategory(trx, id, { is_hidden: hidden })
    const diff = { is_hidden: { from: before.is_hidden, to: hidden } }
    await writeAudit(trx, { actorId, entityType: 'CATEGORY', entityId: id, action: hidden ? 'HIDE' : 'SHOW', diff })
    return { name: before.name, changed: true }
  })
  // Every page's Shop menu loses or regains it.
  if (changed) await invalidatePages(EVERY_PAGE)
  return { name }
}

/** Deletes an empty category (hidden products count too); refused while any product is in it. */
export async function removeCategory(actorId: number, id: number) {
  const gone = await db
    .transaction()
    .execute(async (trx) => {
      const { product_count: count, id: _id, ...before } = await lockCategory(trx, id)
      if (count > 0) throw new Refusal(409, stillInUse(count))
      await deleteCategory(trx, id)
      await writeAudit(trx, { actorId, entityType: 'CATEGORY', entityId: id, action: 'DELETE', diff: before })
      return before
    })
    .catch((error: unknown) => {
      // A product added to it meanwhile: the foreign key refuses the delete and the transaction rolls back.
      throw isStillInUse(error)
        ? new Refusal(409, 'This category still has products. Move or delete them first.')
        : error
    })
  // No product page named it; a visible one was in every page's Shop menu.
  await invalidatePages(gone.is_hidden ? ['site', `category:${gone.slug}`] : EVERY_PAGE)
  return gone
}
