import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { AuthField, AuthPage, buttonClass, FormAlert } from '#app/components/admin/auth-page.tsx'
import { MovingOn } from '#app/components/admin/moving-on.tsx'
import { EnhancedMarker, sentEnhanced } from '#app/components/enhanced-marker.tsx'
import { Link } from '#app/components/link.tsx'
import { logger } from '#app/lib/logger.server.ts'
import { hashPassword } from '#app/lib/password.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import {
  adminExists,
  findOrCreateUserByEmail,
  grantRole,
  lockAdmins,
  setPasswordHash,
} from '#app/models/user.server.ts'
import { SetupSchema } from '#app/schemas/admin-auth.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { db } from '#db/client.ts'

// /admin/setup (SPEC §2, §4): creates the first admin, once. Open while no admin exists, "Setup Complete"
// after; two submissions at the same moment create exactly one (an advisory lock inside the transaction).

const POLL_MS = 5_000
const REDIRECT_MS = 3_000

type SetupReply =
  { outcome: 'created' } | { outcome: 'already-complete' | 'failed' | 'invalid'; result: SubmissionResult<string[]> }

export async function loader() {
  return data({ adminExists: await adminExists(db) }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const reply = (outcome: SetupReply['outcome'], result: SubmissionResult<string[]>, status: number) =>
    data({ outcome, result } as SetupReply, { status })
  const formData = await readFormData(request, 8 * 1024)
  if (!formData)
    return reply('invalid', { status: 'error', error: { password: ['Password must be at most 128 characters'] } }, 413)
  const submission = parseWithZod(formData, { schema: SetupSchema })
  if (submission.status !== 'success') {
    return reply('invalid', submission.reply({ hideFields: ['password', 'confirmPassword'] }), 400)
  }

  const { email, password } = submission.value
  try {
    const passwordHash = await hashPassword(password)
    const admin = await db.transaction().execute(async (trx) => {
      await lockAdmins(trx)
      if (await adminExists(trx)) return null
      const user = await findOrCreateUserByEmail(trx, email)
      await setPasswordHash(trx, user.id, passwordHash)
      await grantRole(trx, user.id, 'admin')
      await writeAudit(trx, {
        actorId: user.id,
        entityType: 'USER',
        entityId: user.id,
        action: 'CREATE_ADMIN',
        diff: { email: user.email, timestamp: new Date().toISOString() },
      })
      return user
    })
    if (!admin) return reply('already-complete', submission.reply({ hideFields: ['password', 'confirmPassword'] }), 409)
  } catch (error) {
    logger.error({ err: error }, 'first admin not created')
    return reply('failed', submission.reply({ hideFields: ['password', 'confirmPassword'] }), 503)
  }
  // With JavaScript the page says so for 3 s, then moves on; without it, straight to sign-in with the toast.
  return sentEnhanced(formData)
    ? data({ outcome: 'created' } as SetupReply, { status: 201 })
    : redirectWithToast('/admin/login', { title: 'Admin Account Created' }, { status: 303 })
}

// Signed-out panel pages answer one visitor: never stored by a browser or a CDN.
export const headers = noStoreHeaders

export const meta: MetaFunction = () => [{ title: 'Admin setup' }, { name: 'robots', content: 'noindex' }]

export default function Setup() {
  const { adminExists } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()

  if (reply?.outcome === 'created') {
    return (
      <AuthPage title="Admin Account Created" description="You can now sign in with your e-mail and password.">
        <MovingOn to="/admin/login" afterMs={REDIRECT_MS} linkLabel="Go to sign in" />
      </AuthPage>
    )
  }
  if (adminExists || reply?.outcome === 'already-complete') {
    return (
      <AuthPage title="Setup Complete" description="An admin account already exists.">
        {reply?.outcome === 'already-complete' ? (
          <FormAlert title="Setup Already Complete" message="An admin account already exists." />
        ) : null}
        <Link to="/admin/login" className="font-medium text-brand-700 underline">
          Go to sign in
        </Link>
      </AuthPage>
    )
  }
  return (
    <AuthPage title="Create the first admin" description="This account will manage the catalogue and the other users.">
      <SetupForm />
    </AuthPage>
  )
}

function SetupForm() {
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const lastResult = reply && 'result' in reply ? reply.result : undefined
  const [form, fields] = useForm({
    id: 'setup',
    lastResult,
    constraint: getZodConstraint(SetupSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SetupSchema }),
  })

  // With JavaScript, notice within 5 s when someone else completes the setup.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && revalidator.state === 'idle') revalidator.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [revalidator])

  const submitting = navigation.state === 'submitting'
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <EnhancedMarker />
      {reply?.outcome === 'failed' ? (
        <FormAlert title="Setup Failed" message="Failed to create admin account." />
      ) : null}
      <AuthField field={fields.email} label="Email" type="email" autoComplete="username" />
      <AuthField field={fields.password} label="Password" type="password" autoComplete="new-password" />
      <AuthField field={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
      <button type="submit" disabled={submitting} className={buttonClass}>
        {submitting ? 'Creating account...' : 'Create admin account'}
      </button>
    </Form>
  )
}
