import type { ActionFunctionArgs } from '@remix-run/node'
import { parseForm, refuse } from '#app/lib/form-reply.server.ts'
import { roleOf } from '#app/lib/permissions.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { startSession } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { listUserRoles } from '#app/models/user.server.ts'
import { NOT_AN_ADMIN } from '#app/schemas/admin-auth.ts'
import { PasskeySignInSchema, TWO_FACTOR_MAX_BYTES } from '#app/schemas/two-factor.ts'
import { passkeySignIn } from '#app/services/passkeys.server.ts'
import { auditFailure } from '#app/services/two-factor.server.ts'
import { db } from '#db/client.ts'

// POST /admin/login/passkey (docs/decisions/049): sign-in with a passkey alone, posted by the sign-in page's
// script. A passkey that verified its user is two factors in one: the session starts at aal2 at a new id.
// Counted against the sign-in limit per IP like a password; refusals are the page's form errors.

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, PasskeySignInSchema, TWO_FACTOR_MAX_BYTES)
  const limited = await checkRateLimits([['login:ip', context.clientIp]])
  if (limited) return refuse(TOO_MANY_REQUESTS, 429, undefined, retryAfterHeaders(limited))
  if ('reply' in form) return form.reply
  const outcome = await passkeySignIn(form.value.response)
  if ('error' in outcome) {
    if (outcome.userId) await auditFailure(outcome.userId, 'passkey-sign-in', 'passkey')
    return refuse(outcome.error, 401)
  }
  if (!roleOf(await listUserRoles(db, outcome.userId))) return refuse(NOT_AN_ADMIN, 403)
  const cookie = await startSession(request, outcome.userId, 'panel', 'aal2')
  return redirectWithToast('/admin', { title: 'Welcome back!' }, { headers: { 'Set-Cookie': cookie } })
}
