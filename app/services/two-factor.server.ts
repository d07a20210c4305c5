import { mfaEncryptionKey } from '#app/lib/env.server.ts'
import { Refusal } from '#app/lib/form-reply.server.ts'
import {
  acceptedStep,
  decryptSecret,
  encryptSecret,
  groupedSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  qrSvg,
} from '#app/lib/mfa.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  deleteUserFactors,
  findTotpFactor,
  lockTotpFactor,
  putPendingTotpFactor,
  replaceRecoveryCodes,
  rotateSession,
  setSessionAal,
  useRecoveryCode,
} from '#app/models/mfa.server.ts'
import { deleteUserSessions } from '#app/models/session.server.ts'
import { lockSiteSettings, updateSiteSettings } from '#app/models/site-settings.server.ts'
import {
  ALREADY_ENROLLED,
  ENROLMENT_GONE,
  MFA_UNAVAILABLE,
  NOT_ENROLLED,
  type SecondStep,
} from '#app/schemas/two-factor.ts'
import { db, type Executor } from '#db/client.ts'

// Two-factor sign-in's writes (docs/decisions/048). Each is one transaction that locks the factor, checks the
// code, changes and audits. A wrong code is not a Refusal here: its failure is audited in a transaction of its
// own (the check's rolls nothing back worth keeping), and the route counts it against the rate limit.

function requireKey(): string {
  const key = mfaEncryptionKey()
  if (!key) throw new Refusal(503, MFA_UNAVAILABLE)
  return key
}

/** Whether the user has two-factor sign-in, and what the account page shows of it. */
export async function twoFactorStatus(userId: number) {
  const factor = await findTotpFactor(db, userId)
  const enrolled = Boolean(factor?.verified_at)
  return {
    available: mfaEncryptionKey() !== null,
    enrolled,
    since: factor?.verified_at ?? null,
    recoveryCodesLeft: enrolled ? await countUnusedRecoveryCodes(db, userId) : 0,
    pendingFactorId: factor && !factor.verified_at ? factor.id : null,
  }
}

/** Starts setting up an authenticator app: a new secret, kept encrypted on a pending factor (replacing one). */
export async function startTotpEnrolment(userId: number) {
  const key = requireKey()
  return db.transaction().execute(async (trx) => {
    const current = await lockTotpFactor(trx, userId)
    if (current?.verified_at) throw new Refusal(409, ALREADY_ENROLLED)
    const row = await putPendingTotpFactor(trx, userId, encryptSecret(newTotpSecret(), key))
    if (!row) throw new Refusal(409, ALREADY_ENROLLED)
    return row.id
  })
}

/** What the setup page shows of a pending factor: the QR code (SVG) and the secret for typing by hand. */
export async function pendingEnrolment(userId: number, issuer: string, account: string) {
  const key = mfaEncryptionKey()
  const factor = await findTotpFactor(db, userId)
  if (!key || !factor?.totp_secret || factor.verified_at) return null
  const secret = decryptSecret(factor.totp_secret, key)
  return { factorId: factor.id, secret: groupedSecret(secret), qrSvg: await qrSvg(otpauthUri(secret, issuer, account)) }
}

/**
 * Confirms the pending factor with a code from the app and raises the session to aal2; answers the ten
 * recovery codes (shown once), or null for a wrong code. A form naming another factor than the user's pending
 * one is refused (400): the secret is the server's, never the form's.
 */
export async function confirmTotpEnrolment(userId: number, factorId: number, code: string, sessionId: string) {
  const key = requireKey()
  const codes = await db
    .transaction()
    .execute(async (trx) => {
      const factor = await lockTotpFactor(trx, userId)
      if (factor?.verified_at) throw new Refusal(409, ALREADY_ENROLLED)
      if (!factor?.totp_secret || factor.id !== factorId) throw new Refusal(400, ENROLMENT_GONE)
      const step = acceptedStep(decryptSecret(factor.totp_secret, key), code, factor.totp_last_step)
      if (step === null) return null
      await acceptTotpStep(trx, factor.id, step, { verify: true })
      // The code just proved the factor: this session is past the second step. In place, not at a new id: the
      // session already belongs to this user (sign-in gave it a new id), and the page that answers this form is
      // rendered with the request's cookie, which a new id would have ended.
      await setSessionAal(trx, sessionId, 'aal2')
      return issueRecoveryCodes(trx, userId, 'TWO_FACTOR_ENROLLED', { method: 'totp' })
    })
    .catch(async (error: unknown) => {
      // A form naming another factor is a failed attempt too.
      if (error instanceof Refusal && error.status === 400) await auditFailure(userId, 'enrol', 'totp')
      throw error
    })
  if (!codes) await auditFailure(userId, 'enrol', 'totp')
  return codes
}

/**
 * Checks a code against the user's confirmed factor, inside the caller's transaction: a TOTP code for a step
 * later than the last accepted (recorded), or an unused recovery code (marked used, audited). Answers whether
 * it was good.
 */
async function checkCode(trx: Executor, userId: number, { method, code }: SecondStep): Promise<boolean> {
  if (method === 'recovery') {
    const normalised = normaliseRecoveryCode(code)
    if (!normalised || !(await useRecoveryCode(trx, userId, hashRecoveryCode(normalised)))) return false
    await writeAudit(trx, {
      actorId: userId,
      entityType: 'USER',
      entityId: userId,
      action: 'RECOVERY_CODE_USED',
      diff: { recovery_codes_left: await countUnusedRecoveryCodes(trx, userId) },
    })
    return true
  }
  const factor = await lockTotpFactor(trx, userId)
  if (!factor?.verified_at || !factor.totp_secret) return false
  const step = acceptedStep(decryptSecret(factor.totp_secret, requireKey()), code, factor.totp_last_step)
  if (step === null) return false
  await acceptTotpStep(trx, factor.id, step)
  return true
}

/** A failed second-factor attempt, in the audit log (also for a form that did not even hold a code). */
export async function auditFailure(userId: number, step: string, method: SecondStep['method']) {
  await writeAudit(db, {
    actorId: userId,
    entityType: 'USER',
    entityId: userId,
    action: 'TWO_FACTOR_FAILED',
    diff: { step, method },
  })
}

/**
 * The second step of sign-in: a good code moves the session to a new id at aal2 (no fixation across the step
 * up). Answers the new session id, or null for a wrong code (audited).
 */
export async function completeSecondStep(userId: number, sessionId: string, newSessionId: string, input: SecondStep) {
  const rotated = await db.transaction().execute(async (trx) => {
    if (!(await checkCode(trx, userId, input))) return false
    return rotateSession(trx, sessionId, newSessionId, 'aal2')
  })
  if (!rotated) await auditFailure(userId, 'sign-in', input.method)
  return rotated ? newSessionId : null
}

/** New recovery codes (the old ones stop working), after a fresh check; null for a wrong code. */
export async function regenerateRecoveryCodes(userId: number, input: SecondStep) {
  const codes = await db.transaction().execute(async (trx) => {
    const factor = await lockTotpFactor(trx, userId)
    if (!factor?.verified_at) throw new Refusal(409, NOT_ENROLLED)
    if (!(await checkCode(trx, userId, input))) return null
    return issueRecoveryCodes(trx, userId, 'RECOVERY_CODES_REGENERATED')
  })
  if (!codes) await auditFailure(userId, 'regenerate-codes', input.method)
  return codes
}

/** Turns two-factor sign-in off for the user, after a fresh check; answers whether the code was good. */
export async function removeTwoFactor(userId: number, input: SecondStep) {
  const removed = await db.transaction().execute(async (trx) => {
    const factor = await lockTotpFactor(trx, userId)
    if (!factor?.verified_at) throw new Refusal(409, NOT_ENROLLED)
    if (!(await checkCode(trx, userId, input))) return false
    await deleteUserFactors(trx, userId)
    await writeAudit(trx, {
      actorId: userId,
      entityType: 'USER',
      entityId: userId,
      action: 'TWO_FACTOR_REMOVED',
      diff: { method: 'totp' },
    })
    return true
  })
  if (!removed) await auditFailure(userId, 'remove', input.method)
  return removed
}

/**
 * The way back in (npm run admin -- reset-2fa): every factor and recovery code of the user goes, and every panel
 * session ends. Audited with no actor, as the CLI.
 */
export async function resetTwoFactor(userId: number) {
  return db.transaction().execute(async (trx) => {
    const factors = await deleteUserFactors(trx, userId)
    const sessionsEnded = await deleteUserSessions(trx, userId, { kind: 'panel' })
    await writeAudit(trx, {
      actorId: null,
      entityType: 'USER',
      entityId: userId,
      action: 'TWO_FACTOR_RESET',
      diff: { via: 'cli', factors_removed: factors, sessions_ended: sessionsEnded },
    })
    return { factors, sessionsEnded }
  })
}

/** The site-wide "require two-factor for every panel user"; choosing what it is already changes nothing. */
export async function setRequireTwoFactor(actorId: number, on: boolean) {
  await db.transaction().execute(async (trx) => {
    const before = await lockSiteSettings(trx)
    if (before.requireTwoFactor === on) return
    await updateSiteSettings(trx, { require_two_factor: on })
    await writeAudit(trx, {
      actorId,
      entityType: 'SETTINGS',
      entityId: null,
      action: 'UPDATE',
      diff: { require_two_factor: { from: before.requireTwoFactor, to: on } },
    })
  })
}

/** Ten new recovery codes in place of any old ones, audited with `action`; answered to be shown once. */
async function issueRecoveryCodes(
  trx: Executor,
  userId: number,
  action: 'TWO_FACTOR_ENROLLED' | 'RECOVERY_CODES_REGENERATED',
  diff: Record<string, string> = {},
): Promise<string[]> {
  const recovery = newRecoveryCodes()
  await replaceRecoveryCodes(trx, userId, recovery.map(hashRecoveryCode))
  await writeAudit(trx, {
    actorId: userId,
    entityType: 'USER',
    entityId: userId,
    action,
    diff: { ...diff, recovery_codes: recovery.length },
  })
  return recovery
}
