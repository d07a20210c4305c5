import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// The Amazon settings set in the panel (docs/decisions/078): each store's Associates tag, and the Creators API
// credentials in one row, the secret as sealed (never opened here). Returned with the columns' names.

export async function listStoreTags(db: Executor) {
  return db.selectFrom('amazon_store_tags').select(['store', 'tag']).orderBy('store').execute()
}

/** The tags as they are now, locked until the transaction ends, so the diff written is the diff made. */
export async function lockStoreTags(trx: Executor) {
  return trx.selectFrom('amazon_store_tags').select(['store', 'tag']).orderBy('store').forUpdate().execute()
}

/** A store's tag set, or cleared (null). */
export async function putStoreTag(trx: Executor, store: string, tag: string | null) {
  if (tag === null) await trx.deleteFrom('amazon_store_tags').where('store', '=', store).execute()
  else
    await trx
      .insertInto('amazon_store_tags')
      .values({ store, tag })
      .onConflict((oc) => oc.column('store').doUpdateSet({ tag, updated_at: sql`now()` }))
      .execute()
}

const CREDENTIALS = ['credential_id', 'credential_secret', 'secret_last_four', 'version', 'marketplace'] as const
const NO_CREDENTIALS = {
  credential_id: null,
  credential_secret: null,
  secret_last_four: null,
  version: null,
  marketplace: null,
}

export async function getCredentials(db: Executor) {
  return (await db.selectFrom('amazon_credentials').select(CREDENTIALS).executeTakeFirst()) ?? NO_CREDENTIALS
}

export async function lockCredentials(trx: Executor) {
  return (
    (await trx.selectFrom('amazon_credentials').select(CREDENTIALS).forUpdate().executeTakeFirst()) ?? NO_CREDENTIALS
  )
}

export type CredentialsRow = Awaited<ReturnType<typeof getCredentials>>

export async function putCredentials(trx: Executor, changes: Partial<CredentialsRow>) {
  await trx
    .insertInto('amazon_credentials')
    .values({ id: true, ...changes })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...changes, updated_at: sql`now()` }))
    .execute()
}
