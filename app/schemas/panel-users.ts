import { z } from 'zod'
import { ROLES } from '#app/lib/permissions.ts'
import { idField } from './params.ts'

// The settings page's user forms (admins only), shared by browser and server.

export const INVALID_ROLE = 'Choose a role: admin, editor or viewer.'

const role = z.enum(ROLES, { message: INVALID_ROLE })
const userId = idField('Unknown user.')

export const PanelUserActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add-user'),
    email: z
      .string({ message: 'Invalid email address' })
      .trim()
      .max(254, 'Invalid email address')
      .email('Invalid email address'),
    role,
  }),
  z.object({ intent: z.literal('change-role'), userId, role }),
  z.object({ intent: z.literal('remove-user'), userId }),
])

export type PanelUserAction = z.infer<typeof PanelUserActionSchema>
