import { z } from 'zod'
import { isPlacement, type Placement } from '#app/utils/placements.ts'
import { idField, parseId } from './params.ts'

// The Tracking IDs section of /admin/settings (admins only, docs/decisions/079): the default store's extra tracking
// IDs, each assigned to a placement or a single guide. Shared by browser and server.

export const TRACKING_ID_RULE = 'A tracking ID is letters, digits and hyphens, such as comicvault-guides-20.'
export const INVALID_TRACKING_ID = `${TRACKING_ID_RULE} Spaces, markup and other characters are not allowed.`
export const INVALID_ASSIGNMENT = 'Choose where this tracking ID is used.'
export const TRACKING_ID_GONE = 'That tracking ID is no longer listed.'
export const GUIDE_NOT_ASSIGNABLE = 'That guide is not published or scheduled.'
export const trackingIdListed = (tag: string) => `${tag} is already listed.`
export const isStoreTag = (tag: string, store: string) =>
  `${tag} is the ${store} store’s own tag: list only extra tracking IDs here.`
export const placementTaken = (tag: string, where: string) =>
  `${where} already uses ${tag}. Move that tracking ID first, or remove it.`

/** The bodies are a few dozen bytes. */
export const TRACKING_IDS_MAX_BODY_BYTES = 4 * 1024

/** The select's value for "not used yet". */
export const UNASSIGNED = 'none'

/** Where a tracking ID is used: a placement (guides: all of them) or one guide; both null when not used yet. */
export interface Assignment {
  placement: Placement | null
  guideId: number | null
}

/** The select's value for an assignment: a placement's name, `guide-{id}` for one guide, or UNASSIGNED. */
export function assignmentValue({ placement, guideId }: Assignment): string {
  if (guideId !== null) return `guide-${guideId}`
  return placement ?? UNASSIGNED
}

function parseAssignment(value: string): Assignment | null {
  if (value === UNASSIGNED) return { placement: null, guideId: null }
  if (isPlacement(value)) return { placement: value, guideId: null }
  const guideId = value.startsWith('guide-') ? parseId(value.slice('guide-'.length)) : null
  return guideId === null ? null : { placement: 'guide', guideId }
}

const assignment = z.string({ message: INVALID_ASSIGNMENT }).transform((value, ctx) => {
  const parsed = parseAssignment(value.trim())
  if (!parsed) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: INVALID_ASSIGNMENT })
    return z.NEVER
  }
  return parsed
})

/** Amazon's tracking IDs: the tracking_ids.tag CHECK, with the message a person can act on. */
const tag = z
  .string({ message: 'Enter a tracking ID.' })
  .trim()
  .max(64, 'A tracking ID has at most 64 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, INVALID_TRACKING_ID)

const id = idField(TRACKING_ID_GONE)

export const AddTrackingIdSchema = z.object({ intent: z.literal('add-tracking-id'), tag, assignment })
export const AssignTrackingIdSchema = z.object({ intent: z.literal('assign-tracking-id'), id, assignment })
export const RemoveTrackingIdSchema = z.object({ intent: z.literal('remove-tracking-id'), id })

/** Every write of the section, told apart by its intent. */
export const TrackingIdActionSchema = z.discriminatedUnion('intent', [
  AddTrackingIdSchema,
  AssignTrackingIdSchema,
  RemoveTrackingIdSchema,
])
export type TrackingIdIntent = z.infer<typeof TrackingIdActionSchema>['intent']

/** The title of a refused write of each intent. */
export const TRACKING_ID_FAILED: Record<TrackingIdIntent, string> = {
  'add-tracking-id': 'Failed to add the tracking ID',
  'assign-tracking-id': 'Failed to assign the tracking ID',
  'remove-tracking-id': 'Failed to remove the tracking ID',
}
