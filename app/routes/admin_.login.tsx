import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthField, AuthPage, buttonClass, FormAlert } from '#app/components/admin/auth-page.tsx'
import { Link } from '#app/components/link.tsx'
import { checkLogin, getPanelUser, INVALID_LOGIN, NOT_AN_ADMIN } from '#app/lib/panel-auth.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { startSession } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { adminExists } from '#app/models/user.server.ts'
import { LoginSchema } from '#app/schemas/admin-auth.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { db } from '#db/client.ts'

// /admin/login (SPEC §2, §6, §8): e-mail and password; the same answer for every wrong pair, and a user
// without a role is turned away without a session.

type LoginReply = { title: string; result: SubmissionResult<string[]> }

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getPanelUser(request).catch(() => null)) throw redirect('/admin')
  return data({ adminExists: await adminExists(db) }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request, 8 * 1024)
  const submission = formData ? parseWithZod(formData, { schema: LoginSchema }) : null
  // Every refusal keeps the e-mail that was typed, never the password.
  const refuse = (title: string, message: string, status: number, headers: HeadersInit = {}) => {
    const result: SubmissionResult<string[]> = submission
      ? submission.reply({ formErrors: [message], hideFields: ['password'] })
      : { status: 'error', error: { '': [message] } }
    return data({ title, result } as LoginReply, { status, headers })
  }
  if (!formData || !submission || submission.status !== 'success') {
    return refuse('Login Failed', INVALID_LOGIN, 400)
  }

  const limited = await checkRateLimits([
    ['login:ip', context.clientIp],
    ['login:account', submission.value.email],
  ])
  if (limited) return refuse('Login Failed', TOO_MANY_REQUESTS, 429, retryAfterHeaders(limited))

  const outcome = await checkLogin(formData)
  if ('error' in outcome) return refuse('Login Failed', outcome.error, 401)
  // Without a role: no session, and none is started.
  if (!outcome.user.role) return refuse('Access Denied', NOT_AN_ADMIN, 403)
  const cookie = await startSession(request, outcome.user.id, 'panel')
  return redirectWithToast('/admin', { title: 'Welcome back!' }, { status: 303, headers: { 'Set-Cookie': cookie } })
}

// Signed-out panel pages answer one visitor: never stored by a browser or a CDN.
export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Admin sign in' }, { name: 'robots', content: 'noindex' }]

export default function Login() {
  const { adminExists } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: reply?.result,
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  })
  const submitting = navigation.state === 'submitting'
  return (
    <AuthPage title="Admin sign in">
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {/* From the last answer, not from client validation: it stays put until the next one (no layout jump). */}
        {reply?.result.error?.[''] ? (
          <FormAlert id={form.errorId} title={reply.title} message={reply.result.error[''][0]} />
        ) : null}
        <AuthField field={fields.email} label="Email" type="email" autoComplete="username" />
        <AuthField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <button type="submit" disabled={submitting} className={buttonClass}>
          {submitting ? 'Signing in...' : 'Sign in'}
        </button>
      </Form>
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
