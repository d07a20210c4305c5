import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AuthForm, AuthPage } from '#app/components/admin/auth-page.tsx'
import { MovingOn } from '#app/components/admin/moving-on.tsx'
import { EnhancedMarker, sentEnhanced } from '#app/components/enhanced-marker.tsx'
import { Field } from '#app/components/form-fields.tsx'
import { useZodForm } from '#app/components/forms.tsx'
import { attempt, parseForm } from '#app/lib/form-reply.server.ts'
import { getSessionUser } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { findUsablePasswordResetToken } from '#app/models/password-reset.server.ts'
import { AUTH_FORM_MAX_BYTES, ResetPasswordSchema, UPDATE_FAILED } from '#app/schemas/admin-auth.ts'
import { resetPassword } from '#app/services/panel-user.server.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/reset-password?token= (SPEC §2, §4, §8, §9): a new password from a mailed link. The link works once
// and for an hour; any other link goes back to /admin/forgot-password. Success ends the user's other
// panel sessions and moves on to sign-in: with JavaScript through `?updated`, which says so for 1.5 s (a reload does
// not post again, and the used link is not checked again); without it, at once with the toast.

const REDIRECT_MS = 1_500
const noStore = { 'Cache-Control': 'no-store' }

const FORM_TEXT = { failed: 'Error', submit: 'Update password', pending: 'Updating password...' }

const invalidLink = () =>
  redirectWithToast('/admin/forgot-password', {
    type: 'error',
    title: 'Invalid or expired link',
    description: 'Please request a new password reset.',
  })

export async function loader({ request }: LoaderFunctionArgs) {
  const url = requestUrl(request)
  if (url.searchParams.has('updated')) return data({ state: 'updated' as const }, { headers: noStore })
  const token = url.searchParams.get('token') ?? ''
  const link = await findUsablePasswordResetToken(db, token)
  if (!link) throw await invalidLink()
  return data({ state: 'form' as const, token, email: link.email }, { headers: noStore })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await parseForm(request, ResetPasswordSchema, AUTH_FORM_MAX_BYTES)
  if ('reply' in form) return form.reply
  const { token, password } = form.value
  const current = await getSessionUser(request, 'panel').catch(() => null)
  return attempt(
    form.submission,
    async () => {
      if (!(await resetPassword(token, password, current))) return invalidLink()
      return sentEnhanced(form.formData)
        ? redirect('/admin/reset-password?updated', 303)
        : redirectWithToast('/admin/login', { title: 'Password updated!' })
    },
    {},
    UPDATE_FAILED,
  )
}

// The page carries a one-time link (or answers one visitor): never stored by a browser or a CDN.
export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Reset password | Admin' }, { name: 'robots', content: 'noindex' }]

export default function ResetPassword() {
  const page = useLoaderData<typeof loader>()
  if (page.state === 'updated') {
    return (
      <AuthPage title="Password updated!" description="You can now sign in with your new password.">
        <MovingOn to="/admin/login" afterMs={REDIRECT_MS} linkLabel="Go to sign in" />
      </AuthPage>
    )
  }
  return (
    <AuthPage title="Choose a new password" description={`For ${page.email}.`}>
      <ResetForm token={page.token} />
    </AuthPage>
  )
}

function ResetForm({ token }: { token: string }) {
  const reply = useActionData<typeof action>()
  const [form, fields] = useZodForm(ResetPasswordSchema, { id: 'reset-password', lastResult: reply })
  return (
    <AuthForm form={form} reply={reply} text={FORM_TEXT}>
      <EnhancedMarker />
      <input type="hidden" name={fields.token.name} value={token} />
      <Field meta={fields.password} label="New password" type="password" autoComplete="new-password" />
      <Field meta={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
    </AuthForm>
  )
}
