import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { AuthForm, AuthPage, outlineButtonClass } from '#app/components/admin/auth-page.tsx'
import { PasskeyButton, PASSKEY_NEEDS_JS } from '#app/components/admin/passkey-button.tsx'
import { Field } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, useZodForm } from '#app/components/forms.tsx'
import { countFailedCode, tooManyCodeAttempts } from '#app/lib/code-attempts.server.ts'
import { attempt, invalid, parseForm } from '#app/lib/form-reply.server.ts'
import { getPanelUser } from '#app/lib/panel-auth.server.ts'
import { newSessionId, sessionCookieHeader } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { SecondStepSchema, TWO_FACTOR_MAX_BYTES, type SecondStepMethod } from '#app/schemas/two-factor.ts'
import { auditFailure, completeSecondStep, secondStepMethods } from '#app/services/two-factor.server.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'

// /admin/login/verify (docs/decisions/048, 049): the second step of sign-in, for a user with a factor whose
// session has seen only the password (aal1). A good code or passkey moves the session to a new id at aal2. Each
// of the user's methods is a form of its own: a passkey (with JavaScript), the app's code, a recovery code.

/** The user at this step: signed in with the password, with a factor, not yet past it. */
async function userAtSecondStep(request: Request) {
  const user = await getPanelUser(request).catch(() => null)
  if (!user) throw redirect('/admin/login')
  if (!user.hasFactor || user.aal === 'aal2') throw redirect('/admin')
  return user
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await userAtSecondStep(request)
  return { email: user.email, methods: await secondStepMethods(user.id) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await userAtSecondStep(request)
  const form = await parseForm(request, SecondStepSchema, TWO_FACTOR_MAX_BYTES)
  const limited = await tooManyCodeAttempts(user.id, context.clientIp, form.submission)
  if (limited) return limited
  if ('reply' in form) {
    await countFailedCode(user.id, context.clientIp)
    const method = form.submission?.payload.method
    await auditFailure(user.id, 'sign-in', method === 'recovery' || method === 'passkey' ? method : 'totp')
    return form.reply
  }
  const { submission, value } = form
  return attempt(submission, async () => {
    const outcome = await completeSecondStep(user.id, user.sessionId, newSessionId(), value)
    if ('error' in outcome) {
      await countFailedCode(user.id, context.clientIp)
      return invalid(submission, { [value.method === 'passkey' ? 'response' : 'code']: [outcome.error] })
    }
    const cookie = await sessionCookieHeader('panel', outcome.sessionId)
    return redirectWithToast('/admin', { title: 'Welcome back!' }, { headers: { 'Set-Cookie': cookie } })
  })
}

export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Two-factor sign-in' }, { name: 'robots', content: 'noindex' }]

const CODE_METHODS = {
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
        {methods.map((method) =>
          method === 'passkey' ? (
            <PasskeyMethod key={method} reply={replied === method ? reply : undefined} />
          ) : (
            <MethodForm key={method} method={method} reply={replied === method ? reply : undefined} />
          ),
        )}
      </div>
      <Form method="post" action="/admin/logout" className="mt-6 text-sm">
        <button type="submit" className="font-medium text-brand-700 underline">
          Cancel and sign out
        </button>
      </Form>
    </AuthPage>
  )
}

type Reply = ReturnType<typeof useActionData<typeof action>>

/** A passkey: the ceremony in the browser, its answer posted to this page's action. */
function PasskeyMethod({ reply }: { reply: Reply }) {
  const submit = useSubmit()
  const navigation = useNavigation()
  return (
    <section aria-labelledby="verify-passkey-heading">
      <h2 id="verify-passkey-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Passkey
      </h2>
      <FormErrors errors={firstErrorOf(reply)} title="Verification failed" />
      <PasskeyButton
        purpose="authenticate"
        className={outlineButtonClass}
        pending={navigation.state === 'submitting'}
        send={(answer) => submit({ method: 'passkey', response: answer }, { method: 'post' })}
        withoutJs={`${PASSKEY_NEEDS_JS} Use another method below.`}
      >
        Use a passkey
      </PasskeyButton>
    </section>
  )
}

function MethodForm({ method, reply }: { method: Exclude<SecondStepMethod, 'passkey'>; reply: Reply }) {
  const text = CODE_METHODS[method]
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
