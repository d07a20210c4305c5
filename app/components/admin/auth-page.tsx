import { getFormProps, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { formErrorsOf, FormErrors, useIsPending } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'

/** The frame of the panel's signed-out pages (setup, login, password reset): outside the shop's layout. */
export function AuthPage({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <main id="main" className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="mt-2 text-slate-600">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  )
}

const buttonClass =
  'w-full rounded-md bg-slate-900 px-4 py-2.5 font-semibold text-white hover:bg-slate-700 disabled:opacity-70'

/** A signed-out page's other way through (a passkey): full width, outlined. */
export const outlineButtonClass =
  'w-full rounded-md border border-slate-400 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-70'

/**
 * A signed-out panel form (sign-in, setup, password reset): the form's own failure, titled with SPEC §8's
 * words, above its fields (the kit's), and one full-width submit button that says when it is on its way.
 */
export function AuthForm<Schema extends Record<string, unknown>>({
  form,
  reply,
  text,
  children,
}: {
  form: FormMetadata<Schema, string[]>
  /** The last reply: its form messages stay put until the next one (no layout jump). */
  reply: SubmissionResult<string[]> | null | undefined
  /** The failure's title, the button's label, and its label while the form is on its way. */
  text: { failed: string; submit: string; pending: string }
  children: ReactNode
}) {
  const pending = useIsPending()
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <FormErrors id={form.errorId} errors={formErrorsOf(reply)} title={text.failed} />
      {children}
      <StatusButton pending={pending} pendingText={text.pending} className={buttonClass}>
        {text.submit}
      </StatusButton>
    </Form>
  )
}
