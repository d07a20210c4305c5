import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { AuthForm, AuthPage } from '#app/components/admin/auth-page.tsx'
import { MovingOn } from '#app/components/admin/moving-on.tsx'
import { EnhancedMarker, sentEnhanced } from '#app/components/enhanced-marker.tsx'
import { Field } from '#app/components/form-fields.tsx'
import { formErrorsOf, FormErrors, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { attempt, parseForm } from '#app/lib/form-reply.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { adminExists } from '#app/models/user.server.ts'
import { AUTH_FORM_MAX_BYTES, SETUP_COMPLETE, SETUP_FAILED, SetupSchema } from '#app/schemas/admin-auth.ts'
import { createFirstAdmin } from '#app/services/panel-user.server.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { db } from '#db/client.ts'

// /admin/setup (SPEC §2, §4): creates the first admin, once. Open while no admin exists, "Setup Complete"
// after; two submissions at the same moment create exactly one (app/services/panel-user.server.ts).

const POLL_MS = 5_000
const REDIRECT_MS = 3_000

const FORM_TEXT = { failed: 'Setup Failed', submit: 'Create admin account', pending: 'Creating account...' }

export async function loader() {
  return data({ adminExists: await adminExists(db) }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await parseForm(request, SetupSchema, AUTH_FORM_MAX_BYTES)
  if ('reply' in form) return form.reply
  return attempt(
    form.submission,
    async () => {
      await createFirstAdmin(form.value)
      // With JavaScript the page says so for 3 s, then moves on; without it, straight to sign-in with the toast.
      return sentEnhanced(form.formData)
        ? data({ outcome: 'created' as const }, { status: 201 })
        : redirectWithToast('/admin/login', { title: 'Admin Account Created' })
    },
    {},
    SETUP_FAILED,
  )
}

// Signed-out panel pages answer one visitor: never stored by a browser or a CDN.
export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Admin setup' }, { name: 'robots', content: 'noindex' }]

export default function Setup() {
  const { adminExists } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const result = reply && !('outcome' in reply) ? reply : undefined
  const alreadyComplete = formErrorsOf(result)?.includes(SETUP_COMPLETE)

  if (reply && 'outcome' in reply) {
    return (
      <AuthPage title="Admin Account Created" description="You can now sign in with your e-mail and password.">
        <MovingOn to="/admin/login" afterMs={REDIRECT_MS} linkLabel="Go to sign in" />
      </AuthPage>
    )
  }
  if (adminExists || alreadyComplete) {
    return (
      <AuthPage title="Setup Complete" description={SETUP_COMPLETE}>
        <FormErrors errors={alreadyComplete ? [SETUP_COMPLETE] : null} title="Setup Already Complete" />
        <Link to="/admin/login" className="font-medium text-brand-700 underline">
          Go to sign in
        </Link>
      </AuthPage>
    )
  }
  return (
    <AuthPage title="Create the first admin" description="This account will manage the catalogue and the other users.">
      <SetupForm lastResult={result} />
    </AuthPage>
  )
}

function SetupForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const revalidator = useRevalidator()
  const [form, fields] = useZodForm(SetupSchema, { id: 'setup', lastResult })

  // With JavaScript, notice within 5 s when someone else completes the setup.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [revalidator])

  return (
    <AuthForm form={form} reply={lastResult} text={FORM_TEXT}>
      <EnhancedMarker />
      <Field meta={fields.email} label="Email" type="email" autoComplete="username" />
      <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" />
      <Field meta={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
    </AuthForm>
  )
}
