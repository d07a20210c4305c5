import { describe, expect, test } from 'vitest'
import { newTotpSecret } from './mfa.server.ts'
import { decryptSecret, encryptSecret } from './secret-box.server.ts'

const KEY = 'k'.repeat(40)

describe('secrets at rest', () => {
  test('round trip, with a new IV each time', () => {
    const secret = newTotpSecret()
    const a = encryptSecret(secret, KEY)
    const b = encryptSecret(secret, KEY)
    expect(a).not.toBe(b)
    expect(a.startsWith('v1.')).toBe(true)
    expect(a).not.toContain(secret)
    expect(decryptSecret(a, KEY)).toBe(secret)
  })

  test('a tampered string, another key or an unknown version is refused', () => {
    const sealed = encryptSecret(newTotpSecret(), KEY)
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string]
    const flipped = (part: string) => `${part[0] === 'A' ? 'B' : 'A'}${part.slice(1)}`
    expect(() => decryptSecret([version, iv, tag, flipped(body)].join('.'), KEY)).toThrow()
    expect(() => decryptSecret([version, iv, flipped(tag), body].join('.'), KEY)).toThrow()
    expect(() => decryptSecret([version, flipped(iv), tag, body].join('.'), KEY)).toThrow()
    expect(() => decryptSecret(sealed, 'x'.repeat(40))).toThrow()
    expect(() => decryptSecret(sealed.replace(/^v1/, 'v2'), KEY)).toThrow()
    expect(() => decryptSecret('plain', KEY)).toThrow()
  })
})
