import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { isoCBOR } from '@simplewebauthn/server/helpers'

// A passkey authenticator in software, for integration tests (the e2e suite uses Chromium's virtual one): it
// answers a ceremony's options as a browser with a platform authenticator would, with an ES256 key, "none"
// attestation and a signature counter, so the server's real verification runs on what it makes.

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

interface Credential {
  id: Buffer
  privateKey: KeyObject
  publicKey: KeyObject
  userHandle: string
  counter: number
}

interface CreationOptions {
  challenge: string
  rp: { id?: string }
  user: { id: string }
}
interface RequestOptions {
  challenge: string
  rpId?: string
  allowCredentials?: Array<{ id: string }>
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = []

  constructor(
    readonly origin: string,
    private readonly options: { userVerified?: boolean } = {},
  ) {}

  private rpIdHash(rpId: string | undefined) {
    return sha256(rpId ?? new URL(this.origin).hostname)
  }

  private flags(attested: boolean) {
    // UP (user present), UV (user verified) unless told otherwise, AT (attested credential data) at creation.
    return 0x01 | (this.options.userVerified === false ? 0 : 0x04) | (attested ? 0x40 : 0)
  }

  /** navigator.credentials.create(), as @simplewebauthn/browser's startRegistration answers it. */
  register(options: CreationOptions): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const credential: Credential = {
      id: randomBytes(16),
      privateKey,
      publicKey,
      userHandle: options.user.id,
      counter: 0,
    }
    this.credentials.push(credential)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credential.id.length)
    const authData = Buffer.concat([
      this.rpIdHash(options.rp.id),
      Buffer.from([this.flags(true)]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(cosePublicKey),
    ])
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
    })
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    )
    return answer(credential, clientDataJSON, {
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    })
  }

  /** navigator.credentials.get(): the first of its credentials the options allow (any, for a discoverable one). */
  authenticate(
    options: RequestOptions,
    { credential = this.pick(options) }: { credential?: Credential } = {},
  ): AuthenticationResponseJSON {
    credential.counter += 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(credential.counter)
    const authData = Buffer.concat([this.rpIdHash(options.rpId), Buffer.from([this.flags(false)]), counter])
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin })
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    return answer(credential, clientDataJSON, {
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    })
  }

  private pick(options: RequestOptions): Credential {
    const allowed = options.allowCredentials?.map((entry) => entry.id)
    const found = this.credentials.find((credential) => !allowed?.length || allowed.includes(b64url(credential.id)))
    if (!found) throw new Error('no credential for these options')
    return found
  }
}

/** A platform credential's answer as the browser's toJSON() gives it, around the ceremony's own response fields. */
function answer<R extends object>(credential: Credential, clientDataJSON: string, response: R) {
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    response: { clientDataJSON: b64url(clientDataJSON), ...response },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  }
}
