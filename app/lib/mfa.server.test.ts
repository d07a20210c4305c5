import { describe, expect, test } from 'vitest'
import {
  acceptedStep,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_PATTERN,
  timeStep,
  totpCode,
  TOTP_PERIOD,
} from './mfa.server.ts'

describe('TOTP codes', () => {
  const secret = newTotpSecret()
  const now = Date.UTC(2026, 10, 25, 12, 0, 10)
  const step = timeStep(now)

  test('the current code and its neighbours (±1 step) are accepted, for their own step', () => {
    expect(acceptedStep(secret, totpCode(secret, now), null, now)).toBe(step)
    expect(acceptedStep(secret, totpCode(secret, now - TOTP_PERIOD * 1000), null, now)).toBe(step - 1)
    expect(acceptedStep(secret, totpCode(secret, now + TOTP_PERIOD * 1000), null, now)).toBe(step + 1)
  })

  test('two steps away, another secret, or not six digits: refused', () => {
    expect(acceptedStep(secret, totpCode(secret, now - 2 * TOTP_PERIOD * 1000), null, now)).toBeNull()
    expect(acceptedStep(secret, totpCode(secret, now + 2 * TOTP_PERIOD * 1000), null, now)).toBeNull()
    expect(acceptedStep(secret, totpCode(newTotpSecret(), now), null, now)).toBeNull()
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(acceptedStep(secret, bad, null, now)).toBeNull()
  })

  test('a code is good once: its step, or an earlier one, is never accepted again', () => {
    const code = totpCode(secret, now)
    const accepted = acceptedStep(secret, code, null, now)!
    expect(acceptedStep(secret, code, accepted, now)).toBeNull()
    // The previous step's code, still inside the window, is refused after a later one was used.
    expect(acceptedStep(secret, totpCode(secret, now - TOTP_PERIOD * 1000), accepted, now)).toBeNull()
    // The next step's code is still good.
    expect(acceptedStep(secret, totpCode(secret, now + TOTP_PERIOD * 1000), accepted, now)).toBe(step + 1)
  })
})

describe('recovery codes', () => {
  test('ten distinct codes of the form xxxx-xxxx without look-alike characters', () => {
    const codes = newRecoveryCodes()
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) {
      expect(code).toMatch(RECOVERY_CODE_PATTERN)
      expect(code).not.toMatch(/[01ILO]/)
    }
  })

  test('typed codes forgive case, spaces and the dash; anything else is not a code', () => {
    const [code] = newRecoveryCodes(1) as [string]
    expect(normaliseRecoveryCode(code.toLowerCase())).toBe(code)
    expect(normaliseRecoveryCode(code.replace('-', ' '))).toBe(code)
    expect(normaliseRecoveryCode(code.replace('-', ''))).toBe(code)
    for (const bad of ['', 'ABCD-EFG', 'ABCD-EFGH1', 'ABCD-EFG0', 'ABCD_EFGH'])
      expect(normaliseRecoveryCode(bad)).toBeNull()
  })

  test('hashes are stable and do not contain the code', () => {
    const [code] = newRecoveryCodes(1) as [string]
    expect(hashRecoveryCode(code)).toBe(hashRecoveryCode(code))
    expect(hashRecoveryCode(code)).not.toContain(code)
    expect(hashRecoveryCode(code)).not.toBe(hashRecoveryCode(newRecoveryCodes(1)[0]!))
  })
})
