import { randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { deleteSession, findActiveSession, insertSession, touchSession } from '#app/models/session.server.ts'
import { db } from '#db/client.ts'
import type { SessionAal, SessionKind } from '#db/types.ts'
import { getEnv, sessionSecret } from './env.server.ts'

/**
 * Signed-in state for both kinds of user: a random id in a signed, HttpOnly, SameSite=Lax cookie, and a
 * row in `sessions` that holds the rest. Reviewers and panel users never share a cookie or a row, so a
 * reviewer's session can never open the admin panel.
 */

const policies = {
  // A reviewer signs in by e-mail to post a review now and then: a long, forgiving session.
  reviewer: { cookie: 'cv_reviewer', absoluteSeconds: 30 * 24 * 3600, idleSeconds: 7 * 24 * 3600 },
  // The panel changes the catalogue: short, and ended after half an hour of inactivity.
  panel: { cookie: 'cv_session', absoluteSeconds: 12 * 3600, idleSeconds: 30 * 60 },
} satisfies Record<SessionKind, { cookie: string; absoluteSeconds: number; idleSeconds: number }>

// last_seen_at is written at most this often, so reading a session is usually one SELECT.
const TOUCH_AFTER_MS = 60_000

const cookies = new Map<SessionKind, ReturnType<typeof createCookie>>()
function sessionCookie(kind: SessionKind) {
  let cookie = cookies.get(kind)
  if (!cookie) {
    // Secure (and, for the panel, the __Host- prefix that pins it to this host) whenever the site is https.
    const secure = getEnv().SITE_URL.startsWith('https:')
    const name = secure && kind === 'panel' ? `__Host-${policies[kind].cookie}` : policies[kind].cookie
    cookie = createCookie(name, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      secrets: [sessionSecret()],
      maxAge: policies[kind].absoluteSeconds,
    })
    cookies.set(kind, cookie)
  }
  return cookie
}

export interface SessionUser {
  sessionId: string
  userId: number
  email: string
  /** aal1 after the password, aal2 after the second factor too (docs/decisions/048). */
  aal: SessionAal
}

async function sessionIdFrom(request: Request, kind: SessionKind): Promise<string | null> {
  const header = request.headers.get('cookie')
  const cookie = sessionCookie(kind)
  if (!header?.includes(`${cookie.name}=`)) return null
  const value: unknown = await cookie.parse(header)
  return typeof value === 'string' && value.length > 0 ? value : null
}

/** The signed-in user of this kind, or null. Costs nothing for requests without the cookie. */
export async function getSessionUser(request: Request, kind: SessionKind): Promise<SessionUser | null> {
  const id = await sessionIdFrom(request, kind)
  if (!id) return null
  const session = await findActiveSession(db, id, kind, policies[kind].idleSeconds)
  if (!session) return null
  if (Date.now() - session.last_seen_at.getTime() > TOUCH_AFTER_MS) await touchSession(db, id)
  return { sessionId: session.id, userId: session.user_id, email: session.email, aal: session.aal }
}

/**
 * Starts a new session for the user and returns its Set-Cookie header. The id is always new (no session
 * fixation), and the session the request came with, if any, is ended. It starts at aal1 unless the sign-in
 * itself was multi-factor (a passkey with user verification, docs/decisions/049).
 */
export async function startSession(
  request: Request,
  userId: number,
  kind: SessionKind,
  aal: SessionAal = 'aal1',
): Promise<string> {
  const previous = await sessionIdFrom(request, kind)
  if (previous) await deleteSession(db, previous)
  const id = newSessionId()
  const expiresAt = new Date(Date.now() + policies[kind].absoluteSeconds * 1000)
  await insertSession(db, { id, userId, kind, expiresAt, aal })
  return sessionCookie(kind).serialize(id)
}

/** The Set-Cookie header for a session id made elsewhere (the second step moves a session to a new id). */
export function sessionCookieHeader(kind: SessionKind, id: string): Promise<string> {
  return sessionCookie(kind).serialize(id)
}

/** A new random session id. */
export const newSessionId = () => randomBytes(32).toString('base64url')

/** Ends the request's session of this kind and returns the Set-Cookie header that clears the cookie. */
export async function endSession(request: Request, kind: SessionKind): Promise<string> {
  const id = await sessionIdFrom(request, kind)
  if (id) await deleteSession(db, id)
  return sessionCookie(kind).serialize('', { maxAge: 0 })
}
