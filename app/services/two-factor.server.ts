import { encryptionKey } from '#app/lib/env.server.ts'
import { Refusal } from '#app/lib/form-reply.server.ts'
import {
  acceptedStep,
  groupedSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
  qrSvg,
} from '#app/lib/mfa.server.ts'
import { decryptSecret, encryptSecret } from '#app/lib/secret-box.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  deleteFactor,
  deleteRecoveryCodes,
  deleteUserFactors,
  findTotpFactor,
  getAssurance,
  lockTotpFactor,
  lockUserFactors,
  putPendingTotpFactor,
  replaceRecoveryCodes,
  rotateSession,
  setSessionAal,
  useRecoveryCode,
} from '#app/models/mfa.server.ts'
import { deletePasskey, insertPasskey, listPasskeys } from '#app/models/passkey.server.ts'
import { deleteUserSessions } from '#app/models/session.server.ts'
import {
  ALREADY_ENROLLED,
  ENROLMENT_GONE,
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
  MAX_PASSKEYS,
  MFA_UNAVAILABLE,
  NOT_ENROLLED,
  PASSKEY_GONE,
  PASSKEY_TAKEN,
  PASSKEYS_FULL,
  type PasskeyAttestation,
  type SecondStep,
  type SecondStepMethod,
} from '#app/schemas/two-factor.ts'
import { db, type Executor } from '#db/client.ts'
import { verifyAssertion, verifyRegistration } from './passkeys.server.ts'
import { setSiteSwitch } from './site-settings.server.ts'

// Two-factor sign-in's writes (docs/decisions/048, 049). Each is one transaction that locks the user's factors,
// checks the code or passkey, changes and audits. A wrong code is not a Refusal here: the check answers its
// message, its failure is audited in a transaction of its own (the check's rolls nothing back worth keeping),
// and the route counts it against the rate limit. Recovery codes come with the first factor and go with the last.

/** A check's failure: the message to show under the form. */
export type Failed = { error: string }

/** A user's own change to their sign-in, or their failed attempt, in the audit trail: actor and entity are them. */
const auditOwn = (executor: Executor, userId: number, action: string, diff: Record<string, unknown>) =>
  writeAudit(executor, { actorId: userId, entityType: 'USER', entityId: userId, action, diff })

function requireKey(): string {
  const key = encryptionKey()
  if (!key) throw new Refusal(503, MFA_UNAVAILABLE)
  return key
}

/** Whether the user has two-factor sign-in, and what the account page shows of it: the app, passkeys, codes. */
export async function twoFactorStatus(userId: number) {
  const [factor, passkeys] = await Promise.all([findTotpFactor(db, userId), listPasskeys(db, userId)])
  const totp = Boolean(factor?.verified_at)
  const enrolled = totp || passkeys.length > 0
  return {
    available: encryptionKey() !== null,
    enrolled,
    totp,
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name ?? 'Passkey',
      addedAt: passkey.verified_at!,
      lastUsedAt: passkey.last_used_at,
    })),
    recoveryCodesLeft: enrolled ? await countUnusedRecoveryCodes(db, userId) : 0,
    pendingFactorId: factor && !factor.verified_at ? factor.id : null,
  }
}

/** The methods the user's second step offers: their factors, and recovery codes. */
export async function secondStepMethods(userId: number): Promise<SecondStepMethod[]> {
  const status = await twoFactorStatus(userId)
  return [
    ...(status.passkeys.length > 0 ? (['passkey'] as const) : []),
    // Without the key the app's codes cannot be checked: recovery codes (hashed, not encrypted) still can.
    ...(status.totp && status.available ? (['totp'] as const) : []),
    'recovery',
  ]
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
  const key = encryptionKey()
  const factor = await findTotpFactor(db, userId)
  if (!key || !factor?.totp_secret || factor.verified_at) return null
  const secret = decryptSecret(factor.totp_secret, key)
  return { factorId: factor.id, secret: groupedSecret(secret), qrSvg: await qrSvg(otpauthUri(secret, issuer, account)) }
}

/**
 * Confirms the pending factor with a code from the app and raises the session to aal2; answers the ten
 * recovery codes (shown once) when it is the user's first factor, or the failure for a wrong code. A form naming
 * another factor than the user's pending one is refused (400): the secret is the server's, never the form's.
 */
export async function confirmTotpEnrolment(userId: number, factorId: number, code: string, sessionId: string) {
  const key = requireKey()
  const outcome = await db
    .transaction()
    .execute(async (trx): Promise<{ recoveryCodes: string[] | null } | Failed> => {
      await lockUserFactors(trx, userId)
      const factor = await lockTotpFactor(trx, userId)
      if (factor?.verified_at) throw new Refusal(409, ALREADY_ENROLLED)
      if (!factor?.totp_secret || factor.id !== factorId) throw new Refusal(400, ENROLMENT_GONE)
      const step = acceptedStep(decryptSecret(factor.totp_secret, key), code, factor.totp_last_step)
      if (step === null) return { error: INVALID_CODE }
      const first = !(await getAssurance(trx, userId)).hasFactor
      await acceptTotpStep(trx, factor.id, step, { verify: true })
      return { recoveryCodes: await enrolled(trx, userId, sessionId, first, { method: 'totp' }) }
    })
    .catch(async (error: unknown) => {
      // A form naming another factor is a failed attempt too.
      if (error instanceof Refusal && error.status === 400) await auditFailure(userId, 'enrol', 'totp')
      throw error
    })
  if ('error' in outcome) await auditFailure(userId, 'enrol', 'totp')
  return outcome
}

/**
 * Adds a passkey the browser just made, checked against its challenge; answers the ten recovery codes when it
 * is the user's first factor. A bad answer is a Refusal (400, audited); a passkey already registered a 409.
 */
export async function addPasskey(userId: number, sessionId: string, response: PasskeyAttestation, name?: string) {
  return db
    .transaction()
    .execute(async (trx) => {
      await lockUserFactors(trx, userId)
      const passkeys = await listPasskeys(trx, userId)
      if (passkeys.length >= MAX_PASSKEYS) throw new Refusal(409, PASSKEYS_FULL)
      const credential = await verifyRegistration(trx, userId, response)
      const first = !(await getAssurance(trx, userId)).hasFactor
      const label = name || `Passkey ${passkeys.length + 1}`
      const row = await insertPasskey(trx, { userId, name: label, ...credential })
      if (!row) throw new Refusal(409, PASSKEY_TAKEN, 'response')
      const recoveryCodes = await enrolled(trx, userId, sessionId, first, { method: 'passkey', name: label })
      return { name: label, recoveryCodes }
    })
    .catch(async (error: unknown) => {
      if (error instanceof Refusal && error.status === 400) await auditFailure(userId, 'enrol', 'passkey')
      throw error
    })
}

/**
 * A factor just proved by the user: audited, and this session is past the second step. In place, not at a new
 * id: the session already belongs to this user (sign-in gave it a new id), and the page that answers the form
 * is rendered with the request's cookie, which a new id would have ended. The first factor brings the recovery
 * codes, answered to be shown once.
 */
async function enrolled(
  trx: Executor,
  userId: number,
  sessionId: string,
  first: boolean,
  diff: Record<string, string>,
) {
  await setSessionAal(trx, sessionId, 'aal2')
  if (first) return issueRecoveryCodes(trx, userId, 'TWO_FACTOR_ENROLLED', diff)
  await auditOwn(trx, userId, 'TWO_FACTOR_ENROLLED', diff)
  return null
}

/**
 * Checks a second step against the user's confirmed factors, inside the caller's transaction: a TOTP code for a
 * step later than the last accepted (recorded), an unused recovery code (marked used, audited), or a passkey's
 * answer to this user's challenge (used up, its counter recorded). Answers null when it was good, else why not.
 */
async function checkSecondStep(trx: Executor, userId: number, input: SecondStep): Promise<Failed | null> {
  if (input.method === 'passkey') {
    const checked = await verifyAssertion(trx, 'authenticate', userId, input.response)
    return 'error' in checked ? checked : null
  }
  const { method, code } = input
  if (method === 'recovery') {
    const normalised = normaliseRecoveryCode(code)
    if (!normalised || !(await useRecoveryCode(trx, userId, hashRecoveryCode(normalised))))
      return { error: INVALID_RECOVERY_CODE }
    await auditOwn(trx, userId, 'RECOVERY_CODE_USED', {
      recovery_codes_left: await countUnusedRecoveryCodes(trx, userId),
    })
    return null
  }
  const factor = await lockTotpFactor(trx, userId)
  if (!factor?.verified_at || !factor.totp_secret) return { error: INVALID_CODE }
  const step = acceptedStep(decryptSecret(factor.totp_secret, requireKey()), code, factor.totp_last_step)
  if (step === null) return { error: INVALID_CODE }
  await acceptTotpStep(trx, factor.id, step)
  return null
}

/** A failed second-factor attempt, in the audit log (also for a form that did not even hold a code). */
export async function auditFailure(userId: number, step: string, method: SecondStepMethod) {
  await auditOwn(db, userId, 'TWO_FACTOR_FAILED', { step, method })
}

/**
 * The second step of sign-in: a good code or passkey moves the session to a new id at aal2 (no fixation across
 * the step up). Answers the new session id, or the failure (audited).
 */
export async function completeSecondStep(userId: number, sessionId: string, newSessionId: string, input: SecondStep) {
  return freshChecked(userId, 'sign-in', input, async (trx): Promise<{ sessionId: string } | Failed> => {
    if (!(await rotateSession(trx, sessionId, newSessionId, 'aal2'))) return { error: ENROLMENT_GONE }
    return { sessionId: newSessionId }
  })
}

/** New recovery codes (the old ones stop working), after a fresh check. */
export async function regenerateRecoveryCodes(userId: number, input: SecondStep) {
  return freshChecked(userId, 'regenerate-codes', input, async (trx) => ({
    recoveryCodes: await issueRecoveryCodes(trx, userId, 'RECOVERY_CODES_REGENERATED'),
  }))
}

/** Removes the user's authenticator app, after a fresh check; answers whether a factor is left. */
export async function removeTotp(userId: number, input: SecondStep) {
  return freshChecked(userId, 'remove', input, async (trx) => {
    const factor = await lockTotpFactor(trx, userId)
    if (!factor?.verified_at) throw new Refusal(409, NOT_ENROLLED)
    await deleteFactor(trx, factor.id)
    return factorRemoved(trx, userId, { method: 'totp' })
  })
}

/** Removes one of the user's passkeys, after a fresh check (it may be by that passkey itself). */
export async function removePasskey(userId: number, factorId: number, input: SecondStep) {
  return freshChecked(userId, 'remove', input, async (trx) => {
    const name = await deletePasskey(trx, userId, factorId)
    if (name === null) throw new Refusal(404, PASSKEY_GONE)
    return { name, ...(await factorRemoved(trx, userId, { method: 'passkey', name })) }
  })
}

/** Audits a removed factor; with the last one gone, its recovery codes go too. */
async function factorRemoved(trx: Executor, userId: number, diff: Record<string, string>) {
  const { hasFactor } = await getAssurance(trx, userId)
  if (!hasFactor) await deleteRecoveryCodes(trx, userId)
  await auditOwn(trx, userId, 'TWO_FACTOR_REMOVED', { ...diff, ...(hasFactor ? {} : { recovery_codes: 'removed' }) })
  return { factorsLeft: hasFactor }
}

/**
 * Runs `write` in one transaction with the user's factors locked, after the second step `input` checked good;
 * a user without a factor is refused (409). A failed check changes nothing but what the check itself used up
 * (a TOTP step, a passkey challenge), and is audited as `step`.
 */
async function freshChecked<Answer extends object>(
  userId: number,
  step: string,
  input: SecondStep,
  write: (trx: Executor) => Promise<Answer | Failed>,
): Promise<Answer | Failed> {
  const outcome = await db.transaction().execute(async (trx) => {
    await lockUserFactors(trx, userId)
    if (!(await getAssurance(trx, userId)).hasFactor) throw new Refusal(409, NOT_ENROLLED)
    return (await checkSecondStep(trx, userId, input)) ?? write(trx)
  })
  if ('error' in outcome) await auditFailure(userId, step, input.method)
  return outcome
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
export function setRequireTwoFactor(actorId: number, on: boolean) {
  return setSiteSwitch(actorId, 'require_two_factor', on)
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
  await auditOwn(trx, userId, action, { ...diff, recovery_codes: recovery.length })
  return recovery
}
