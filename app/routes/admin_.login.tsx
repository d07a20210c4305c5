import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useFetcher, useLoaderData } from '@remix-run/react'
import { AuthForm, AuthPage, outlineButtonClass } from '#app/components/admin/auth-page.tsx'
import { PasskeyButton, PASSKEY_NEEDS_JS } from '#app/components/admin/passkey-button.tsx'
import { Field } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, formErrorsOf, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { parseForm, refuse } from '#app/lib/form-reply.server.ts'
import { checkLogin, getPanelUser, INVALID_LOGIN, VERIFY_PATH } from '#app/lib/panel-auth.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { startSession } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getAssurance } from '#app/models/mfa.server.ts'
import { adminExists } from '#app/models/user.server.ts'
import { AUTH_FORM_MAX_BYTES, LoginSchema, loginFailedTitle, NOT_AN_ADMIN } from '#app/schemas/admin-auth.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { db } from '#db/client.ts'
import type { action as passkeySignIn } from './admin_.login_.passkey.ts'

// /admin/login (SPEC §2, §6, §8): e-mail and password; the same answer for every wrong pair, and a user
// without a role is turned away without a session. Every refusal keeps the e-mail typed, never the password.
// With JavaScript, a passkey alone signs in too (docs/decisions/049), posted to /admin/login/passkey.

const FORM_TEXT = { submit: 'Sign in', pending: 'Signing in...' }

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getPanelUser(request).catch(() => null)) throw redirect('/admin')
  return data({ adminExists: await adminExists(db) }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, LoginSchema, AUTH_FORM_MAX_BYTES)
  if ('reply' in form) return form.submission ? refuse(INVALID_LOGIN, 400, form.submission) : form.reply
  const { submission, value } = form

  const limited = await checkRateLimits([
    ['login:ip', context.clientIp],
    ['login:account', value.email],
  ])
  if (limited) return refuse(TOO_MANY_REQUESTS, 429, submission, retryAfterHeaders(limited))

  const outcome = await checkLogin(value)
  if ('error' in outcome) return refuse(outcome.error, 401, submission)
  // Without a role: no session, and none is started.
  if (!outcome.user.role) return refuse(NOT_AN_ADMIN, 403, submission)
  // The session starts at aal1; a user with a second factor goes on to it (docs/decisions/048).
  const cookie = await startSession(request, outcome.user.id, 'panel')
  if ((await getAssurance(db, outcome.user.id)).hasFactor)
    return redirect(VERIFY_PATH, { headers: { 'Set-Cookie': cookie } })
  return redirectWithToast('/admin', { title: 'Welcome back!' }, { headers: { 'Set-Cookie': cookie } })
}

// Signed-out panel pages answer one visitor: never stored by a browser or a CDN.
export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Admin sign in' }, { name: 'robots', content: 'noindex' }]

export default function Login() {
  const { adminExists } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const [form, fields] = useZodForm(LoginSchema, { id: 'login', lastResult: reply })
  return (
    <AuthPage title="Admin sign in">
      <AuthForm form={form} reply={reply} text={{ ...FORM_TEXT, failed: loginFailedTitle(formErrorsOf(reply)) }}>
        <Field meta={fields.email} label="Email" type="email" autoComplete="username" />
        <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      </AuthForm>
      <PasskeySignIn />
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/admin/forgot-password" className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
        {adminExists ? null : (
          <Link to="/admin/setup" className="font-medium text-brand-700 underline">
            Create first admin
          </Link>
        )}
      </div>
    </AuthPage>
  )
}

function PasskeySignIn() {
  const fetcher = useFetcher<typeof passkeySignIn>()
  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      <FormErrors errors={firstErrorOf(fetcher.data)} title="Login Failed" />
      <PasskeyButton
        purpose="sign-in"
        className={outlineButtonClass}
        pending={fetcher.state !== 'idle'}
        send={(answer) => fetcher.submit({ response: answer }, { method: 'post', action: '/admin/login/passkey' })}
        withoutJs={`${PASSKEY_NEEDS_JS} Sign in with your email and password.`}
      >
        Sign in with a passkey
      </PasskeyButton>
    </div>
  )
}
