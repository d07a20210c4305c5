import { randomBytes } from 'node:crypto'
import { hashPassword } from '#app/lib/password.server.ts'
import type { Role } from '#app/lib/permissions.ts'
import { startSession } from '#app/lib/session.server.ts'
import { deleteUserSessions } from '#app/models/session.server.ts'
import { findOrCreateUserByEmail, grantRole, setPasswordHash } from '#app/models/user.server.ts'
import { db } from '#db/client.ts'

// Panel users for integration and e2e tests (tests/e2e/support/panel-fixture.ts): made with the models, signed
// in by creating a session row (DESIGN §7), never by typing a password.

let sequence = 0

export async function createPanelUser(role: Role | null, { password }: { password?: string } = {}) {
  sequence += 1
  // Random too: several processes (the e2e workers) make users in one database.
  const user = await findOrCreateUserByEmail(
    db,
    `${role ?? 'nobody'}-${sequence}-${randomBytes(4).toString('hex')}@example.com`,
  )
  if (role) await grantRole(db, user.id, role)
  if (password) await setPasswordHash(db, user.id, await hashPassword(password))
  return user
}

/** The `cookie` header of a new panel session for the user. */
export async function panelCookie(userId: number): Promise<string> {
  const setCookie = await startSession(new Request('http://localhost/'), userId, 'panel')
  return setCookie.split(';')[0]!
}

/** A signed-in panel user's cookie header, or '' for an anonymous visitor. */
export async function cookieFor(who: Role | 'no-role' | 'anonymous'): Promise<string> {
  if (who === 'anonymous') return ''
  const user = await createPanelUser(who === 'no-role' ? null : who)
  return panelCookie(user.id)
}

/** A panel user holding `role`, signed in: the user and the cookie header of their session. */
export async function signedInPanelUser(role: Role, options: { password?: string } = {}) {
  const user = await createPanelUser(role, options)
  return { ...user, cookie: await panelCookie(user.id) }
}

/** Deletes panel users made here, their sessions first (their roles and tokens go with them). */
export async function deletePanelUsers(userIds: number[]): Promise<void> {
  for (const userId of userIds) await deleteUserSessions(db, userId)
  if (userIds.length > 0) await db.deleteFrom('users').where('id', 'in', userIds).execute()
}
