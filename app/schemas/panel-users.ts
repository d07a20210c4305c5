import { z } from 'zod'
import { ROLES } from '#app/lib/permissions.ts'
import { idField } from './params.ts'

// The settings page's user forms (admins only), shared by browser and server.

export const INVALID_ROLE = 'Choose a role: admin, editor or viewer.'
export const NOT_A_PANEL_USER = 'That user is not a panel user.'
export const LAST_ADMIN = 'The last admin cannot be removed or demoted.'
export const alreadyPanelUser = (email: string) => `${email} is already a panel user. Change their role instead.`

/** A body of the settings forms is a few hundred bytes; this leaves room and refuses anything bigger. */
export const PANEL_USER_MAX_BODY_BYTES = 4 * 1024

const role = z.enum(ROLES, { message: INVALID_ROLE })
const userId = idField('Unknown user.')

export const AddUserSchema = z.object({
  intent: z.literal('add-user'),
  email: z
    .string({ message: 'Invalid email address' })
    .trim()
    .max(254, 'Invalid email address')
    .email('Invalid email address'),
  role,
})
export const ChangeRoleSchema = z.object({ intent: z.literal('change-role'), userId, role })
export const RemoveUserSchema = z.object({ intent: z.literal('remove-user'), userId })

/** Every write of the users section, told apart by its intent. */
export const PanelUserActionSchema = z.discriminatedUnion('intent', [AddUserSchema, ChangeRoleSchema, RemoveUserSchema])

export type PanelUserAction = z.infer<typeof PanelUserActionSchema>
export type PanelUserIntent = PanelUserAction['intent']

/** The title of a refused write of each intent. */
export const PANEL_USER_FAILED: Record<PanelUserIntent, string> = {
  'add-user': 'Failed to add user',
  'change-role': 'Failed to change role',
  'remove-user': 'Failed to remove user',
}
