import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useFormAction, useNavigation, type Form } from '@remix-run/react'
import type { FormEvent } from 'react'
import type { z } from 'zod'

// The one form kit (docs/decisions/037): every form is a Conform form over a zod schema from app/schemas,
// built from the fields in form-fields.tsx and sent with status-button.tsx. This file is the form as a whole:
// its validation, whether it is on its way, and its own messages (a field's sit under it; the form's in its
// FormErrors).

/**
 * A Conform form validated by `schema` in the browser (on blur, then as the visitor types) and on the server
 * by the same schema; `lastResult` is the action's reply.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: {
    id: string
    lastResult?: SubmissionResult<string[]> | null
    defaultValue?: Record<string, unknown>
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
}

/**
 * True for the submit event Conform sends itself to check a field as it loses focus (its `__intent__` button):
 * a form's own onSubmit must not take it for the visitor sending the form, who only tabbed past a field.
 */
export function isFieldCheck(event: FormEvent<HTMLFormElement>): boolean {
  return (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === '__intent__'
}

/** A field's (or the form's) messages, referenced by the control's aria-describedby. */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly (string | null | undefined)[] | null }) {
  const shown = [...new Set(errors?.filter((error): error is string => Boolean(error)))]
  if (shown.length === 0) return null
  return (
    <ul id={id} className="mt-1 space-y-1 text-sm font-medium text-red-700">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

/**
 * The form's own failure (not one field's): a title and the messages, announced to screen readers. The title
 * comes from the form (SPEC §8 names one per kind of write); the messages from the server's reply. Give it the
 * form's `errorId` so the form is described by it.
 */
export function FormErrors({
  id,
  errors,
  title,
  className = 'mb-4',
  announced = true,
}: {
  id?: string
  errors?: readonly string[] | null
  title?: string
  className?: string
  /** False where a toast already says the same (the review dialog), so that it is heard once. */
  announced?: boolean
}) {
  const shown = errors?.filter(Boolean) ?? []
  if (shown.length === 0) return null
  return (
    <div
      id={id}
      role={announced ? 'alert' : undefined}
      className={`rounded-md border border-red-700 bg-red-50 p-3 text-red-900 ${className}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {shown.map((error) => (
        <p key={error} className={title ? 'text-sm' : 'font-medium'}>
          {error}
        </p>
      ))}
    </div>
  )
}

/** What a form sent either by a page navigation or by a fetcher (a dialog's, a toast's) is given. */
export interface SentFormProps {
  /** The form's id: its fields' ids start with it, so two of one form can be in a page. */
  id: string
  lastResult?: SubmissionResult<string[]> | null
  pending: boolean
  /** A fetcher's Form; a page navigation's Form by default. */
  FormComponent?: typeof Form
}

/** The form's own messages in a reply (Conform keeps them under the empty name). */
export const formErrorsOf = (reply: SubmissionResult<string[]> | null | undefined) => reply?.error?.[''] ?? null

/** The reply's first message: the form's own, else the first field's (for an alert that names one reason). */
export function firstErrorOf(reply: SubmissionResult<string[]> | null | undefined): string[] | null {
  const formErrors = formErrorsOf(reply)
  if (formErrors?.length) return formErrors
  const first = Object.values(reply?.error ?? {}).find((messages) => messages?.length)?.[0]
  return first ? [first] : null
}

/** Which of a page's forms sent the reply: the `intent` it submitted. */
export const intentOf = (reply: SubmissionResult<string[]> | null | undefined) => {
  const intent = reply?.initialValue?.intent
  return typeof intent === 'string' ? intent : null
}

/**
 * Whether this page is sending a form: to `formAction` (this route's action by default) with `formMethod`. The
 * forms of a page that post to one action are told apart by what they send: `intent`, the value of their
 * `intent` field (or of the button that sent them), and `fields`, other values they must carry (a table row's
 * id). A form elsewhere on the page, or a plain navigation, does not count.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
  intent,
  fields,
}: {
  formAction?: string
  formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE'
  intent?: string
  fields?: Readonly<Record<string, string>>
} = {}) {
  const contextual = useFormAction()
  const navigation = useNavigation()
  return (
    navigation.state === 'submitting' &&
    navigation.formMethod === formMethod &&
    navigation.formAction === (formAction ?? contextual) &&
    carries(navigation.formData, intent === undefined ? { ...fields } : { ...fields, intent })
  )
}

const carries = (sent: FormData | undefined, values: Readonly<Record<string, string>>) =>
  Object.entries(values).every(([name, value]) => sent?.get(name) === value)
