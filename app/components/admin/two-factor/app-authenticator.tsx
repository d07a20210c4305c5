import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field } from '#app/components/form-fields.tsx'
import { firstErrorOf, formErrorsOf, FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { ConfirmTotpSchema, RemoveTotpSchema, StartTotpSchema } from '#app/schemas/two-factor.ts'
import { primaryButtonClass, secondaryButtonClass } from '../styles.ts'
import { CheckForm } from './check-form.tsx'
import type { Reply, ReplyFor } from './replies.ts'

/** A set-up begun and not yet confirmed: its key, as text and as a QR code. */
export interface PendingTotp {
  factorId: number
  secret: string
  qrSvg: string
}

/** The authenticator app (TOTP): on (and its remove form), unavailable, being set up, or off. */
export function AppAuthenticator({
  on,
  available,
  enrolled,
  pending,
  hasPasskey,
  replyFor,
}: {
  on: boolean
  /** Whether the server can keep app secrets (it has an MFA_ENCRYPTION_KEY). */
  available: boolean
  /** Whether two-factor sign-in is on by any factor. */
  enrolled: boolean
  pending: PendingTotp | null
  hasPasskey: boolean
  replyFor: ReplyFor
}) {
  return (
    <div className="mt-6 space-y-4">
      <h3 className="text-lg font-semibold">Authenticator app</h3>
      {on ? (
        <>
          <p className="text-slate-700">
            <strong>On.</strong> Sign-in asks for the 6-digit code your app shows.
          </p>
          <CheckForm
            intent="remove-totp"
            schema={RemoveTotpSchema}
            title="Remove authenticator app"
            submit="Remove authenticator app"
            pendingText="Removing..."
            hasPasskey={hasPasskey}
            lastResult={replyFor('remove-totp')}
          />
        </>
      ) : !available ? (
        <p className="text-slate-700">
          Authenticator apps are unavailable on this server: it has no MFA_ENCRYPTION_KEY. Ask whoever runs the site to
          set one.
        </p>
      ) : pending ? (
        <EnrolForm
          pending={pending}
          submit={enrolled ? 'Add authenticator app' : 'Turn on two-factor sign-in'}
          lastResult={replyFor('confirm-totp')}
          restart={replyFor('start-totp')}
        />
      ) : (
        <StartForm label="Set up authenticator app" lastResult={replyFor('start-totp')} />
      )}
    </div>
  )
}

function StartForm({ label, lastResult }: { label: string; lastResult: Reply }) {
  const [form] = useZodForm(StartTotpSchema, { id: 'start-totp', lastResult })
  const pending = useIsPending({ intent: 'start-totp' })
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={firstErrorOf(lastResult)} title="Failed to start setup" />
      <input type="hidden" name="intent" value="start-totp" />
      <StatusButton pending={pending} pendingText="Starting..." className={secondaryButtonClass}>
        {label}
      </StatusButton>
    </Form>
  )
}

function EnrolForm({
  pending,
  submit,
  lastResult,
  restart,
}: {
  pending: PendingTotp
  submit: string
  lastResult: Reply
  restart: Reply
}) {
  const [form, fields] = useZodForm(ConfirmTotpSchema, { id: 'confirm-totp', lastResult })
  const checking = useIsPending({ intent: 'confirm-totp' })
  return (
    <div id="two-factor-setup" className="space-y-4">
      <h4 className="font-semibold">Set up your authenticator app</h4>
      <ol className="list-decimal space-y-2 pl-5 text-slate-700">
        <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div
        role="img"
        aria-label="QR code for your authenticator app"
        className="h-48 w-48 [&>svg]:h-full [&>svg]:w-full"
        // Drawn on the server by the qrcode library from our own otpauth URI: markup of ours, never the visitor's.
        dangerouslySetInnerHTML={{ __html: pending.qrSvg }}
      />
      <p className="text-slate-700">
        Key for typing by hand:{' '}
        <code data-testid="totp-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">
          {pending.secret}
        </code>
      </p>
      <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
        <FormErrors
          id={form.errorId}
          // A factorId that is not one (a tampered form) has no field to show its message under.
          errors={formErrorsOf(lastResult) ?? lastResult?.error?.factorId ?? null}
          title="Failed to set up the authenticator app"
        />
        <input type="hidden" name="intent" value="confirm-totp" />
        <input type="hidden" name="factorId" value={pending.factorId} />
        <Field
          meta={fields.code}
          label="Code from your authenticator app"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
        />
        <StatusButton pending={checking} pendingText="Checking..." className={primaryButtonClass}>
          {submit}
        </StatusButton>
      </Form>
      <StartForm label="Start again with a new key" lastResult={restart} />
    </div>
  )
}
