import { hash, verify, type Algorithm } from '@node-rs/argon2'

// argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).
// Algorithm.Argon2id is 2 (a const enum, which isolated modules cannot import).
const options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

// Checked against when the account does not exist, so a wrong address takes as long as a wrong password.
let decoy: Promise<string> | undefined

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy password that matches nothing')
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(passwordHash, password).catch(() => false)
}
