import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthField, AuthPage, buttonClass, FormAlert } from '#app/components/admin/auth-page.tsx'
import { MovingOn } from '#app/components/admin/moving-on.tsx'
import { EnhancedMarker, sentEnhanced } from '#app/components/enhanced-marker.tsx'
import { logger } from '#app/lib/logger.server.ts'
import { hashPassword } from '#app/lib/password.server.ts'
import { getSessionUser } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import { consumePasswordResetToken, findUsablePasswordResetToken } from '#app/models/password-reset.server.ts'
import { deleteUserSessions } from '#app/models/session.server.ts'
import { setPasswordHash } from '#app/models/user.server.ts'
import { ResetPasswordSchema } from '#app/schemas/admin-auth.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/reset-password?token= (SPEC §2, §4, §8, §9): a new password from a mailed link. The link works once
// and for an hour; any other link goes back to /admin/forgot-password. Success ends the user's other
// panel sessions and moves on to sign-in: with JavaScript through `?updated`, which says so for 1.5 s (a reload does
// not post again, and the used link is not checked again); without it, at once with the toast.

const REDIRECT_MS = 1_500
const noStore = { 'Cache-Control': 'no-store' }

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
  const refuse = (result: SubmissionResult<string[]>, status: number) => data({ result }, { status })
  const formData = await readFormData(request, 8 * 1024)
  if (!formData)
    return refuse({ status: 'error', error: { password: ['Password must be at most 128 characters'] } }, 413)
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
  if (submission.status !== 'success')
    return refuse(submission.reply({ hideFields: ['password', 'confirmPassword'] }), 400)

  const { token, password } = submission.value
  const current = await getSessionUser(request, 'panel').catch(() => null)
  let reset: { userId: number } | undefined
  try {
    const passwordHash = await hashPassword(password)
    reset = await db.transaction().execute(async (trx) => {
      const link = await consumePasswordResetToken(trx, token)
      if (!link) return undefined
      await setPasswordHash(trx, link.userId, passwordHash)
      // Whoever knew the old password is signed out; the person resetting it here stays signed in.
      const sessionsEnded = await deleteUserSessions(trx, link.userId, {
        kind: 'panel',
        except: current?.userId === link.userId ? current.sessionId : undefined,
      })
      await writeAudit(trx, {
        actorId: link.userId,
        entityType: 'USER',
        entityId: link.userId,
        action: 'RESET_PASSWORD',
        diff: { password: 'changed', sessionsEnded },
      })
      return link
    })
  } catch (error) {
    logger.error({ err: error }, 'password not updated')
    return refuse(
      submission.reply({ formErrors: ['Failed to update password.'], hideFields: ['password', 'confirmPassword'] }),
      503,
    )
  }
  if (!reset) return invalidLink()
  return sentEnhanced(formData)
    ? redirect('/admin/reset-password?updated', 303)
    : redirectWithToast('/admin/login', { title: 'Password updated!' }, { status: 303 })
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
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: reply?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  })
  const submitting = navigation.state === 'submitting'
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <EnhancedMarker />
      {reply?.result.error?.[''] ? (
        <FormAlert id={form.errorId} title="Error" message={reply.result.error[''][0]} />
      ) : null}
      <input type="hidden" name={fields.token.name} value={token} />
      <AuthField field={fields.password} label="New password" type="password" autoComplete="new-password" />
      <AuthField
        field={fields.confirmPassword}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" disabled={submitting} className={buttonClass}>
        {submitting ? 'Updating password...' : 'Update password'}
      </button>
    </Form>
  )
}
