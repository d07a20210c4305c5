import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { TwoFactorSection } from '#app/components/admin/two-factor-section.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { countFailedCode, tooManyCodeAttempts } from '#app/lib/code-attempts.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { attempt, invalid, Refusal } from '#app/lib/form-reply.server.ts'
import { requirePanelUser, type PanelUser } from '#app/lib/panel-auth.server.ts'
import { readPanelForm } from '#app/lib/panel-form.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import {
  AccountActionSchema,
  INVALID_CHECK_CODE,
  INVALID_CODE,
  methodOfCode,
  TWO_FACTOR_MAX_BYTES,
  type AccountAction,
} from '#app/schemas/two-factor.ts'
import {
  auditFailure,
  confirmTotpEnrolment,
  pendingEnrolment,
  regenerateRecoveryCodes,
  removeTwoFactor,
  startTotpEnrolment,
  twoFactorStatus,
} from '#app/services/two-factor.server.ts'

// /admin/account (docs/decisions/048): the signed-in user's own two-factor sign-in. Set up an authenticator app
// (QR code drawn on the server, the secret as text, confirmed by a code), see the recovery codes once, make new
// ones or turn it off (each with a code in the same form). The one panel page a user the site requires to enrol
// may open before they have.

const ACCOUNT = '/admin/account'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request, 'view', { enrolment: true })
  const status = await twoFactorStatus(user.id)
  const pending = status.pendingFactorId ? await pendingEnrolment(user.id, getEnv().SITE_NAME, user.email) : null
  return data(
    { email: user.email, required: user.requireTwoFactor, status, pending },
    // The secret is on the page while it is pending: never stored by anything.
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** Every intent is the user's own: any panel role. */
const PERMISSIONS = {
  'start-totp': 'view',
  'confirm-totp': 'view',
  'regenerate-codes': 'view',
  'remove-two-factor': 'view',
} as const

/** The intents that check a code: each failure of theirs counts against the limit. */
const CODE_INTENTS = ['confirm-totp', 'regenerate-codes', 'remove-two-factor'] as const

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readPanelForm(request, AccountActionSchema, {
    maxBytes: TWO_FACTOR_MAX_BYTES,
    permissions: PERMISSIONS,
    enrolment: true,
  })
  if ('reply' in read) {
    // A malformed code, or a tampered enrolment form, is a failed attempt like a wrong code.
    const { user, submission } = read
    const intent = submission?.payload.intent
    if (user && submission && CODE_INTENTS.some((known) => known === intent)) {
      const limited = await tooManyCodeAttempts(user.id, context.clientIp, submission)
      if (limited) return limited
      await countFailedCode(user.id, context.clientIp)
      await auditFailure(user.id, String(intent), 'totp')
    }
    return read.reply
  }
  const { user, submission, value } = read
  if (value.intent === 'start-totp') {
    return attempt(submission, async () => {
      await startTotpEnrolment(user.id)
      return redirect(`${ACCOUNT}#two-factor-setup`, 303)
    })
  }
  // Every code form counts against the limit: a wrong, expired, reused or malformed code alike.
  const limited = await tooManyCodeAttempts(user.id, context.clientIp, submission)
  if (limited) return limited
  return attempt(submission, async () => {
    const answer = await checked(user, value).catch(async (error: unknown) => {
      if (error instanceof Refusal && error.status === 400) await countFailedCode(user.id, context.clientIp)
      throw error
    })
    if (answer) return answer
    await countFailedCode(user.id, context.clientIp)
    return invalid(submission, { code: [value.intent === 'confirm-totp' ? INVALID_CODE : INVALID_CHECK_CODE] })
  })
}

/** The code intents: their answer, or null for a wrong code. Recovery codes are the page's answer, shown once. */
async function checked(user: PanelUser, form: Exclude<AccountAction, { intent: 'start-totp' }>) {
  switch (form.intent) {
    case 'confirm-totp': {
      const codes = await confirmTotpEnrolment(user.id, form.factorId, form.code, user.sessionId)
      return codes ? data({ recoveryCodes: codes }, { headers: { 'Cache-Control': 'no-store' } }) : null
    }
    case 'regenerate-codes': {
      const codes = await regenerateRecoveryCodes(user.id, { method: methodOfCode(form.code), code: form.code })
      return codes ? data({ recoveryCodes: codes }, { headers: { 'Cache-Control': 'no-store' } }) : null
    }
    case 'remove-two-factor': {
      const removed = await removeTwoFactor(user.id, { method: methodOfCode(form.code), code: form.code })
      return removed
        ? redirectWithToast(ACCOUNT, {
            title: 'Two-factor sign-in removed',
            description: 'Your password alone now signs you in.',
          })
        : null
    }
  }
}

export const meta: MetaFunction = () => [{ title: 'Account | Admin' }]

export default function Account() {
  const { email, required, status, pending } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const recoveryCodes = answer && 'recoveryCodes' in answer ? answer.recoveryCodes : null
  const reply = answer && !('recoveryCodes' in answer) ? answer : undefined
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Account</h1>
      <p className="text-slate-700">
        Signed in as <strong>{email}</strong>.
      </p>
      <TwoFactorSection
        required={required}
        status={status}
        pending={pending}
        recoveryCodes={recoveryCodes}
        reply={reply}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary landmark={false} home={{ to: '/admin', label: 'Back to Dashboard' }} />
}
