import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { FORM_TOO_LARGE, Refusal } from '#app/lib/form-reply.server.ts'
import { getPanelUser, requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { authenticationOptions, registrationOptions } from '#app/services/passkeys.server.ts'
import { readFormData } from '#app/utils/form-data.server.ts'

// POST /admin/passkeys/options (docs/decisions/049): the options that start a passkey ceremony in the browser,
// with a challenge kept on the server, good once. JSON for the page's own script; never stored by anything.
// register: the signed-in user adds one. authenticate: the user's own, at the second step (aal1) or as a fresh
// check. sign-in: any of this site's, for signing in with a passkey alone.

const OptionsSchema = z.object({ purpose: z.enum(['register', 'authenticate', 'sign-in']) })

const answer = (body: unknown, status = 200, headers: HeadersInit = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...Object.fromEntries(new Headers(headers)) } })

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request, 1024)
  if (!form) return answer({ error: FORM_TOO_LARGE }, 413)
  const parsed = OptionsSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return answer({ error: 'Unknown passkey request.' }, 400)
  const limited = await checkRateLimits([['passkey-options:ip', context.clientIp]])
  if (limited) return answer({ error: TOO_MANY_REQUESTS }, 429, retryAfterHeaders(limited))
  try {
    switch (parsed.data.purpose) {
      case 'register':
        return answer(await registrationOptions(await requirePanelUser(request, 'view', { enrolment: true })))
      case 'authenticate': {
        // The second step comes before aal2: the password's session is enough to be asked for a passkey.
        const user = await getPanelUser(request)
        if (!user) return answer({ error: 'Sign in first.' }, 401)
        return answer(await authenticationOptions('authenticate', user.id))
      }
      case 'sign-in':
        return answer(await authenticationOptions('sign-in', null))
    }
  } catch (error) {
    if (error instanceof Refusal) return answer({ error: error.message }, error.status)
    throw error
  }
}
