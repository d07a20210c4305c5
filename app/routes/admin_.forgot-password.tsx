import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { AuthField, AuthPage, buttonClass, FormAlert } from '#app/components/admin/auth-page.tsx'
import { Link } from '#app/components/link.tsx'
import { logger } from '#app/lib/logger.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { createPasswordResetToken } from '#app/models/password-reset.server.ts'
import { findUserByEmail, listUserRoles } from '#app/models/user.server.ts'
import { ForgotPasswordSchema } from '#app/schemas/admin-auth.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { RESET_LINK_HOURS } from '#app/utils/password-links.ts'
import { passwordResetMail } from '#app/utils/password-reset-mail.server.ts'
import { db } from '#db/client.ts'
import { enqueue } from '#jobs/queues.ts'

// /admin/forgot-password (SPEC §2, §8, §9): mails a one-hour, single-use link to a panel user. The answer is
// the same whether or not the address has an account, so the form cannot tell anyone who has one.

const SENT = 'If an account exists for that address, we sent a link to reset the password. The link expires in 1 hour.'
const SEND_FAILED = 'Failed to send reset email.'

type ForgotReply = { outcome: 'sent' } | { outcome: 'refused'; result: SubmissionResult<string[]> }

export function loader() {
  return data(null, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const refuse = (result: SubmissionResult<string[]>, status: number, headers: HeadersInit = {}) =>
    data({ outcome: 'refused', result } as ForgotReply, { status, headers })
  const formData = await readFormData(request, 4 * 1024)
  if (!formData) return refuse({ status: 'error', error: { email: ['Invalid email address'] } }, 413)
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return refuse(submission.reply(), 400)

  const { email } = submission.value
  const limited = await checkRateLimits([
    ['password-reset:ip', context.clientIp],
    ['password-reset:email', email],
  ])
  if (limited) return refuse(submission.reply({ formErrors: [TOO_MANY_REQUESTS] }), 429, retryAfterHeaders(limited))

  try {
    const user = await findUserByEmail(db, email)
    // Only someone who may use the panel gets a link: a reviewer's account has no password to reset.
    if (user && (await listUserRoles(db, user.id)).length > 0) {
      const token = await createPasswordResetToken(db, user.id, RESET_LINK_HOURS * 3600)
      await enqueue('send-mail', passwordResetMail(user.email, token))
    }
  } catch (error) {
    logger.error({ err: error }, 'password reset mail not queued')
    return refuse(submission.reply({ formErrors: [SEND_FAILED] }), 503)
  }
  return data({ outcome: 'sent' } as ForgotReply, { headers: { 'Cache-Control': 'no-store' } })
}

// The page carries a one-time link (or answers one visitor): never stored by a browser or a CDN.
export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Forgot password | Admin' }, { name: 'robots', content: 'noindex' }]

export default function ForgotPassword() {
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: reply && 'result' in reply ? reply.result : undefined,
    constraint: getZodConstraint(ForgotPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  })

  if (reply?.outcome === 'sent') {
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

  const submitting = navigation.state === 'submitting'
  return (
    <AuthPage
      title="Forgot password"
      description={`Enter the e-mail address of your admin account. We will send you a link to choose a new password; it expires in ${RESET_LINK_HOURS} hour.`}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {form.errors ? <FormAlert id={form.errorId} title="Error" message={form.errors[0]} /> : null}
        <AuthField field={fields.email} label="Email" type="email" autoComplete="username" />
        <button type="submit" disabled={submitting} className={buttonClass}>
          {submitting ? 'Sending...' : 'Send reset link'}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/admin/login" className="font-medium text-brand-700 underline">
          Back to sign in
        </Link>
      </p>
    </AuthPage>
  )
}
