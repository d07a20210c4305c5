import type { SubmissionResult } from '@conform-to/react'
import { Field } from '#app/components/form-fields.tsx'
import { useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { FOLDER_NAME_MAX, NewFolderSchema } from '#app/schemas/media.ts'
import { MediaForm } from './media.tsx'
import { primaryButtonClass, smallFieldClass } from './styles.ts'

/** /admin/media's New Folder form. */
export function NewFolderForm({
  disabled,
  lastResult,
}: {
  disabled: boolean
  lastResult?: SubmissionResult<string[]>
}) {
  const pending = useIsPending()
  const [form, fields] = useZodForm(NewFolderSchema, { id: 'media-folder', lastResult })
  return (
    <MediaForm form={form} intent="folder" lastResult={lastResult} className="rounded-lg border bg-white p-4">
      <Field meta={fields.name} label="Folder name" maxLength={FOLDER_NAME_MAX} inputClassName={smallFieldClass} />
      <StatusButton pending={pending} disabled={disabled} className={`${primaryButtonClass} mt-3`}>
        New Folder
      </StatusButton>
    </MediaForm>
  )
}
