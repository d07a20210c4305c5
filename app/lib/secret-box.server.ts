import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Every secret kept in the database, sealed under the one key of the environment (ENCRYPTION_KEY, once
 * MFA_ENCRYPTION_KEY; docs/decisions/048, 078): authenticator secrets and the Creators API secret. AES-256-GCM
 * from Node's crypto, a random IV per secret, one versioned string "v1.iv.tag.ciphertext"; an altered string, or
 * one another key sealed, does not open.
 */

const VERSION = 'v1'

/** A 256-bit key derived from the configured one, so its length and alphabet do not matter. */
function derivedKey(key: string): Buffer {
  // The info string predates the Amazon secret: every sealed secret in existing databases was made with it.
  return Buffer.from(hkdfSync('sha256', key, 'comic-vault', 'mfa-secret-encryption v1', 32))
}

export function encryptSecret(plain: string, key: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', derivedKey(key), iv)
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The secret, or an error when the string was altered, is of an unknown version or another key sealed it. */
export function decryptSecret(stored: string, key: string): string {
  const [version, iv, tag, sealed, ...rest] = stored.split('.')
  if (version !== VERSION || !iv || !tag || sealed === undefined || rest.length > 0) {
    throw new Error('not an encrypted secret of a known version')
  }
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(key), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8')
}
