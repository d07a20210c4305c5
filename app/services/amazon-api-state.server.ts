import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { getApiState, recordApiRefusal, recordApiSuccess, type ApiState } from '#app/models/amazon-api-state.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'

// The Creators API's state as the calls find it (docs/decisions/078), and what it means for the work that calls it.

/** Amazon withdraws API access from accounts with too few sales (AMAZON.md): probe rarely, never hammer. */
export const NOT_ELIGIBLE = 'AssociateNotEligible'

/** While access is withdrawn, the refresh probes once in this long (its schedule is daily; a little slack). */
export const PROBE_EVERY_MS = 20 * 3600 * 1000

/** What a call's end tells: success (null) or Amazon's refusal. Never fails the call: the state is a report. */
export async function recordApiAnswer(refusal: { code: string; message: string } | null): Promise<void> {
  try {
    if (refusal) await recordApiRefusal(db, refusal)
    else await recordApiSuccess(db)
  } catch (error) {
    logger.warn({ err: error }, 'the Creators API state was not recorded')
  }
}

/** Whether Amazon has withdrawn API access (403 AssociateNotEligible) and no call succeeded since. */
export const accessWithdrawn = (state: ApiState) => state.refused_since !== null && state.refusal_code === NOT_ELIGIBLE

/** Whether the refresh may probe now: access withdrawn, and no probe in the last day. */
export const probeDue = (state: ApiState, now = Date.now()) =>
  !state.last_probe_at || now - state.last_probe_at.getTime() >= PROBE_EVERY_MS

/** "Amazon has refused API access since {when} ({code}: {message})." */
export const refusedSince = (state: ApiState) =>
  `Amazon has refused API access since ${formatDateTime(state.refused_since ?? new Date(), getEnv().REFRESH_TZ)} (${state.refusal_code}: ${state.refusal_message}).`

/** Why an import cannot run now, in words fit for the panel; null when it can. */
export async function importBlockedReason(): Promise<string | null> {
  const state = await getApiState(db)
  if (!accessWithdrawn(state)) return null
  return `${refusedSince(state)} Imports run again once a call succeeds: test the connection in Settings → Amazon.`
}
