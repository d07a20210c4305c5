import type { SubmissionResult } from '@conform-to/react'
import { firstErrorOf, FormErrors, intentOf, useIsPending } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { rowButton } from './styles.ts'

// The guide and page editors' buttons (name="intent"): each says what the save does, and a refusal is titled
// by the button that sent it.

export interface Button {
  intent: string
  label: string
  pending: string
}

export const SAVE = { intent: 'save', label: 'Save', pending: 'Saving...' }
export const PUBLISH = { intent: 'publish', label: 'Publish', pending: 'Publishing...' }
export const UNPUBLISH = { intent: 'unpublish', label: 'Unpublish', pending: 'Unpublishing...' }
export const PREVIEW = { intent: 'preview', label: 'Preview', pending: 'Previewing...' }
const FAILED: Record<string, string> = {
  save: 'Failed to save',
  publish: 'Failed to publish',
  schedule: 'Failed to schedule',
  unpublish: 'Failed to unpublish',
  preview: 'Failed to preview',
}

/**
 * The form's refusal: the browser's check, else the server's, titled by the button that sent it ("Failed to
 * publish guide").
 */
export function EditorFormErrors({
  form,
  lastResult,
  noun,
}: {
  form: { errorId: string; errors?: string[] }
  lastResult: SubmissionResult<string[]> | undefined
  noun: 'guide' | 'page'
}) {
  return (
    <FormErrors
      id={form.errorId}
      errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
      title={`${FAILED[intentOf(lastResult) ?? ''] ?? 'Failed to save'} ${noun}`}
    />
  )
}

/** The form's buttons: each sends its intent; while one is on its way, none can be pressed. */
export function EditorButtons({ buttons }: { buttons: readonly Button[] }) {
  const sending = useIsPending()
  return (
    <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
      {buttons.map((button, index) => (
        <EditorButton key={button.intent} button={button} primary={index === 0} disabled={sending} />
      ))}
    </div>
  )
}

function EditorButton({ button, primary, disabled }: { button: Button; primary: boolean; disabled: boolean }) {
  const pending = useIsPending({ intent: button.intent })
  return (
    <StatusButton
      name="intent"
      value={button.intent}
      pending={pending}
      pendingText={button.pending}
      disabled={disabled}
      className={primary ? rowButton.primary : rowButton.secondary}
    >
      {button.label}
    </StatusButton>
  )
}
