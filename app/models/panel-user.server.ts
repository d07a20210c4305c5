import { sql } from 'kysely'
import type { Role } from '#app/lib/permissions.ts'
import type { Executor } from '#db/client.ts'

// The panel's users as the settings page manages them: anyone holding a role. Removing a user keeps the
// row, so the audit trail and their reviews still point at it.

export interface PanelUserRow {
  id: number
  email: string
  role: Role
  created_at: Date
}

/** Every user with a role, by e-mail, with their strongest role (admin, editor, viewer: SPEC §6). */
export async function listPanelUsers(db: Executor): Promise<PanelUserRow[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.created_at', sql<Role>`min(user_roles.role)`.as('role')])
    .groupBy('users.id')
    .orderBy(sql`lower(users.email)`)
    .execute()
  return rows
}

export async function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst()
}

/** How many users hold the admin role. Hold `lockAdmins` before trusting it for a change. */
export async function countAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Makes `role` the user's only role. */
export async function replaceRole(db: Executor, userId: number, role: Role): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '!=', role).execute()
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((c) => c.doNothing())
    .execute()
}

/** Takes every role and the password away; the row stays. */
export async function revokePanelAccess(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute()
  await db
    .updateTable('users')
    .set({ password_hash: null, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute()
}
