import { amazonSettings } from '#app/lib/amazon-settings.server.ts'
import { encryptionKey, getEnv } from '#app/lib/env.server.ts'
import { Refusal } from '#app/lib/form-reply.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { EVERY_PAGE } from '#app/lib/page-tags.ts'
import { encryptSecret } from '#app/lib/secret-box.server.ts'
import { getApiState } from '#app/models/amazon-api-state.server.ts'
import {
  lockCredentials,
  lockStoreTags,
  putCredentials,
  putStoreTag,
  type CredentialsRow,
} from '#app/models/amazon-settings.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import { setByEnvironment, type AmazonCredentialsForm } from '#app/schemas/amazon-settings.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { DEFAULT_STORE, parseAffiliateTags, STORES } from '#app/utils/stores.ts'
import { db } from '#db/client.ts'

// The Amazon settings' writes (docs/decisions/078): a store's tag, the Creators API credentials. Each in one
// transaction with its audit line (never the secret: "changed", and its last four), then every process told, so
// the next click and the next call use it. A value the environment sets is refused here: it would not apply.

const KEY_MISSING = 'The server has no ENCRYPTION_KEY to keep the secret with. Ask whoever runs the site.'

/** Sets a store's tag, or clears it (null); answers whether anything changed. */
export async function setStoreTag(actorId: number, store: string, tag: string | null): Promise<boolean> {
  const env = getEnv()
  if (parseAffiliateTags(env.AFFILIATE_TAGS, env.AFFILIATE_TAG).get(store)) {
    const fromTags = parseAffiliateTags(env.AFFILIATE_TAGS, undefined).get(store)
    throw new Refusal(409, setByEnvironment(store === DEFAULT_STORE && !fromTags ? 'AFFILIATE_TAG' : 'AFFILIATE_TAGS'))
  }
  const changed = await db.transaction().execute(async (trx) => {
    const before = (await lockStoreTags(trx)).find((row) => row.store === store)?.tag ?? null
    if (before === tag) return false
    await putStoreTag(trx, store, tag)
    await writeAudit(trx, {
      actorId,
      entityType: 'SETTINGS',
      entityId: null,
      action: 'UPDATE',
      diff: { [`associatesTag.${store}`]: { from: before, to: tag } },
    })
    return true
  })
  // The footer's store chooser, on every page, lists the stores with a tag.
  if (changed) await invalidatePages(EVERY_PAGE)
  return changed
}

const ENV_NAMES = {
  credentialId: 'AMAZON_CREDENTIAL_ID',
  credentialSecret: 'AMAZON_CREDENTIAL_SECRET',
  version: 'AMAZON_CREDENTIAL_VERSION',
  marketplace: 'AMAZON_MARKETPLACE',
} as const

/** Saves the credentials' form; answers whether anything changed. */
export async function setCredentials(actorId: number, form: AmazonCredentialsForm): Promise<boolean> {
  const env = getEnv()
  for (const field of Object.keys(ENV_NAMES) as Array<keyof typeof ENV_NAMES>) {
    if (form[field] !== undefined && env[ENV_NAMES[field]] !== undefined) {
      throw new Refusal(409, setByEnvironment(ENV_NAMES[field]), field)
    }
  }
  const key = form.credentialSecret ? encryptionKey() : null
  if (form.credentialSecret && !key) throw new Refusal(503, KEY_MISSING)

  const changed = await db.transaction().execute(async (trx) => {
    const before = await lockCredentials(trx)
    const after: Partial<CredentialsRow> = {}
    if (env.AMAZON_CREDENTIAL_ID === undefined) after.credential_id = form.credentialId ?? null
    if (env.AMAZON_CREDENTIAL_VERSION === undefined) after.version = form.version ?? null
    if (env.AMAZON_MARKETPLACE === undefined) after.marketplace = form.marketplace ?? null
    const diff: Record<string, unknown> = changedFields(before, after)
    if (form.credentialSecret && key) {
      after.credential_secret = encryptSecret(form.credentialSecret, key)
      after.secret_last_four = form.credentialSecret.slice(-4)
      // Whether the secret is new is not known without opening the old one: a secret typed is a secret changed.
      diff.credential_secret = { changed: true, lastFour: after.secret_last_four }
    }
    if (Object.keys(diff).length === 0) return false
    await putCredentials(trx, after)
    await writeAudit(trx, { actorId, entityType: 'SETTINGS', entityId: null, action: 'UPDATE', diff })
    return true
  })
  // No page shows the credentials; this is the news every process hears, which drops their settings' memo.
  if (changed) await invalidatePages(['info'])
  return changed
}

/**
 * What the panel shows of the settings, in the store table's order: never the secret, only its last four
 * characters; and the API's state, its times in `timeZone`.
 */
export async function amazonSettingsView(timeZone: string) {
  const [settings, state] = await Promise.all([amazonSettings(), getApiState(db)])
  const when = (date: Date | null) => (date ? formatDateTime(date, timeZone) : null)
  return {
    tags: STORES.flatMap(({ code }) => {
      const tag = settings.tags.get(code)
      return tag ? [{ store: code, tag: tag.value, fromEnv: tag.fromEnv }] : []
    }),
    api: {
      credentialId: settings.credentialId,
      secret: { lastFour: settings.credentialSecret.lastFour, fromEnv: settings.credentialSecret.fromEnv },
      version: settings.version,
      marketplace: settings.marketplace,
      state: {
        lastSuccess: when(state.last_success_at),
        lastRefusal: state.last_refusal_at
          ? { when: when(state.last_refusal_at)!, code: state.refusal_code, message: state.refusal_message }
          : null,
        refusedSince: when(state.refused_since),
      },
    },
  }
}
