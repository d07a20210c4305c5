import { randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { getEnv } from '#app/lib/env.server.ts'
import { Refusal } from '#app/lib/form-reply.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import {
  listPasskeys,
  lockPasskeyByCredential,
  putChallenge,
  recordPasskeyUse,
  takeChallenge,
  webauthnUserId,
  type ChallengePurpose,
} from '#app/models/passkey.server.ts'
import {
  MAX_PASSKEYS,
  NO_PASSKEY,
  PASSKEY_FAILED,
  PASSKEY_STALE,
  PASSKEYS_FULL,
  type PasskeyAssertion,
  type PasskeyAttestation,
} from '#app/schemas/two-factor.ts'
import { db, type Executor } from '#db/client.ts'

// The WebAuthn ceremonies (docs/decisions/049), on @simplewebauthn/server: options with a challenge kept in the
// database, good once; answers checked against SITE_URL's origin and host. Passkeys are bound to that host: a
// site that moves to another domain asks its users to add them again.

function relyingParty() {
  const { SITE_URL, SITE_NAME } = getEnv()
  const url = new URL(SITE_URL)
  return { rpID: url.hostname, origin: url.origin, rpName: SITE_NAME }
}

const descriptor = (passkey: { webauthn_credential_id: string | null; webauthn_transports: string[] }) => ({
  id: passkey.webauthn_credential_id!,
  transports: passkey.webauthn_transports,
})

/** Options for adding a passkey: the user's own ones excluded, a discoverable one asked for (sign-in by it alone). */
export async function registrationOptions(user: { id: number; email: string }) {
  const passkeys = await listPasskeys(db, user.id)
  if (passkeys.length >= MAX_PASSKEYS) throw new Refusal(409, PASSKEYS_FULL)
  const { rpID, rpName } = relyingParty()
  const handle = await webauthnUserId(db, user.id, randomBytes(32).toString('base64url'))
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: Buffer.from(handle, 'base64url'),
    attestationType: 'none',
    excludeCredentials: passkeys.map(descriptor),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
  await putChallenge(db, options.challenge, 'register', user.id)
  return options
}

/**
 * Options for using a passkey: the user's own (second step, fresh check), or any of this site's for a sign-in
 * by the passkey alone, which must verify its user (a PIN or biometric: two factors in one).
 */
export async function authenticationOptions(purpose: Exclude<ChallengePurpose, 'register'>, userId: number | null) {
  const passkeys = userId === null ? [] : await listPasskeys(db, userId)
  if (userId !== null && passkeys.length === 0) throw new Refusal(409, NO_PASSKEY)
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    allowCredentials: passkeys.map(descriptor),
    userVerification: purpose === 'sign-in' ? 'required' : 'preferred',
  })
  await putChallenge(db, options.challenge, purpose, userId)
  return options
}

/** A check of the library's that throws, or a challenge unknown, used or expired: a refusal with its reason. */
function challengeTaker(trx: Executor, purpose: ChallengePurpose, userId: number | null) {
  const state = { stale: false }
  const take = async (challenge: string) => {
    const taken = await takeChallenge(trx, challenge, purpose, userId)
    state.stale = !taken
    return taken
  }
  return { take, reason: () => (state.stale ? PASSKEY_STALE : PASSKEY_FAILED) }
}

/** A new passkey's credential, checked against its challenge (used up); a Refusal (400) when it is not good. */
export async function verifyRegistration(trx: Executor, userId: number, response: PasskeyAttestation) {
  const { rpID, origin } = relyingParty()
  const challenge = challengeTaker(trx, 'register', userId)
  const result = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge.take,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    logger.info({ err: error }, 'passkey registration refused')
    return null
  })
  if (!result?.verified) throw new Refusal(400, challenge.reason(), 'response')
  const { credential, credentialBackedUp } = result.registrationInfo
  return {
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    backedUp: credentialBackedUp,
  }
}

/**
 * Checks a passkey's answer inside the caller's transaction: the passkey (locked), of `userId` when one is
 * given, signing this purpose's challenge (used up, good or not), its counter moved on and recorded. Answers
 * the passkey, or the message for why not.
 */
export async function verifyAssertion(
  trx: Executor,
  purpose: Exclude<ChallengePurpose, 'register'>,
  userId: number | null,
  response: PasskeyAssertion,
): Promise<{ passkey: { id: number; userId: number; name: string } } | { error: string; userId?: number }> {
  const passkey = await lockPasskeyByCredential(trx, response.id)
  if (!passkey || (userId !== null && passkey.user_id !== userId)) return { error: PASSKEY_FAILED }
  const { rpID, origin } = relyingParty()
  const challenge = challengeTaker(trx, purpose, userId)
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge.take,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.webauthn_credential_id!,
      publicKey: new Uint8Array(passkey.webauthn_public_key!),
      counter: passkey.webauthn_counter!,
      transports: passkey.webauthn_transports,
    },
    requireUserVerification: purpose === 'sign-in',
  }).catch((error: unknown) => {
    logger.info({ err: error }, 'passkey assertion refused')
    return null
  })
  if (!result?.verified) return { error: challenge.reason(), userId: passkey.user_id }
  await recordPasskeyUse(trx, passkey.id, result.authenticationInfo.newCounter)
  return { passkey: { id: passkey.id, userId: passkey.user_id, name: passkey.name ?? 'Passkey' } }
}

/**
 * Sign-in by a passkey alone: its user, when the passkey signed a sign-in challenge and verified its user (a PIN
 * or biometric: two factors in one, so the session starts at aal2). Else why not, with the user when the
 * passkey was theirs (for the audit).
 */
export async function passkeySignIn(response: PasskeyAssertion) {
  const outcome = await db.transaction().execute((trx) => verifyAssertion(trx, 'sign-in', null, response))
  return 'error' in outcome ? outcome : { userId: outcome.passkey.userId }
}
