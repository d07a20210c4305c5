import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useRef, type MutableRefObject } from 'react'
import { CheckboxField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, intentOf, useZodForm, useIsPending } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { AutoHideSchema, LinkHealthEmailSchema } from '#app/schemas/link-health.ts'
import { RequireTwoFactorSchema } from '#app/schemas/two-factor.ts'
import { smallButtonClass } from './settings-table.tsx'

type Reply = SubmissionResult<string[]> | undefined

interface ToggleFormProps {
  intent: 'auto-hide' | 'link-health-email' | 'require-two-factor'
  field: 'autoHideRejected' | 'linkHealthEmail' | 'requireTwoFactor'
  checked: boolean
  label: string
  hint: string
  save: string
  /** The page's last reply: shown here only when this form sent it. */
  lastResult: Reply
}

/**
 * One site or user setting: a checkbox and its own Save button, posted with its intent to the page's action.
 * Remade with the saved value, so the box shows what was saved once the page has reloaded its data.
 */
export function ToggleForm(props: ToggleFormProps) {
  const lastResult = intentOf(props.lastResult) === props.intent ? props.lastResult : undefined
  // Remade, its Save button is a new element: the focus, on the old one when it was pressed, goes back to it.
  const sending = useIsPending({ intent: props.intent })
  const sent = useRef(false)
  useEffect(() => {
    if (sending) sent.current = true
  }, [sending])
  return <Toggle key={`${props.intent}-${props.checked}`} {...props} lastResult={lastResult} sent={sent} />
}

function Toggle({
  intent,
  field,
  checked,
  label,
  hint,
  save,
  lastResult,
  sent,
}: ToggleFormProps & { sent: MutableRefObject<boolean> }) {
  useEffect(() => {
    if (!sent.current) return
    sent.current = false
    if (document.activeElement === document.body) {
      document.getElementById(intent)?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus()
    }
  }, [sent, intent])
  // This form, not the page's others: they all post to the page's action.
  const busy = useIsPending({ intent })
  const schema = {
    'auto-hide': AutoHideSchema,
    'link-health-email': LinkHealthEmailSchema,
    'require-two-factor': RequireTwoFactorSchema,
  }[intent]
  const [form, fields] = useZodForm(schema, {
    id: intent,
    lastResult,
    defaultValue: { [field]: checked ? 'on' : undefined },
  })
  const meta = (fields as Record<string, Parameters<typeof CheckboxField>[0]['meta']>)[field]!
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-3">
      <FormErrors id={form.errorId} errors={firstErrorOf(lastResult)} title="Failed to save settings" />
      <input type="hidden" name="intent" value={intent} />
      <CheckboxField meta={meta} label={label} hint={hint} className="flex max-w-xl flex-wrap items-center gap-2" />
      <StatusButton pending={busy} className={smallButtonClass}>
        Save<span className="sr-only"> {save}</span>
      </StatusButton>
    </Form>
  )
}
