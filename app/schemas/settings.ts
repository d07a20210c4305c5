import { z } from 'zod'
import { AmazonConnectionTestSchema, AmazonCredentialsSchema, AmazonTagSchema } from './amazon-settings.ts'
import { AutoHideSchema, LinkHealthEmailSchema } from './link-health.ts'
import { AddUserSchema, ChangeRoleSchema, PANEL_USER_MAX_BODY_BYTES, RemoveUserSchema } from './panel-users.ts'
import { AddTrackingIdSchema, AssignTrackingIdSchema, RemoveTrackingIdSchema } from './tracking-ids.ts'
import { RequireTwoFactorSchema } from './two-factor.ts'

// Every write of /admin/settings: the panel's users (admins), the auto-hide setting (admins), each user's own
// daily link-health e-mail (docs/decisions/047), the Amazon settings (admins, 078) and the default store's
// tracking IDs (admins, 079), told apart by their intent.

export const SettingsActionSchema = z.discriminatedUnion('intent', [
  AddUserSchema,
  ChangeRoleSchema,
  RemoveUserSchema,
  AutoHideSchema,
  LinkHealthEmailSchema,
  RequireTwoFactorSchema,
  AddTrackingIdSchema,
  AssignTrackingIdSchema,
  RemoveTrackingIdSchema,
  AmazonTagSchema,
  AmazonCredentialsSchema,
  AmazonConnectionTestSchema,
])
export type SettingsAction = z.infer<typeof SettingsActionSchema>

/** The users' forms set the size; the checkboxes are smaller still. */
export const SETTINGS_MAX_BODY_BYTES = PANEL_USER_MAX_BODY_BYTES
