import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthForm, AuthPage } from '#app/components/admin/auth-page.tsx'
import { Field, useZodForm } from '#app/components/forms.tsx'
import { countFailedCode, tooManyCodeAttempts } from '#app/lib/code-attempts.server.ts'
import { mfaEncryptionKey } from '#app/lib/env.server.ts'
import { attempt, invalid, parseForm } from '#app/lib/form-reply.server.ts'
import { getPanelUser } from '#app/lib/panel-auth.server.ts'
import { newSessionId, sessionCookieHeader } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import {
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
  SecondStepSchema,
  TWO_FACTOR_MAX_BYTES,
  type SecondStep,
} from '#app/schemas/two-factor.ts'
import { auditFailure, completeSecondStep } from '#app/services/two-factor.server.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'

// /admin/login/verify (docs/decisions/048): the second step of sign-in, for a user with a factor whose session
// has seen only the password (aal1). A good code moves the session to a new id at aal2. Each method is a form
// of its own, listed, so passkeys can join them.

/** The user at this step: signed in with the password, with a factor, not yet past it. */
async function userAtSecondStep(request: Request) {
  const user = await getPanelUser(request).catch(() => null)
  if (!user) throw redirect('/admin/login')
  if (!user.hasFactor || user.aal === 'aal2') throw redirect('/admin')
  return user
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await userAtSecondStep(request)
  // Without the key the app's codes cannot be checked: recovery codes (hashed, not encrypted) still can.
  const methods: Array<SecondStep['method']> = mfaEncryptionKey() ? ['totp', 'recovery'] : ['recovery']
  return { email: user.email, methods }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await userAtSecondStep(request)
  const form = await parseForm(request, SecondStepSchema, TWO_FACTOR_MAX_BYTES)
  const limited = await tooManyCodeAttempts(user.id, context.clientIp, form.submission)
  if (limited) return limited
  if ('reply' in form) {
    await countFailedCode(user.id, context.clientIp)
    await auditFailure(user.id, 'sign-in', form.submission?.payload.method === 'recovery' ? 'recovery' : 'totp')
    return form.reply
  }
  const { submission, value } = form
  return attempt(submission, async () => {
    const id = await completeSecondStep(user.id, user.sessionId, newSessionId(), value)
    if (!id) {
      await countFailedCode(user.id, context.clientIp)
      return invalid(submission, { code: [value.method === 'totp' ? INVALID_CODE : INVALID_RECOVERY_CODE] })
    }
    const cookie = await sessionCookieHeader('panel', id)
    return redirectWithToast('/admin', { title: 'Welcome back!' }, { headers: { 'Set-Cookie': cookie } })
  })
}

export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Two-factor sign-in' }, { name: 'robots', content: 'noindex' }]

const METHODS = {
  totp: {
    title: 'Authenticator app',
    label: 'Code from your authenticator app',
    hint: 'The 6-digit code your app shows for this site.',
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
  },
  recovery: {
    title: 'Recovery code',
    label: 'Recovery code',
    hint: 'One of the codes you saved when you set up two-factor sign-in. Each works once.',
    autoComplete: 'off',
    inputMode: 'text',
  },
} as const

export default function Verify() {
  const { email, methods } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const replied = reply?.initialValue?.method
  return (
    <AuthPage title="Two-factor sign-in" description={`Signed in as ${email}. One more step.`}>
      <div className="space-y-8">
        {methods.map((method) => (
          <MethodForm key={method} method={method} reply={replied === method ? reply : undefined} />
        ))}
      </div>
      <Form method="post" action="/admin/logout" className="mt-6 text-sm">
        <button type="submit" className="font-medium text-brand-700 underline">
          Cancel and sign out
        </button>
      </Form>
    </AuthPage>
  )
}

function MethodForm({
  method,
  reply,
}: {
  method: SecondStep['method']
  reply: ReturnType<typeof useActionData<typeof action>>
}) {
  const text = METHODS[method]
  const [form, fields] = useZodForm(SecondStepSchema, { id: `verify-${method}`, lastResult: reply })
  return (
    <section aria-labelledby={`verify-${method}-heading`}>
      <h2 id={`verify-${method}-heading`} className="mb-3 text-lg font-semibold text-slate-900">
        {text.title}
      </h2>
      <AuthForm
        form={form}
        reply={reply}
        text={{ failed: 'Verification failed', submit: 'Verify', pending: 'Verifying...' }}
      >
        <input type="hidden" name="method" value={method} />
        <Field
          meta={fields.code}
          label={text.label}
          hint={text.hint}
          autoComplete={text.autoComplete}
          inputMode={text.inputMode}
          spellCheck={false}
          autoCapitalize="off"
        />
      </AuthForm>
    </section>
  )
}
