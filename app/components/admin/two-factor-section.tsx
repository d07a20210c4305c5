import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation, useSubmit } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Field } from '#app/components/form-fields.tsx'
import { firstErrorOf, formErrorsOf, FormErrors, isFieldCheck, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import {
  AddPasskeySchema,
  ConfirmTotpSchema,
  RegenerateCodesSchema,
  RemovePasskeySchema,
  RemoveTotpSchema,
  StartTotpSchema,
} from '#app/schemas/two-factor.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { PasskeyButton } from './passkey-button.tsx'
import { primaryButtonClass, secondaryButtonClass } from './styles.ts'

// The two-factor part of /admin/account (docs/decisions/048, 049): status, the authenticator app, passkeys,
// recovery codes. Each is a plain form posted to the page's action, told apart by its intent; a passkey's
// ceremony needs JavaScript and posts its answer in such a form.

type Reply = SubmissionResult<string[]> | undefined
type Intent = 'start-totp' | 'confirm-totp' | 'add-passkey' | 'regenerate-codes' | 'remove-totp' | 'remove-passkey'

interface Passkey {
  id: number
  name: string
  added: string
  lastUsed: string | null
}

export interface TwoFactorStatus {
  available: boolean
  enrolled: boolean
  totp: boolean
  passkeys: Passkey[]
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
  const replyFor = (intent: Intent, factorId?: number) =>
    replied === intent && (factorId === undefined || String(factorId) === reply?.initialValue?.factorId)
      ? reply
      : undefined
  const hasPasskey = status.passkeys.length > 0
  return (
    <section aria-labelledby="two-factor-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        Two-factor sign-in
      </h2>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {required && !status.enrolled ? (
        <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          This site requires two-factor sign-in for every panel user. Add a passkey or an authenticator app to continue.
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">
        {status.enrolled ? (
          <>
            <strong>On.</strong> After your password, sign-in asks for a passkey or a code from your authenticator app;
            a passkey also signs you in on its own.
          </>
        ) : (
          <>
            <strong>Off.</strong> Add a passkey, or a code from an authenticator app (such as 1Password, Google
            Authenticator or Aegis), to your password.
          </>
        )}
      </p>

      <div className="mt-6 space-y-4">
        <h3 className="text-lg font-semibold">Authenticator app</h3>
        {status.totp ? (
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
        ) : !status.available ? (
          <p className="text-slate-700">
            Authenticator apps are unavailable on this server: it has no MFA_ENCRYPTION_KEY. Ask whoever runs the site
            to set one.
          </p>
        ) : pending ? (
          <EnrolForm
            pending={pending}
            submit={status.enrolled ? 'Add authenticator app' : 'Turn on two-factor sign-in'}
            lastResult={replyFor('confirm-totp')}
            restart={replyFor('start-totp')}
          />
        ) : (
          <StartForm label="Set up authenticator app" lastResult={replyFor('start-totp')} />
        )}
      </div>

      <div className="mt-8 space-y-4">
        <h3 className="text-lg font-semibold">Passkeys</h3>
        <p className="text-slate-700">
          A passkey lives on your phone, computer or security key and is unlocked with your fingerprint, face or PIN. It
          signs you in without a password, or stands in for the app&apos;s code after it.
        </p>
        {hasPasskey ? (
          <ul aria-label="Your passkeys" className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {status.passkeys.map((passkey) => (
              <li key={passkey.id} className="space-y-3 p-4">
                <p>
                  <strong>{passkey.name}</strong>
                  <span className="block text-sm text-slate-600">
                    Added {passkey.added}. {passkey.lastUsed ? `Last used ${passkey.lastUsed}.` : 'Not used yet.'}
                  </span>
                </p>
                <CheckForm
                  intent="remove-passkey"
                  schema={RemovePasskeySchema}
                  factorId={passkey.id}
                  title={`Remove ${passkey.name}`}
                  submit="Remove passkey"
                  pendingText="Removing..."
                  hasPasskey
                  lastResult={replyFor('remove-passkey', passkey.id)}
                />
              </li>
            ))}
          </ul>
        ) : null}
        <AddPasskeyForm lastResult={replyFor('add-passkey')} />
      </div>

      {status.enrolled ? (
        <div className="mt-8 space-y-4">
          <h3 className="text-lg font-semibold">Recovery codes</h3>
          <p className="text-slate-700">{status.recoveryCodesLeft} of 10 recovery codes left.</p>
          <CheckForm
            intent="regenerate-codes"
            schema={RegenerateCodesSchema}
            title="New recovery codes"
            text="Makes 10 new recovery codes; the old ones stop working."
            submit="Make new recovery codes"
            pendingText="Making codes..."
            hasPasskey={hasPasskey}
            lastResult={replyFor('regenerate-codes')}
          />
        </div>
      ) : null}
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
  submit,
  lastResult,
  restart,
}: {
  pending: { factorId: number; secret: string; qrSvg: string }
  submit: string
  lastResult: Reply
  restart: Reply
}) {
  const [form, fields] = useZodForm(ConfirmTotpSchema, { id: 'confirm-totp', lastResult })
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
        <StatusButton
          pending={usePendingIntent('confirm-totp')}
          pendingText="Checking..."
          className={primaryButtonClass}
        >
          {submit}
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

/**
 * Adds a passkey: an optional name, then the browser's ceremony; its answer posted with the name. Without
 * JavaScript there is no ceremony, so no form: a sentence saying so.
 */
function AddPasskeyForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useZodForm(AddPasskeySchema, { id: 'add-passkey', lastResult })
  const submit = useSubmit()
  const pending = usePendingIntent('add-passkey')
  if (!useHydrated())
    return <p className="text-slate-700">Adding a passkey needs JavaScript, which is off in this browser.</p>
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={(event) => {
        // Conform's own check as the name field loses focus is Conform's: it must not start the ceremony (Tab
        // out of the field did, and the busy button took the focus with it).
        if (isFieldCheck(event)) return form.onSubmit(event)
        // Enter in the name field submits the form itself, which has no answer yet: start the ceremony instead,
        // as the button does (its answer is posted by `send`).
        event.preventDefault()
        event.currentTarget.querySelector<HTMLButtonElement>('button[data-passkey]')?.click()
      }}
      className="max-w-sm space-y-3"
    >
      <FormErrors id={form.errorId} errors={firstErrorOf(lastResult)} title="Failed to add the passkey" />
      <input type="hidden" name="intent" value="add-passkey" />
      <Field
        meta={fields.name}
        label="Name (optional)"
        hint="Which device it is on, e.g. Work laptop."
        maxLength={60}
      />
      <PasskeyButton
        purpose="register"
        className={secondaryButtonClass}
        pending={pending}
        send={(answer, element) => {
          const data = new FormData(element ?? undefined)
          data.set('response', answer)
          submit(data, { method: 'post' })
        }}
      >
        Add a passkey
      </PasskeyButton>
    </Form>
  )
}

/**
 * A change that needs a fresh check: a code from the app or a recovery code typed in the form, or, with
 * JavaScript and a passkey, the passkey instead (its answer posted in the same form, the code left empty).
 */
function CheckForm({
  intent,
  schema,
  factorId,
  title,
  text,
  submit,
  pendingText,
  hasPasskey,
  lastResult,
}: {
  intent: 'regenerate-codes' | 'remove-totp' | 'remove-passkey'
  schema: typeof RegenerateCodesSchema | typeof RemoveTotpSchema | typeof RemovePasskeySchema
  factorId?: number
  title: string
  text?: ReactNode
  submit: string
  pendingText: string
  hasPasskey: boolean
  lastResult: Reply
}) {
  const id = factorId === undefined ? intent : `${intent}-${factorId}`
  const [form, fields] = useZodForm(schema, { id, lastResult })
  const submitForm = useSubmit()
  const pending = usePendingIntent(intent)
  return (
    <Form method="post" {...getFormProps(form)} aria-label={title} className="max-w-sm space-y-3">
      {text ? <h4 className="font-semibold">{title}</h4> : null}
      {text ? <p className="text-slate-700">{text}</p> : null}
      <FormErrors id={form.errorId} errors={formErrorsOf(lastResult)} title={`Failed: ${title.toLowerCase()}`} />
      <input type="hidden" name="intent" value={intent} />
      {factorId === undefined ? null : <input type="hidden" name="factorId" value={factorId} />}
      <Field
        meta={fields.code}
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        spellCheck={false}
      />
      <div className="flex flex-wrap gap-3">
        <StatusButton pending={pending} pendingText={pendingText} className={secondaryButtonClass}>
          {submit}
        </StatusButton>
        {hasPasskey ? (
          <PasskeyButton
            purpose="authenticate"
            className={secondaryButtonClass}
            pending={pending}
            send={(answer, element) => {
              const data = new FormData(element ?? undefined)
              data.set('code', '')
              data.set('passkey', answer)
              submitForm(data, { method: 'post' })
            }}
            withoutJs={null}
          >
            {`${submit} with a passkey`}
          </PasskeyButton>
        ) : null}
      </div>
    </Form>
  )
}
