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
  ENTER_CHECK_CODE,
  freshCheckOf,
  TWO_FACTOR_MAX_BYTES,
  type AccountAction,
} from '#app/schemas/two-factor.ts'
import {
  addPasskey,
  auditFailure,
  confirmTotpEnrolment,
  pendingEnrolment,
  regenerateRecoveryCodes,
  removePasskey,
  removeTotp,
  startTotpEnrolment,
  twoFactorStatus,
} from '#app/services/two-factor.server.ts'
import { formatDate, formatDateTime } from '#app/utils/format.ts'

// /admin/account (docs/decisions/048, 049): the signed-in user's own two-factor sign-in. Set up an authenticator
// app (QR code drawn on the server, the secret as text, confirmed by a code), add passkeys (with JavaScript), see
// the recovery codes once, make new ones, remove a factor (each with a fresh check in the same form: a code, or
// a passkey). The one panel page a user the site requires to enrol may open before they have.

const ACCOUNT = '/admin/account'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request, 'view', { enrolment: true })
  const { SITE_NAME, REFRESH_TZ } = getEnv()
  const status = await twoFactorStatus(user.id)
  const pending = status.pendingFactorId ? await pendingEnrolment(user.id, SITE_NAME, user.email) : null
  const passkeys = status.passkeys.map(({ id, name, addedAt, lastUsedAt }) => ({
    id,
    name,
    added: formatDate(addedAt, REFRESH_TZ),
    lastUsed: lastUsedAt ? formatDateTime(lastUsedAt, REFRESH_TZ) : null,
  }))
  return data(
    { email: user.email, required: user.requireTwoFactor, status: { ...status, passkeys }, pending },
    // The secret is on the page while it is pending: never stored by anything.
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** Every intent is the user's own: any panel role. */
const PERMISSIONS = {
  'start-totp': 'view',
  'confirm-totp': 'view',
  'add-passkey': 'view',
  'regenerate-codes': 'view',
  'remove-totp': 'view',
  'remove-passkey': 'view',
} as const

/** The intents that check a code or a passkey: each failure of theirs counts against the limit. */
const CHECKING_INTENTS = new Set<string>([
  'confirm-totp',
  'add-passkey',
  'regenerate-codes',
  'remove-totp',
  'remove-passkey',
])

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readPanelForm(request, AccountActionSchema, {
    maxBytes: TWO_FACTOR_MAX_BYTES,
    permissions: PERMISSIONS,
    enrolment: true,
  })
  if ('reply' in read) {
    // A malformed code or passkey answer, or a tampered enrolment form, is a failed attempt like a wrong code.
    const { user, submission } = read
    const intent = String(submission?.payload.intent)
    if (user && submission && CHECKING_INTENTS.has(intent)) {
      const limited = await tooManyCodeAttempts(user.id, context.clientIp, submission)
      if (limited) return limited
      await countFailedCode(user.id, context.clientIp)
      const passkey = intent === 'add-passkey' || Boolean(submission.payload.passkey)
      await auditFailure(user.id, intent, passkey ? 'passkey' : 'totp')
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
  // Every checking form counts against the limit: a wrong, expired, reused or malformed code or answer alike.
  const limited = await tooManyCodeAttempts(user.id, context.clientIp, submission)
  if (limited) return limited
  return attempt(submission, async () => {
    const answer = await checked(user, value).catch(async (error: unknown) => {
      if (error instanceof Refusal && error.status === 400) await countFailedCode(user.id, context.clientIp)
      throw error
    })
    if (!('error' in answer)) return answer
    await countFailedCode(user.id, context.clientIp)
    return invalid(submission, { code: [answer.error] })
  })
}

const shownOnce = (recoveryCodes: string[]) => data({ recoveryCodes }, { headers: { 'Cache-Control': 'no-store' } })

/** The checking intents: their answer, or the failure of the check (a Refusal for what is no check at all). */
async function checked(user: PanelUser, form: Exclude<AccountAction, { intent: 'start-totp' }>) {
  if (form.intent === 'confirm-totp') {
    const outcome = await confirmTotpEnrolment(user.id, form.factorId, form.code, user.sessionId)
    if ('error' in outcome) return outcome
    return outcome.recoveryCodes
      ? shownOnce(outcome.recoveryCodes)
      : redirectWithToast(ACCOUNT, { title: 'Authenticator app added' })
  }
  if (form.intent === 'add-passkey') {
    const outcome = await addPasskey(user.id, user.sessionId, form.response, form.name)
    return outcome.recoveryCodes
      ? shownOnce(outcome.recoveryCodes)
      : redirectWithToast(ACCOUNT, { title: 'Passkey added', description: outcome.name })
  }
  const check = freshCheckOf(form)
  if (!check) return { error: ENTER_CHECK_CODE }
  const stillOn = 'Your other methods still sign you in.'
  const nowOff = 'Your password alone now signs you in.'
  switch (form.intent) {
    case 'regenerate-codes': {
      const outcome = await regenerateRecoveryCodes(user.id, check)
      return 'error' in outcome ? outcome : shownOnce(outcome.recoveryCodes)
    }
    case 'remove-totp': {
      const outcome = await removeTotp(user.id, check)
      if ('error' in outcome) return outcome
      return redirectWithToast(ACCOUNT, {
        title: 'Authenticator app removed',
        description: outcome.factorsLeft ? stillOn : nowOff,
      })
    }
    case 'remove-passkey': {
      const outcome = await removePasskey(user.id, form.factorId, check)
      if ('error' in outcome) return outcome
      return redirectWithToast(ACCOUNT, {
        title: 'Passkey removed',
        description: `${outcome.name} no longer signs you in. ${outcome.factorsLeft ? stillOn : nowOff}`,
      })
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
