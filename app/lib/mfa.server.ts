import { createHash, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/**
 * The second factor's arithmetic (docs/decisions/048): TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s, ±1 step, each
 * step good once) and recovery codes. No database here; its secrets are sealed by secret-box.server.ts.
 */

// ---- TOTP ----

export const TOTP_PERIOD = 30

const totp = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: 'Comic Vault Supplies',
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
  })

/** A new random 160-bit secret (RFC 4226's recommended length), in base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** The secret grouped in fours, for typing into an app by hand. */
export const groupedSecret = (secretBase32: string) => secretBase32.replace(/(.{4})(?=.)/g, '$1 ')

export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
  }).toString()
}

/** The QR code of the otpauth URI, as an SVG document drawn on the server (no script, no external image). */
export async function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

/** The time step a code is for at `now`, as counted by RFC 6238. */
export const timeStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP_PERIOD)

/** The code for a step (tests compute codes the same way an app does). */
export const totpCode = (secretBase32: string, now = Date.now()) => totp(secretBase32).generate({ timestamp: now })

/**
 * The step the code was made for, when it is right within ±1 step of `now` and later than `lastStep` (the last
 * step this factor accepted): a code is good once, and an older one is never good again. Null: refused.
 */
export function acceptedStep(secretBase32: string, code: string, lastStep: number | null, now = Date.now()) {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: 1 })
  if (delta === null) return null
  const step = timeStep(now) + delta
  return lastStep !== null && step <= lastStep ? null : step
}

// ---- Recovery codes ----

export const RECOVERY_CODE_COUNT = 10

// Letters and digits without the look-alikes 0/O and 1/I/L: 31 symbols, 8 of them ≈ 40 bits a code, far beyond
// guessing at 5 tries per 15 minutes.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

export const RECOVERY_CODE_PATTERN = /^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/

/** Ten new codes, `xxxx-xxxx`, shown to the user once. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    return `${chars.slice(0, 4)}-${chars.slice(4)}`
  })
}

/** What was typed, as a code: case, spaces and a missing dash forgiven; null when it cannot be one. */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '')
  const code = `${compact.slice(0, 4)}-${compact.slice(4)}`
  return RECOVERY_CODE_PATTERN.test(code) ? code : null
}

/** A code's hash: SHA-256 is enough for ~40 random bits behind a rate limit, and lets a code be looked up. */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(`recovery:${code}`).digest('base64url')
