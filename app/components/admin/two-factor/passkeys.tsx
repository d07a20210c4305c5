import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, isFieldCheck, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { AddPasskeySchema, RemovePasskeySchema } from '#app/schemas/two-factor.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { PasskeyButton, usePostFormWith } from '../passkey-button.tsx'
import { secondaryButtonClass } from '../styles.ts'
import { CheckForm } from './check-form.tsx'
import type { Reply, ReplyFor } from './replies.ts'

export interface Passkey {
  id: number
  name: string
  added: string
  lastUsed: string | null
}

/** The user's passkeys, each with its remove form, and the form that adds one. */
export function Passkeys({ passkeys, replyFor }: { passkeys: Passkey[]; replyFor: ReplyFor }) {
  return (
    <div className="mt-8 space-y-4">
      <h3 className="text-lg font-semibold">Passkeys</h3>
      <p className="text-slate-700">
        A passkey lives on your phone, computer or security key and is unlocked with your fingerprint, face or PIN. It
        signs you in without a password, or stands in for the app&apos;s code after it.
      </p>
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {passkeys.map((passkey) => (
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
  )
}

/**
 * Adds a passkey: an optional name, then the browser's ceremony; its answer posted with the name. Without
 * JavaScript there is no ceremony, so no form: a sentence saying so.
 */
function AddPasskeyForm({ lastResult }: { lastResult: Reply }) {
  const [form, fields] = useZodForm(AddPasskeySchema, { id: 'add-passkey', lastResult })
  const sendAnswer = usePostFormWith('response')
  const pending = useIsPending({ intent: 'add-passkey' })
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
      <PasskeyButton purpose="register" className={secondaryButtonClass} pending={pending} send={sendAnswer}>
        Add a passkey
      </PasskeyButton>
    </Form>
  )
}
