// Panel roles and what each may do (SPEC §6). Shared by the server, which enforces it, and the browser,
// which disables what a role cannot do.

export const ROLES = ['admin', 'editor', 'viewer'] as const
export type Role = (typeof ROLES)[number]
/**
 * What a role may do: the catalogue's verbs, plus the admin's own powers, named so that no route compares a
 * role by hand (`manage-users`: add, change and remove panel users; `run-refresh`: start the Amazon refresh;
 * `manage-settings`: the site-wide settings).
 */
export type Permission = 'view' | 'create' | 'edit' | 'delete' | 'manage-users' | 'run-refresh' | 'manage-settings'

const grants: Record<Role, readonly Permission[]> = {
  admin: ['view', 'create', 'edit', 'delete', 'manage-users', 'run-refresh', 'manage-settings'],
  editor: ['view', 'create', 'edit'],
  viewer: ['view'],
}

/** A user's role is the first of admin, editor, viewer that they hold (SPEC §6). */
export function roleOf(roles: readonly string[]): Role | null {
  return ROLES.find((role) => roles.includes(role)) ?? null
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? grants[role].includes(permission) : false
}

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role)
