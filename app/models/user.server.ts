import { sql } from 'kysely'
import type { Role } from '#app/lib/permissions.ts'
import type { Executor } from '#db/client.ts'

/** The account for an e-mail address (case-insensitive), created on first use: how reviewers sign up. */
export async function findOrCreateUserByEmail(db: Executor, email: string): Promise<{ id: number; email: string }> {
  const created = await db
    .insertInto('users')
    .values({ email })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst()
  if (created) return created
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow()
}

export async function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()
}

export async function listUserRoles(db: Executor, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()
  return rows.map((row) => row.role)
}

export async function adminExists(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute()
}

export async function grantRole(db: Executor, userId: number, role: Role): Promise<void> {
  await db
    .insertInto('user_roles')
    .values({ user_id: userId, role })
    .onConflict((c) => c.doNothing())
    .execute()
}

/**
 * Serialises everything that must see the set of admins unchanged until it commits (first-admin setup,
 * demoting or removing an admin). Call inside a transaction.
 */
export async function lockAdmins(trx: Executor): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('panel-admins'))`.execute(trx)
}
