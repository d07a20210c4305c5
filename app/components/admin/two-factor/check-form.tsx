import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Field } from '#app/components/form-fields.tsx'
import { FormErrors, formErrorsOf, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import type { RegenerateCodesSchema, RemovePasskeySchema, RemoveTotpSchema } from '#app/schemas/two-factor.ts'
import { PasskeyButton, usePostFormWith } from '../passkey-button.tsx'
import { secondaryButtonClass } from '../styles.ts'
import type { Reply } from './replies.ts'

/**
 * A change that needs a fresh check: a code from the app or a recovery code typed in the form, or, with
 * JavaScript and a passkey, the passkey instead (its answer posted in the same form, the code left empty).
 */
export function CheckForm({
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
  // The passkey's answer goes in the form in place of a code.
  const sendPasskey = usePostFormWith('passkey', { code: '' })
  const pending = useIsPending({ intent })
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
            send={sendPasskey}
            withoutJs={null}
          >
            {`${submit} with a passkey`}
          </PasskeyButton>
        ) : null}
      </div>
    </Form>
  )
}
