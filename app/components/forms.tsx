import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useFormAction, useNavigation } from '@remix-run/react'
import type {
  ButtonHTMLAttributes,
  FormEvent,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'
import { useEffect, useRef } from 'react'
import type { z } from 'zod'

// The one form kit (docs/decisions/037): every form is a Conform form over a zod schema from app/schemas,
// built from these fields. A field wires its label, hint and messages to the control (aria-invalid,
// aria-describedby), and its messages sit under it; the form's own messages sit in its FormErrors.

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-invalid:border-red-700'
const labelClass = 'block text-sm font-medium text-slate-900'
const hintClass = 'mt-1 text-sm text-slate-600'

type Meta = FieldMetadata<unknown>

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

type FrameProps = {
  meta: Meta
  label: ReactNode
  /** A line under the control, read with it (aria-describedby). */
  hint?: ReactNode
  /** Classes of the field's wrapper. */
  className?: string
  labelClassName?: string
}

/** Label, control, hint and messages: the frame every field shares. */
function FieldFrame({
  meta,
  label,
  hint,
  className,
  labelClassName = labelClass,
  children,
}: FrameProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className={labelClassName}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId(meta)} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

const hintId = (meta: Meta) => `${meta.id}-hint`
const describedBy = (meta: Meta, hint: ReactNode) => (hint ? hintId(meta) : undefined)

type Controlled = 'id' | 'name' | 'form' | 'defaultValue' | 'defaultChecked' | 'aria-invalid' | 'aria-describedby'

export function Field({
  meta,
  label,
  hint,
  className,
  labelClassName,
  type = 'text',
  inputClassName = inputClass,
  ...inputProps
}: FrameProps & {
  type?:
    'text' | 'email' | 'password' | 'search' | 'url' | 'tel' | 'number' | 'date' | 'datetime-local' | 'hidden' | 'file'
  inputClassName?: string
} & Omit<InputHTMLAttributes<HTMLInputElement>, Controlled | 'type' | 'className'>) {
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: describedBy(meta, hint) })
  return (
    <FieldFrame meta={meta} label={label} hint={hint} className={className} labelClassName={labelClassName}>
      <input key={key} {...props} {...inputProps} className={inputClassName} />
    </FieldFrame>
  )
}

export function TextareaField({
  meta,
  label,
  hint,
  className,
  labelClassName,
  inputClassName = inputClass,
  ...textareaProps
}: FrameProps & { inputClassName?: string } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    Controlled | 'className'
  >) {
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: describedBy(meta, hint) })
  return (
    <FieldFrame meta={meta} label={label} hint={hint} className={className} labelClassName={labelClassName}>
      <textarea key={key} {...props} {...textareaProps} className={inputClassName} />
    </FieldFrame>
  )
}

export function SelectField({
  meta,
  label,
  hint,
  className,
  labelClassName,
  options,
  inputClassName = inputClass,
  ...selectProps
}: FrameProps & {
  options: readonly (string | { value: string; label: string })[]
  inputClassName?: string
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, Controlled | 'className' | 'children'>) {
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: describedBy(meta, hint) })
  return (
    <FieldFrame meta={meta} label={label} hint={hint} className={className} labelClassName={labelClassName}>
      <select key={key} {...props} {...selectProps} className={inputClassName}>
        {options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option
          return (
            <option key={value} value={value}>
              {label}
            </option>
          )
        })}
      </select>
    </FieldFrame>
  )
}

/** A checkbox with its label beside it; its value is "on" when ticked (z.coerce / z.literal('on') in schemas). */
export function CheckboxField({
  meta,
  label,
  hint,
  className = 'flex flex-wrap items-center gap-2',
  labelClassName = 'text-sm font-medium text-slate-900',
  ...inputProps
}: FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, Controlled | 'type' | 'className'>) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox', ariaDescribedBy: describedBy(meta, hint) })
  return (
    <div className={className}>
      <input key={key} {...props} {...inputProps} className="h-4 w-4 rounded border-slate-400" />
      <label htmlFor={meta.id} className={labelClassName}>
        {label}
      </label>
      {hint ? (
        <p id={hintId(meta)} className={`w-full ${hintClass}`}>
          {hint}
        </p>
      ) : null}
      <div className="w-full">
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </div>
    </div>
  )
}

/**
 * A list field as checkboxes, one per option, in a fieldset whose legend names the field. Its messages sit
 * under the boxes, the list's own and each item's (zod reports an unknown item at `name[index]`).
 */
export function CheckboxGroupField({
  meta,
  legend,
  options,
  hint,
  className,
}: {
  meta: FieldMetadata<string[] | undefined>
  legend: ReactNode
  options: readonly { value: string; label: string }[]
  hint?: ReactNode
  className?: string
}) {
  const boxes = getCollectionProps(meta, {
    type: 'checkbox',
    options: options.map((option) => option.value),
    ariaDescribedBy: describedBy(meta as Meta, hint),
    // Each box is marked invalid, and described by the messages, when the list or any item was refused.
    ariaInvalid: 'allErrors',
  })
  return (
    <fieldset className={className}>
      <legend className={labelClass}>{legend}</legend>
      {hint ? (
        <p id={hintId(meta as Meta)} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
        {boxes.map(({ key, ...props }, index) => (
          <div key={key} className="flex items-center gap-2">
            <input {...props} className="h-4 w-4 rounded border-slate-400" />
            <label htmlFor={props.id} className="text-sm text-slate-900">
              {options[index]!.label}
            </label>
          </div>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={Object.values(meta.allErrors).flat()} />
    </fieldset>
  )
}

/**
 * Whether this page is sending a form: to `formAction` (this route's action by default) with `formMethod`.
 * A form elsewhere on the page, or a plain navigation, does not count.
 */
export function useIsPending({
  formAction,
  formMethod = 'POST',
}: { formAction?: string; formMethod?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE' } = {}) {
  const contextual = useFormAction()
  const navigation = useNavigation()
  return (
    navigation.state === 'submitting' &&
    navigation.formMethod === formMethod &&
    navigation.formAction === (formAction ?? contextual)
  )
}

/**
 * A submit button that says what is happening while its form is on its way ("Saving..."). It is disabled
 * meanwhile, so neither a second press nor Enter in a field sends the form twice; disabling drops the focus of a
 * keyboard user who pressed it, so it takes the focus back when the answer comes, if nothing else took it.
 */
export function StatusButton({
  pending,
  pendingText,
  children,
  disabled,
  type = 'submit',
  onClick,
  ...buttonProps
}: { pending: boolean; pendingText?: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const button = useRef<HTMLButtonElement>(null)
  const pressed = useRef(false)
  useEffect(() => {
    if (pending) return
    const lost = !document.activeElement || document.activeElement === document.body
    if (pressed.current && lost) button.current?.focus()
    pressed.current = false
  }, [pending])
  return (
    <button
      ref={button}
      type={type}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      onClick={(event) => {
        pressed.current = true
        onClick?.(event)
      }}
      {...buttonProps}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  )
}
