import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// The site-wide settings: one row (site_settings.id is always true), made by its migration. Returned with the
// columns' names (docs/decisions/039); a database restored without the row reads as every setting off.

const SETTINGS = ['auto_hide_rejected', 'require_two_factor'] as const
export type SiteSwitch = (typeof SETTINGS)[number]
const DEFAULTS = { auto_hide_rejected: false, require_two_factor: false }

export async function getSiteSettings(db: Executor) {
  return (await db.selectFrom('site_settings').select(SETTINGS).executeTakeFirst()) ?? DEFAULTS
}

/** The settings as they are now, locked until the transaction ends, so the diff written is the diff made. */
export async function lockSiteSettings(trx: Executor) {
  return (await trx.selectFrom('site_settings').select(SETTINGS).forUpdate().executeTakeFirst()) ?? DEFAULTS
}

export async function updateSiteSettings(trx: Executor, changes: Partial<Record<SiteSwitch, boolean>>) {
  // Upserted: a database restored without the row still takes the setting.
  await trx
    .insertInto('site_settings')
    .values({ id: true, ...changes })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...changes, updated_at: sql`now()` }))
    .execute()
}
