import { randomBytes } from 'node:crypto'
import { verifyRegistrationResponse } from '@simplewebauthn/server'
import { getEnv, encryptionKey } from '#app/lib/env.server.ts'
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, timeStep } from '#app/lib/mfa.server.ts'
import { hashPassword } from '#app/lib/password.server.ts'
import type { Role } from '#app/lib/permissions.ts'
import { encryptSecret } from '#app/lib/secret-box.server.ts'
import { startSession } from '#app/lib/session.server.ts'
import { acceptTotpStep, putPendingTotpFactor, replaceRecoveryCodes } from '#app/models/mfa.server.ts'
import { insertPasskey } from '#app/models/passkey.server.ts'
import { deleteUserSessions } from '#app/models/session.server.ts'
import { findOrCreateUserByEmail, grantRole, setPasswordHash } from '#app/models/user.server.ts'
import { db } from '#db/client.ts'
import type { SessionAal } from '#db/types.ts'
import { SoftAuthenticator } from './soft-authenticator.ts'

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

/**
 * The `cookie` header of a new panel session for the user: aal1, as after the password, unless `aal` says it
 * has passed the second step too (docs/decisions/048); aal1 is enough for a user without a factor.
 */
export async function panelCookie(userId: number, { aal = 'aal1' }: { aal?: SessionAal } = {}): Promise<string> {
  const setCookie = await startSession(new Request('http://localhost/'), userId, 'panel')
  if (aal !== 'aal1') await db.updateTable('sessions').set({ aal }).where('user_id', '=', userId).execute()
  return setCookie.split(';')[0]!
}

/**
 * Gives the user a confirmed authenticator app and ten recovery codes, as enrolment would; answers the secret
 * (base32, for computing codes with otpauth) and the codes. No step is marked used, so the current code works.
 */
export async function enrolAuthenticator(userId: number) {
  const key = encryptionKey()
  if (!key) throw new Error('no MFA encryption key')
  const secret = newTotpSecret()
  const recoveryCodes = newRecoveryCodes()
  const factor = await putPendingTotpFactor(db, userId, encryptSecret(secret, key))
  await acceptTotpStep(db, factor!.id, timeStep() - 2, { verify: true })
  await replaceRecoveryCodes(db, userId, recoveryCodes.map(hashRecoveryCode))
  return { secret, recoveryCodes }
}

/**
 * Gives the user a passkey held by a software authenticator (soft-authenticator.ts), registered as a ceremony
 * would register it; answers the authenticator, which can answer the site's later challenges with it.
 */
export async function addPasskey(userId: number, name = 'Test passkey') {
  const origin = new URL(getEnv().SITE_URL).origin
  const authenticator = new SoftAuthenticator(origin)
  const challenge = randomBytes(16).toString('base64url')
  const response = authenticator.register({ challenge, rp: {}, user: { id: challenge } })
  const verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin })
  if (!verified.verified) throw new Error('the software passkey did not register')
  const { credential, credentialBackedUp } = verified.registrationInfo
  await insertPasskey(db, {
    userId,
    name,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    backedUp: credentialBackedUp,
  })
  return authenticator
}

/** The audit trail about the user (their sign-in factors, say), oldest first: action and diff. */
export async function userAudit(userId: number) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'diff'])
    .where('entity_type', '=', 'USER')
    .where('entity_id', '=', String(userId))
    .orderBy('id')
    .execute()
}

/** A signed-in panel user's cookie header, or '' for an anonymous visitor. */
export async function cookieFor(who: Role | 'no-role' | 'anonymous' | 'enrolled-aal1'): Promise<string> {
  if (who === 'anonymous') return ''
  if (who === 'enrolled-aal1') {
    // An admin with an authenticator app, signed in with the password only.
    const user = await createPanelUser('admin')
    await enrolAuthenticator(user.id)
    return panelCookie(user.id)
  }
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
