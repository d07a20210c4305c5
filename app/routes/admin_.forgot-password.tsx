import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { AuthForm, AuthPage } from '#app/components/admin/auth-page.tsx'
import { Field } from '#app/components/form-fields.tsx'
import { useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { attempt, parseForm, refuse } from '#app/lib/form-reply.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { AUTH_FORM_MAX_BYTES, ForgotPasswordSchema, SEND_FAILED } from '#app/schemas/admin-auth.ts'
import { sendPasswordResetLink } from '#app/services/panel-user.server.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { RESET_LINK_HOURS } from '#app/utils/password-links.ts'

// /admin/forgot-password (SPEC §2, §8, §9): mails a one-hour, single-use link to a panel user. The answer is
// the same whether or not the address has an account, so the form cannot tell anyone who has one.

const SENT = 'If an account exists for that address, we sent a link to reset the password. The link expires in 1 hour.'

const FORM_TEXT = { failed: 'Error', submit: 'Send reset link', pending: 'Sending...' }

export function loader() {
  return data(null, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, ForgotPasswordSchema, AUTH_FORM_MAX_BYTES)
  if ('reply' in form) return form.reply
  const { submission, value } = form
  const limited = await checkRateLimits([
    ['password-reset:ip', context.clientIp],
    ['password-reset:email', value.email],
  ])
  if (limited) return refuse(TOO_MANY_REQUESTS, 429, submission, retryAfterHeaders(limited))
  return attempt(
    submission,
    async () => {
      await sendPasswordResetLink(value.email)
      return data({ outcome: 'sent' as const }, { headers: { 'Cache-Control': 'no-store' } })
    },
    {},
    SEND_FAILED,
  )
}

// The page carries a one-time link (or answers one visitor): never stored by a browser or a CDN.
export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Forgot password | Admin' }, { name: 'robots', content: 'noindex' }]

export default function ForgotPassword() {
  const reply = useActionData<typeof action>()
  const lastResult = reply && !('outcome' in reply) ? reply : undefined
  const [form, fields] = useZodForm(ForgotPasswordSchema, { id: 'forgot-password', lastResult })

  if (reply && 'outcome' in reply) {
    return (
      <AuthPage title="Check your email">
        <p role="status" className="text-slate-700">
          {SENT}
        </p>
        <Link to="/admin/login" className="mt-6 inline-block font-medium text-brand-700 underline">
          Back to sign in
        </Link>
      </AuthPage>
    )
  }

  return (
    <AuthPage
      title="Forgot password"
      description={`Enter the e-mail address of your admin account. We will send you a link to choose a new password; it expires in ${RESET_LINK_HOURS} hour.`}
    >
      <AuthForm form={form} reply={lastResult} text={FORM_TEXT}>
        <Field meta={fields.email} label="Email" type="email" autoComplete="username" />
      </AuthForm>
      <p className="mt-6 text-sm">
        <Link to="/admin/login" className="font-medium text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </AuthPage>
  )
}
