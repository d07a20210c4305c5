import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Field, firstErrorOf, formErrorsOf, FormErrors, StatusButton, useZodForm } from '#app/components/forms.tsx'
import {
  ConfirmTotpSchema,
  RegenerateCodesSchema,
  RemoveTwoFactorSchema,
  StartTotpSchema,
} from '#app/schemas/two-factor.ts'
import { primaryButtonClass, secondaryButtonClass } from './styles.ts'

// The two-factor part of /admin/account (docs/decisions/048): status, setup, recovery codes, and removal. Each
// is a plain form posted to the page's action, told apart by its intent.

type Reply = SubmissionResult<string[]> | undefined
type Intent = 'start-totp' | 'confirm-totp' | 'regenerate-codes' | 'remove-two-factor'

export interface TwoFactorStatus {
  available: boolean
  enrolled: boolean
  recoveryCodesLeft: number
  pendingFactorId: number | null
}

export function TwoFactorSection({
  required,
  status,
  pending,
  recoveryCodes,
  reply,
}: {
  required: boolean
  status: TwoFactorStatus
  pending: { factorId: number; secret: string; qrSvg: string } | null
  recoveryCodes: string[] | null
  reply: Reply
}) {
  const replied = (reply?.initialValue?.intent ?? undefined) as Intent | undefined
  const replyFor = (intent: Intent) => (replied === intent ? reply : undefined)
  return (
    <section aria-labelledby="two-factor-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        Two-factor sign-in
      </h2>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {status.enrolled ? (
        <div className="mt-2 space-y-6">
          <p className="text-slate-700">
            <strong>On.</strong> After your password, sign-in asks for a code from your authenticator app.{' '}
            {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <CodeForm
            intent="regenerate-codes"
            title="New recovery codes"
            text="Makes 10 new recovery codes; the old ones stop working."
            submit="Make new recovery codes"
            pendingText="Making codes..."
            lastResult={replyFor('regenerate-codes')}
          />
          <CodeForm
            intent="remove-two-factor"
            title="Turn off two-factor sign-in"
            text="Removes your authenticator app and recovery codes."
            submit="Remove two-factor sign-in"
            pendingText="Removing..."
            lastResult={replyFor('remove-two-factor')}
          />
        </div>
      ) : (
        <div className="mt-2 space-y-4">
          {required ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
              This site requires two-factor sign-in for every panel user. Set up an authenticator app to continue.
            </p>
          ) : null}
          <p className="text-slate-700">
            <strong>Off.</strong> Add a code from an authenticator app (such as 1Password, Google Authenticator or
            Aegis) to your password.
          </p>
          {!status.available ? (
            <p className="text-slate-700">
              Authenticator apps are unavailable on this server: it has no MFA_ENCRYPTION_KEY. Ask whoever runs the site
              to set one.
            </p>
          ) : pending ? (
            <EnrolForm pending={pending} lastResult={replyFor('confirm-totp')} restart={replyFor('start-totp')} />
          ) : (
            <StartForm label="Set up authenticator app" lastResult={replyFor('start-totp')} />
          )}
        </div>
      )}
    </section>
  )
}

function usePendingIntent(intent: Intent) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function StartForm({ label, lastResult }: { label: string; lastResult: Reply }) {
  const [form] = useZodForm(StartTotpSchema, { id: 'start-totp', lastResult })
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={firstErrorOf(lastResult)} title="Failed to start setup" />
      <input type="hidden" name="intent" value="start-totp" />
      <StatusButton pending={usePendingIntent('start-totp')} pendingText="Starting..." className={secondaryButtonClass}>
        {label}
      </StatusButton>
    </Form>
  )
}

function EnrolForm({
  pending,
  lastResult,
  restart,
}: {
  pending: { factorId: number; secret: string; qrSvg: string }
  lastResult: Reply
  restart: Reply
}) {
  const [form, fields] = useZodForm(ConfirmTotpSchema, { id: 'confirm-totp', lastResult })
  return (
    <div id="two-factor-setup" className="space-y-4">
      <h3 className="text-lg font-semibold">Set up your authenticator app</h3>
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
          title="Failed to turn on two-factor sign-in"
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
        <StatusButton
          pending={usePendingIntent('confirm-totp')}
          pendingText="Checking..."
          className={primaryButtonClass}
        >
          Turn on two-factor sign-in
        </StatusButton>
      </Form>
      <StartForm label="Start again with a new key" lastResult={restart} />
    </div>
  )
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="mt-3 rounded-md border border-emerald-300 bg-emerald-50 p-4">
      <h3 className="font-semibold text-emerald-900">Your recovery codes</h3>
      <p className="mt-1 text-emerald-900">
        Save these now, somewhere safe: they are shown only once. Each signs you in once if you lose your app.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
    </div>
  )
}

function CodeForm({
  intent,
  title,
  text,
  submit,
  pendingText,
  lastResult,
}: {
  intent: 'regenerate-codes' | 'remove-two-factor'
  title: string
  text: ReactNode
  submit: string
  pendingText: string
  lastResult: Reply
}) {
  const schema = intent === 'regenerate-codes' ? RegenerateCodesSchema : RemoveTwoFactorSchema
  const [form, fields] = useZodForm(schema, { id: intent, lastResult })
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-3">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-slate-700">{text}</p>
      <FormErrors id={form.errorId} errors={formErrorsOf(lastResult)} title={`Failed: ${title.toLowerCase()}`} />
      <input type="hidden" name="intent" value={intent} />
      <Field
        meta={fields.code}
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        spellCheck={false}
      />
      <StatusButton pending={usePendingIntent(intent)} pendingText={pendingText} className={secondaryButtonClass}>
        {submit}
      </StatusButton>
    </Form>
  )
}
