import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

// What the Creators API last answered, from every call path (docs/decisions/078): one row, made when first
// written. A refusal keeps the moment refusals began (`refused_since`) until a call succeeds.

const NEVER = {
  last_success_at: null,
  last_refusal_at: null,
  refusal_code: null,
  refusal_message: null,
  refused_since: null,
  last_probe_at: null,
}

export async function getApiState(db: Executor) {
  return (
    (await db
      .selectFrom('amazon_api_state')
      .select([
        'last_success_at',
        'last_refusal_at',
        'refusal_code',
        'refusal_message',
        'refused_since',
        'last_probe_at',
      ])
      .executeTakeFirst()) ?? NEVER
  )
}

export type ApiState = Awaited<ReturnType<typeof getApiState>>

/**
 * A call succeeded: access is open again. Written at most once a minute while nothing changes, so a refresh's
 * hundreds of calls do not rewrite the row each time.
 */
export async function recordApiSuccess(db: Executor) {
  await sql`
    INSERT INTO amazon_api_state (id, last_success_at) VALUES (true, now())
    ON CONFLICT (id) DO UPDATE SET last_success_at = now(), refused_since = NULL
    WHERE amazon_api_state.refused_since IS NOT NULL
       OR amazon_api_state.last_success_at IS NULL
       OR amazon_api_state.last_success_at < now() - interval '1 minute'`.execute(db)
}

/** Amazon refused a call: its code and message, and since when it has refused. */
export async function recordApiRefusal(db: Executor, refusal: { code: string; message: string }) {
  const code = refusal.code.slice(0, 100)
  const message = refusal.message.slice(0, 500)
  await sql`
    INSERT INTO amazon_api_state (id, last_refusal_at, refusal_code, refusal_message, refused_since)
    VALUES (true, now(), ${code}, ${message}, now())
    ON CONFLICT (id) DO UPDATE SET
      last_refusal_at = now(), refusal_code = ${code}, refusal_message = ${message},
      refused_since = coalesce(amazon_api_state.refused_since, now())`.execute(db)
}

/** The refresh probed a refused API (one call): the next probe waits a day from here. */
export async function recordApiProbe(db: Executor) {
  await sql`
    INSERT INTO amazon_api_state (id, last_probe_at) VALUES (true, now())
    ON CONFLICT (id) DO UPDATE SET last_probe_at = now()`.execute(db)
}
