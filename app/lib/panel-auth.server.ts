import { invariantResponse } from '@epic-web/invariant'
import { createCookieSessionStorage, redirect, type AppLoadContext } from '@remix-run/node'
import { AuthorizationError, Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { z } from 'zod'
import { getAssurance } from '#app/models/mfa.server.ts'
import { findUserByEmail, listUserRoles } from '#app/models/user.server.ts'
import type { LoginSchema } from '#app/schemas/admin-auth.ts'
import { db } from '#db/client.ts'
import type { SessionAal } from '#db/types.ts'
import { sessionSecret } from './env.server.ts'
import { logger } from './logger.server.ts'
import { verifyPassword } from './password.server.ts'
import { can, roleOf, type Permission, type Role } from './permissions.ts'
import { getSessionUser } from './session.server.ts'

/**
 * Who may use the admin panel: a signed-in panel session whose user holds a role. `requirePanelUser` is
 * the one check every admin loader and action makes.
 */

export interface PanelUser {
  id: number
  email: string
  role: Role
  sessionId: string
  aal: SessionAal
  /** A confirmed second factor: the session must be aal2 (docs/decisions/048). */
  hasFactor: boolean
  /** The site requires every panel user to have a factor. */
  requireTwoFactor: boolean
}

/** The second step of sign-in, and the page where a user sets up two-factor sign-in. */
export const VERIFY_PATH = '/admin/login/verify'
export const ACCOUNT_PATH = '/admin/account'

export const INVALID_LOGIN = 'Invalid email or password.'

/** The panel user of this request, or null: anonymous, a session of another kind, or a user with no role. */
export async function getPanelUser(request: Request): Promise<PanelUser | null> {
  const session = await getSessionUser(request, 'panel')
  if (!session) return null
  const [roles, assurance] = await Promise.all([listUserRoles(db, session.userId), getAssurance(db, session.userId)])
  const role = roleOf(roles)
  if (!role) return null
  return {
    id: session.userId,
    email: session.email,
    role,
    sessionId: session.sessionId,
    aal: session.aal,
    ...assurance,
  }
}

/**
 * The panel user, allowed `permission`. Anyone without a role goes to the home page (SPEC §6), and so does
 * a check that fails for any reason. A user with a second factor whose session has only seen the password goes
 * to the second step, loaders and actions alike (a redirect, so a form posted after the step lapsed lands there
 * without JavaScript too); with the site requiring two-factor, a user without a factor goes to set one up,
 * except on the pages that do it (`enrolment`). Only then: a role without the permission is a 403.
 */
export async function requirePanelUser(
  request: Request,
  permission: Permission = 'view',
  { enrolment = false }: { enrolment?: boolean } = {},
): Promise<PanelUser> {
  let user: PanelUser | null
  try {
    user = await getPanelUser(request)
  } catch (error) {
    logger.error({ err: error }, 'role check failed')
    throw redirect('/')
  }
  if (!user) throw redirect('/')
  if (user.hasFactor && user.aal !== 'aal2') throw redirect(VERIFY_PATH)
  if (!user.hasFactor && user.requireTwoFactor && !enrolment) throw redirect(ACCOUNT_PATH)
  invariantResponse(can(user.role, permission), 'Your role does not allow this.', {
    status: 403,
    statusText: 'Forbidden',
  })
  return user
}

interface LoginUser {
  id: number
  email: string
  role: Role | null
}

let authenticator: Authenticator<LoginUser> | undefined

/** remix-auth's FormStrategy checks the password; the session it leads to is ours (session.server.ts). */
function panelAuthenticator() {
  if (authenticator) return authenticator
  // Required by remix-auth, never written: without successRedirect it only returns the user.
  const unused = createCookieSessionStorage({ cookie: { name: 'cv_login', secrets: [sessionSecret()] } })
  authenticator = new Authenticator<LoginUser>(unused)
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = form.get('email')
      const password = form.get('password')
      if (typeof email !== 'string' || typeof password !== 'string') throw new Error(INVALID_LOGIN)
      const user = email.length <= 254 ? await findUserByEmail(db, email) : undefined
      // Checked even without an account, so a wrong address costs as long as a wrong password.
      if (!(await verifyPassword(user?.password_hash, password)) || !user) throw new Error(INVALID_LOGIN)
      return { id: user.id, email: user.email, role: roleOf(await listUserRoles(db, user.id)) }
    }),
    'panel-login',
  )
  return authenticator
}

/** Checks an e-mail and password; answers the user (with their role, if any) or the message to show. */
export async function checkLogin(
  credentials: z.output<typeof LoginSchema>,
): Promise<{ user: LoginUser } | { error: string }> {
  // FormStrategy reads a form from context.formData: the action's parsed values, so the address checked is the one
  // its rate limit counted (docs/decisions/074).
  const formData = new FormData()
  formData.set('email', credentials.email)
  formData.set('password', credentials.password)
  try {
    const user = await panelAuthenticator().authenticate('panel-login', new Request('http://panel.invalid/'), {
      throwOnError: true,
      context: { formData } as unknown as AppLoadContext,
    })
    return { user }
  } catch (error) {
    if (error instanceof AuthorizationError && error.message === INVALID_LOGIN) return { error: INVALID_LOGIN }
    throw error instanceof AuthorizationError && error.cause ? error.cause : error
  }
}
