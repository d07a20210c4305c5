import { Refusal } from '#app/lib/form-reply.server.ts'
import { enrolledStores } from '#app/lib/stores.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import {
  assignTrackingId as updateAssignment,
  deleteTrackingId,
  findAssignableGuide,
  findAssignedTrackingId,
  findTrackingIdByTag,
  insertTrackingId,
  lockTrackingId,
  lockTrackingIds,
} from '#app/models/tracking-id.server.ts'
import {
  GUIDE_NOT_ASSIGNABLE,
  isStoreTag,
  placementTaken,
  TRACKING_ID_GONE,
  trackingIdListed,
  type Assignment,
} from '#app/schemas/tracking-ids.ts'
import { PLACEMENT_NAMES } from '#app/utils/placements.ts'
import { storeByCode } from '#app/utils/stores.ts'
import { db, type Executor } from '#db/client.ts'

// The writes of the Tracking IDs section of /admin/settings (docs/decisions/079). Each is one transaction that
// locks the list, checks, changes and audits; /go/ reads the list on each click, so a change applies at once.

export async function addTrackingId(actorId: number, tag: string, assignment: Assignment) {
  await db.transaction().execute(async (trx) => {
    await lockTrackingIds(trx)
    const stores = [...(await enrolledStores()).entries()]
    const store = stores.find(([, storeTag]) => storeTag?.toLowerCase() === tag.toLowerCase())
    if (store) throw new Refusal(400, isStoreTag(tag, storeByCode(store[0]).name), 'tag')
    if (await findTrackingIdByTag(trx, tag)) throw new Refusal(400, trackingIdListed(tag), 'tag')
    await checkAssignable(trx, assignment, null)
    const id = await insertTrackingId(trx, { tag, ...assignment })
    await writeAudit(trx, {
      actorId,
      entityType: 'SETTINGS',
      entityId: id,
      action: 'ADD_TRACKING_ID',
      diff: { tag, placement: assignment.placement, guide_id: assignment.guideId },
    })
  })
}

/** Assigns a tracking ID elsewhere (or nowhere); answers its tag. */
export async function assignTrackingId(actorId: number, id: number, assignment: Assignment) {
  return db.transaction().execute(async (trx) => {
    await lockTrackingIds(trx)
    const before = await lockTrackingId(trx, id)
    if (!before) throw new Refusal(404, TRACKING_ID_GONE)
    await checkAssignable(trx, assignment, id)
    if (before.placement !== assignment.placement || before.guide_id !== assignment.guideId) {
      await updateAssignment(trx, id, assignment)
      await writeAudit(trx, {
        actorId,
        entityType: 'SETTINGS',
        entityId: id,
        action: 'ASSIGN_TRACKING_ID',
        diff: {
          tag: before.tag,
          placement: { from: before.placement, to: assignment.placement },
          guide_id: { from: before.guide_id, to: assignment.guideId },
        },
      })
    }
    return before.tag
  })
}

/** Takes a tracking ID off the list: its placement's clicks carry the store's tag again. Answers its tag. */
export async function removeTrackingId(actorId: number, id: number) {
  return db.transaction().execute(async (trx) => {
    await lockTrackingIds(trx)
    const before = await lockTrackingId(trx, id)
    if (!before) throw new Refusal(404, TRACKING_ID_GONE)
    await deleteTrackingId(trx, id)
    await writeAudit(trx, {
      actorId,
      entityType: 'SETTINGS',
      entityId: id,
      action: 'REMOVE_TRACKING_ID',
      diff: { tag: before.tag, placement: before.placement, guide_id: before.guide_id },
    })
    return before.tag
  })
}

/** One tag a placement (and a guide), and a guide only while it is published or scheduled. */
async function checkAssignable(trx: Executor, assignment: Assignment, exceptId: number | null) {
  if (assignment.placement === null) return
  const guide = assignment.guideId === null ? undefined : await findAssignableGuide(trx, assignment.guideId)
  if (assignment.guideId !== null && !guide) throw new Refusal(400, GUIDE_NOT_ASSIGNABLE, 'assignment')
  const taken = await findAssignedTrackingId(
    trx,
    { placement: assignment.placement, guideId: assignment.guideId },
    exceptId,
  )
  if (taken) {
    const where = guide ? `The guide “${guide.title}”` : PLACEMENT_NAMES[assignment.placement]
    throw new Refusal(400, placementTaken(taken.tag, where), 'assignment')
  }
}
