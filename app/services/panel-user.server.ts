import { Refusal } from '#app/lib/form-reply.server.ts'
import { hashPassword } from '#app/lib/password.server.ts'
import { roleOf, type Role } from '#app/lib/permissions.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import { deleteUserFactors } from '#app/models/mfa.server.ts'
import { countAdmins, findUserById, replaceRole, revokePanelAccess } from '#app/models/panel-user.server.ts'
import {
  consumePasswordResetToken,
  createPasswordResetToken,
  deletePasswordResetTokens,
} from '#app/models/password-reset.server.ts'
import { deleteUserSessions } from '#app/models/session.server.ts'
import {
  adminExists,
  findOrCreateUserByEmail,
  findUserByEmail,
  grantRole,
  listUserRoles,
  lockAdmins,
  setPasswordHash,
} from '#app/models/user.server.ts'
import { SETUP_COMPLETE } from '#app/schemas/admin-auth.ts'
import { alreadyPanelUser, LAST_ADMIN, NOT_A_PANEL_USER } from '#app/schemas/panel-users.ts'
import { INVITATION_LINK_HOURS, RESET_LINK_HOURS } from '#app/utils/password-links.ts'
import { invitationMail, passwordResetMail } from '#app/utils/password-reset-mail.server.ts'
import { db, type Executor } from '#db/client.ts'
import { enqueue } from '#jobs/queues.ts'

// The writes on the panel's users (docs/decisions/038): the settings page's add, change role and remove, the
// first admin, and the password links. Each is one transaction that locks, checks, changes and audits; a
// reason the visitor can act on is a Refusal, which rolls it back. User changes hold `lockAdmins`, so there
// is always an admin left, and two first admins cannot both be created.

/** Gives `email` (a new or a reviewer's account) a role and mails them a link to set their password. */
export async function addPanelUser(actorId: number, { email, role }: { email: string; role: Role }) {
  return db.transaction().execute(async (trx) => {
    const user = await findOrCreateUserByEmail(trx, email)
    if ((await listUserRoles(trx, user.id)).length > 0) throw new Refusal(409, alreadyPanelUser(user.email), 'email')
    await grantRole(trx, user.id, role)
    await writeAudit(trx, {
      actorId,
      entityType: 'USER',
      entityId: user.id,
      action: 'ADD_USER',
      diff: { email: user.email, role: { from: null, to: role } },
    })
    const token = await createPasswordResetToken(trx, user.id, INVITATION_LINK_HOURS * 3600)
    // Queued last: if it fails, nothing above is kept; if the commit fails after it, the mailed link finds no row.
    await enqueue('send-mail', invitationMail(user.email, token, role))
    return user
  })
}

/**
 * The user and their role, with the set of admins locked until the transaction ends. Refused for a user
 * without a role, and when the change would take the admin role from the last admin.
 */
async function currentRole(trx: Executor, userId: number, { dropsAdmin }: { dropsAdmin: boolean }) {
  await lockAdmins(trx)
  const user = await findUserById(trx, userId)
  const role = user ? roleOf(await listUserRoles(trx, userId)) : null
  if (!user || !role) throw new Refusal(404, NOT_A_PANEL_USER)
  if (role === 'admin' && dropsAdmin && (await countAdmins(trx)) <= 1) throw new Refusal(409, LAST_ADMIN)
  return { user, role }
}

export async function changePanelRole(actorId: number, userId: number, role: Role) {
  return db.transaction().execute(async (trx) => {
    const current = await currentRole(trx, userId, { dropsAdmin: role !== 'admin' })
    if (current.role !== role) {
      await replaceRole(trx, userId, role)
      await writeAudit(trx, {
        actorId,
        entityType: 'USER',
        entityId: userId,
        action: 'CHANGE_ROLE',
        diff: { role: { from: current.role, to: role } },
      })
    }
    return current.user
  })
}

/** Takes the user's roles, password, panel sessions and pending links; their row (and its history) stays. */
export async function removePanelUser(actorId: number, userId: number) {
  return db.transaction().execute(async (trx) => {
    const { user, role } = await currentRole(trx, userId, { dropsAdmin: true })
    await revokePanelAccess(trx, userId)
    await deleteUserSessions(trx, userId, { kind: 'panel' })
    await deletePasswordResetTokens(trx, userId)
    // Like the password: someone added again starts without the old second factor (docs/decisions/048).
    const factors = await deleteUserFactors(trx, userId)
    await writeAudit(trx, {
      actorId,
      entityType: 'USER',
      entityId: userId,
      action: 'REMOVE_USER',
      diff: { email: user.email, role: { from: role, to: null }, ...(factors ? { two_factor: 'removed' } : {}) },
    })
    return user
  })
}

/** The first admin (SPEC §4), once: refused when an admin exists, however close two requests come. */
export async function createFirstAdmin({ email, password }: { email: string; password: string }) {
  const passwordHash = await hashPassword(password)
  return db.transaction().execute(async (trx) => {
    await lockAdmins(trx)
    if (await adminExists(trx)) throw new Refusal(409, SETUP_COMPLETE)
    const user = await findOrCreateUserByEmail(trx, email)
    await setPasswordHash(trx, user.id, passwordHash)
    await grantRole(trx, user.id, 'admin')
    await writeAudit(trx, {
      actorId: user.id,
      entityType: 'USER',
      entityId: user.id,
      action: 'CREATE_ADMIN',
      diff: { email: user.email, timestamp: new Date().toISOString() },
    })
    return user
  })
}

/**
 * Mails a one-hour reset link to `email` if it belongs to someone who may use the panel (a reviewer's account
 * has no password to reset); says nothing either way.
 */
export async function sendPasswordResetLink(email: string): Promise<void> {
  const user = await findUserByEmail(db, email)
  if (!user || (await listUserRoles(db, user.id)).length === 0) return
  const token = await createPasswordResetToken(db, user.id, RESET_LINK_HOURS * 3600)
  await enqueue('send-mail', passwordResetMail(user.email, token))
}

/**
 * Sets a new password from a mailed link, which it uses up, and ends the user's panel sessions: whoever knew
 * the old password is signed out; `current`, the person resetting it here, stays signed in if it is them.
 * Undefined when the link is unknown, used or expired.
 */
export async function resetPassword(
  token: string,
  password: string,
  current: { userId: number; sessionId: string } | null,
) {
  const passwordHash = await hashPassword(password)
  return db.transaction().execute(async (trx) => {
    const link = await consumePasswordResetToken(trx, token)
    if (!link) return undefined
    await setPasswordHash(trx, link.user_id, passwordHash)
    const sessionsEnded = await deleteUserSessions(trx, link.user_id, {
      kind: 'panel',
      except: current?.userId === link.user_id ? current.sessionId : undefined,
    })
    await writeAudit(trx, {
      actorId: link.user_id,
      entityType: 'USER',
      entityId: link.user_id,
      action: 'RESET_PASSWORD',
      diff: { password: 'changed', sessionsEnded },
    })
    return link
  })
}

/**
 * A new admin from the command line (npm run admin -- create), for a deployment without the setup page or an
 * owner locked out: refused for an address that already has an account. Answers the token of a set-password
 * link (24 hours, once), printed rather than mailed; no password is ever chosen or shown by the CLI. Audited
 * with no actor, as the CLI.
 */
export async function createAdminFromCli(email: string) {
  return db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new Refusal(409, 'A user with that e-mail already exists.')
    const user = await findOrCreateUserByEmail(trx, email)
    await grantRole(trx, user.id, 'admin')
    await writeAudit(trx, {
      actorId: null,
      entityType: 'USER',
      entityId: user.id,
      action: 'ADD_USER',
      diff: { via: 'cli', email: user.email, role: { from: null, to: 'admin' } },
    })
    const token = await createPasswordResetToken(trx, user.id, INVITATION_LINK_HOURS * 3600)
    return { ...user, token }
  })
}
