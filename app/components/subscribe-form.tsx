import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { INVALID_EMAIL, SubscribeSchema } from '#app/schemas/subscribe.ts'
import { Field } from './form-fields.tsx'
import { firstErrorOf, isFieldCheck, useZodForm, type SentFormProps } from './forms.tsx'
import { HoneypotField } from './honeypot.tsx'
import { StatusButton } from './status-button.tsx'
import type { ToastMessage } from './toaster.tsx'

/** SPEC §8's words for a refused signup: "Invalid email" for the address, "Error" for anything else. */
export function subscribeFailure(reply: SubmissionResult<string[]> | null | undefined): ToastMessage | null {
  const message = firstErrorOf(reply)?.[0]
  if (!message) return null
  return { type: 'error', title: reply?.error?.email?.length ? 'Invalid email' : 'Error', description: message }
}

/** What the browser's own check of the address says, before anything is sent. */
export const INVALID_EMAIL_TOAST = { type: 'error', title: 'Invalid email', description: INVALID_EMAIL } as const

const tones = {
  // The home page's box is dark: its messages are a light red to stay readable on it.
  dark: {
    field: 'min-w-0 flex-1 [&>ul]:text-red-200',
    input: 'min-w-0 w-full rounded-md border border-slate-600 bg-white px-3 py-2 text-slate-900',
    button: 'rounded-md bg-brand-500 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-600 disabled:opacity-70',
  },
  light: {
    field: 'min-w-0 flex-1',
    input: 'w-full rounded-md border border-slate-400 bg-white px-3 py-2 aria-invalid:border-red-700',
    button: 'rounded-md bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-70',
  },
}

/**
 * The e-mail signup (SPEC §4, §5): one field, checked by the same schema in the browser and on the server,
 * its message under it. `onInvalid` hears of a submit the browser's check stopped.
 */
export function SubscribeForm({
  id,
  lastResult,
  redirectTo,
  pending,
  tone,
  FormComponent = Form,
  onInvalid,
}: SentFormProps & { redirectTo: string; tone: keyof typeof tones; onInvalid?: () => void }) {
  const [form, fields] = useZodForm(SubscribeSchema, { id, lastResult })
  const formProps = getFormProps(form)
  // One signup at a time: Enter pressed again before `pending` has shown would send it twice.
  const sending = useRef(false)
  useEffect(() => {
    if (!pending) sending.current = false
  }, [pending])
  const style = tones[tone]
  return (
    <FormComponent
      method="post"
      action="/subscribe"
      {...formProps}
      onSubmit={(event) => {
        if (sending.current) return event.preventDefault()
        const valid = SubscribeSchema.safeParse({ email: new FormData(event.currentTarget).get('email') ?? undefined })
        formProps.onSubmit(event)
        // Conform's own check as a field loses focus (tabbing past it) sends nothing: no toast, no signup.
        if (isFieldCheck(event)) return
        if (!valid.success) onInvalid?.()
        else if (!event.defaultPrevented) sending.current = true
      }}
      className="relative mt-4 flex flex-wrap items-start gap-2"
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <HoneypotField />
      <Field
        meta={fields.email}
        type="email"
        label="Email address"
        labelClassName="sr-only"
        className={style.field}
        inputClassName={style.input}
        autoComplete="email"
        placeholder={tone === 'dark' ? 'you@example.com' : undefined}
        maxLength={254}
        disabled={pending}
      />
      <StatusButton pending={pending} pendingText="Subscribing..." className={style.button}>
        Subscribe
      </StatusButton>
      {/* The button's new text is not announced (nor is it focusable while disabled): this says it. */}
      <p role="status" className="sr-only">
        {pending ? 'Subscribing...' : null}
      </p>
    </FormComponent>
  )
}
