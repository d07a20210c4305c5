import { getCredentials, listStoreTags } from '#app/models/amazon-settings.server.ts'
import { DEFAULT_STORE, parseAffiliateTags } from '#app/utils/stores.ts'
import { db } from '#db/client.ts'
import { encryptionKey, getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'
import { memoUntilWrite } from './memo-until-write.server.ts'
import { decryptSecret } from './secret-box.server.ts'

/**
 * The Amazon settings in effect (docs/decisions/078): what the environment sets, else what the panel set. Read
 * from the database through a memo of this process that every settings write drops in every process (the same
 * news that drops cached pages: Redis pub/sub, or this process alone when embedded), and at most MAX_AGE_MS old
 * when a message was lost. So a change applies without a restart, in the web processes and the workers alike.
 */

const MAX_AGE_MS = 15_000

export type CredentialVersion = '2.1' | '2.2' | '2.3' | '3.1' | '3.2' | '3.3'

/** A setting's value in effect and whether the environment set it (then the panel cannot change it). */
export interface Setting<Value> {
  value: Value
  fromEnv: boolean
}

export interface AmazonSettings {
  /** Every enrolled store (the default one always) and its tag, null when none is set. */
  tags: ReadonlyMap<string, Setting<string | null>>
  credentialId: Setting<string | null>
  /** The secret itself is for the client only: what is shown of it is `lastFour`. */
  credentialSecret: Setting<string | null> & { lastFour: string | null }
  version: Setting<CredentialVersion | null>
  marketplace: Setting<string>
  /** AMAZON_PARTNER_TAG, else the default store's tag: the tag the API's calls carry. */
  partnerTag: string | null
}

const DEFAULT_MARKETPLACE = 'www.amazon.com'

const read = memoUntilWrite(readSettings, { maxKeys: 1, maxAgeMs: MAX_AGE_MS })

export const amazonSettings = (): Promise<AmazonSettings> => read()

async function readSettings(): Promise<AmazonSettings> {
  const env = getEnv()
  const [rows, credentials] = await Promise.all([listStoreTags(db), getCredentials(db)])
  const fromEnv = parseAffiliateTags(env.AFFILIATE_TAGS, env.AFFILIATE_TAG)
  const tags = new Map<string, Setting<string | null>>([[DEFAULT_STORE, { value: null, fromEnv: false }]])
  for (const { store, tag } of rows) tags.set(store, { value: tag, fromEnv: false })
  for (const [store, tag] of fromEnv) if (tag !== null) tags.set(store, { value: tag, fromEnv: true })

  const secret = env.AMAZON_CREDENTIAL_SECRET
  return {
    tags,
    credentialId: setting(env.AMAZON_CREDENTIAL_ID, credentials.credential_id),
    credentialSecret: secret
      ? { value: secret, fromEnv: true, lastFour: secret.slice(-4) }
      : { value: openSecret(credentials.credential_secret), fromEnv: false, lastFour: credentials.secret_last_four },
    version: setting(env.AMAZON_CREDENTIAL_VERSION, credentials.version as CredentialVersion | null),
    marketplace: {
      value: env.AMAZON_MARKETPLACE ?? credentials.marketplace ?? DEFAULT_MARKETPLACE,
      fromEnv: env.AMAZON_MARKETPLACE !== undefined,
    },
    partnerTag: env.AMAZON_PARTNER_TAG ?? tags.get(DEFAULT_STORE)?.value ?? null,
  }
}

const setting = <Value>(env: Value | undefined, stored: Value | null): Setting<Value | null> =>
  env !== undefined ? { value: env, fromEnv: true } : { value: stored, fromEnv: false }

/** The stored secret opened, or null when there is none, or the key cannot open it (a changed key: set it again). */
function openSecret(sealed: string | null): string | null {
  const key = encryptionKey()
  if (!sealed || !key) return null
  try {
    return decryptSecret(sealed, key)
  } catch {
    logger.warn('the stored Creators API secret does not open with ENCRYPTION_KEY; set it again in the panel')
    return null
  }
}
