import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'
import type { SessionAal, SessionKind } from '#db/types.ts'

// Sessions are rows: signing out, a password change or an admin can end them on the server.

export async function insertSession(
  db: Executor,
  session: { id: string; userId: number; kind: SessionKind; expiresAt: Date; aal?: SessionAal },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      kind: session.kind,
      expires_at: session.expiresAt,
      aal: session.aal ?? 'aal1',
    })
    .execute()
}

/** The session's user, when the session exists, is of this kind, and is neither expired nor idle too long. */
export async function findActiveSession(db: Executor, id: string, kind: SessionKind, idleSeconds: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.last_seen_at', 'sessions.aal', 'users.id as user_id', 'users.email'])
    .where('sessions.id', '=', id)
    .where('sessions.kind', '=', kind)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .where('sessions.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
    .executeTakeFirst()
}

export async function touchSession(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
}

/** Ends every session of a user (of one kind), except the one given; answers how many ended. */
export async function deleteUserSessions(
  db: Executor,
  userId: number,
  { kind, except }: { kind?: SessionKind; except?: string } = {},
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (kind) query = query.where('kind', '=', kind)
  if (except) query = query.where('id', '!=', except)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteExpiredSessions(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
