import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { ErrorList } from './forms.tsx'

// The form kit's fields (docs/decisions/037). A field wires its label, hint and messages to the control
// (aria-invalid, aria-describedby), and its messages sit under it.

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-invalid:border-red-700'
const labelClass = 'block text-sm font-medium text-slate-900'
const hintClass = 'mt-1 text-sm text-slate-600'

type Meta = FieldMetadata<unknown>

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

/** A field's props: its frame's, and the rest, for its control. */
function splitFrame<Rest extends object>({
  meta,
  label,
  hint,
  className,
  labelClassName,
  ...rest
}: FrameProps & Rest): [FrameProps & { ariaDescribedBy?: string }, Rest] {
  return [{ meta, label, hint, className, labelClassName, ariaDescribedBy: describedBy(meta, hint) }, rest as Rest]
}

type Controlled = 'id' | 'name' | 'form' | 'defaultValue' | 'defaultChecked' | 'aria-invalid' | 'aria-describedby'

export function Field({
  type = 'text',
  inputClassName = inputClass,
  ...field
}: FrameProps & {
  type?:
    'text' | 'email' | 'password' | 'search' | 'url' | 'tel' | 'number' | 'date' | 'datetime-local' | 'hidden' | 'file'
  inputClassName?: string
} & Omit<InputHTMLAttributes<HTMLInputElement>, Controlled | 'type' | 'className'>) {
  const [{ ariaDescribedBy, ...frame }, inputProps] = splitFrame(field)
  const { key, ...props } = getInputProps(frame.meta, { type, ariaDescribedBy })
  return (
    <FieldFrame {...frame}>
      <input key={key} {...props} {...inputProps} className={inputClassName} />
    </FieldFrame>
  )
}

export function TextareaField({
  inputClassName = inputClass,
  ...field
}: FrameProps & { inputClassName?: string } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    Controlled | 'className'
  >) {
  const [{ ariaDescribedBy, ...frame }, textareaProps] = splitFrame(field)
  const { key, ...props } = getTextareaProps(frame.meta, { ariaDescribedBy })
  return (
    <FieldFrame {...frame}>
      <textarea key={key} {...props} {...textareaProps} className={inputClassName} />
    </FieldFrame>
  )
}

export function SelectField({
  options,
  inputClassName = inputClass,
  ...field
}: FrameProps & {
  options: readonly (string | { value: string; label: string })[]
  inputClassName?: string
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, Controlled | 'className' | 'children'>) {
  const [{ ariaDescribedBy, ...frame }, selectProps] = splitFrame(field)
  const { key, ...props } = getSelectProps(frame.meta, { ariaDescribedBy })
  return (
    <FieldFrame {...frame}>
      <select key={key} {...props} {...selectProps} className={inputClassName}>
        <Options
          options={options.map((option) => (typeof option === 'string' ? { value: option, label: option } : option))}
        />
      </select>
    </FieldFrame>
  )
}

/** A select's options, each its value and the label shown. */
export function Options({ options }: { options: ReadonlyArray<{ value: string | number; label: string }> }) {
  return options.map(({ value, label }) => (
    <option key={value} value={value}>
      {label}
    </option>
  ))
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
