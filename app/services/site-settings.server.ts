import { writeAudit } from '#app/models/audit.server.ts'
import { lockSiteSettings, updateSiteSettings, type SiteSwitch } from '#app/models/site-settings.server.ts'
import { db } from '#db/client.ts'

/** Turns one site-wide switch on or off, audited as a settings update; a switch already so writes nothing. */
export async function setSiteSwitch(actorId: number, name: SiteSwitch, on: boolean) {
  await db.transaction().execute(async (trx) => {
    const before = await lockSiteSettings(trx)
    if (before[name] === on) return
    await updateSiteSettings(trx, { [name]: on })
    await writeAudit(trx, {
      actorId,
      entityType: 'SETTINGS',
      entityId: null,
      action: 'UPDATE',
      diff: { [name]: { from: before[name], to: on } },
    })
  })
}
