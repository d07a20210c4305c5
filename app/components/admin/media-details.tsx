import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field } from '#app/components/form-fields.tsx'
import { FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { ALT_MAX, MediaDetailsSchema } from '#app/schemas/media.ts'
import { FolderField, MediaForm, formatBytes, MediaThumbnail } from './media.tsx'
import { primaryButtonClass, smallFieldClass } from './styles.ts'

// /admin/media/{id}: the file as stored, its details form (alt text, tags, folder) and its delete button.

export interface DetailedMedia {
  id: number
  url: string
  file_size: number
  mime_type: string
  width: number | null
  height: number | null
  alt: string | null
  tags: string[]
  folder_id: number | null
}

export function MediaFacts({ media }: { media: DetailedMedia }) {
  const facts = [
    ['Dimensions', `${media.width}×${media.height}`],
    ['Size', formatBytes(media.file_size)],
    ['Type', media.mime_type],
    ['URL', media.url],
  ]
  return (
    <div className="rounded-lg border bg-white p-4">
      <MediaThumbnail url={media.url} className="max-h-96 w-full" />
      <dl className="mt-3 grid grid-cols-2 gap-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** The details form and the delete button; a refusal shows in the form it came from (SPEC §8 titles). */
export function MediaDetailsForms({
  media,
  folders,
  may,
  lastResult,
}: {
  media: DetailedMedia
  folders: ReadonlyArray<{ id: number; name: string }>
  may: { edit: boolean; delete: boolean }
  lastResult?: SubmissionResult<string[]>
}) {
  const pending = useIsPending()
  const replied = lastResult?.initialValue?.intent
  const updateReply = replied === 'update' ? lastResult : undefined
  const [form, fields] = useZodForm(MediaDetailsSchema, {
    id: `media-${media.id}`,
    lastResult: updateReply,
    defaultValue: { alt: media.alt ?? '', tags: media.tags.join(', '), folder: String(media.folder_id ?? '') },
  })
  const deleteErrors = replied === 'delete' ? lastResult?.error?.[''] : null
  return (
    <div className="space-y-6">
      <MediaForm
        form={form}
        intent="update"
        lastResult={updateReply}
        className="space-y-4 rounded-lg border bg-white p-4"
      >
        <Field meta={fields.alt} label="Alt text" maxLength={ALT_MAX} inputClassName={smallFieldClass} />
        <Field meta={fields.tags} label="Tags (comma-separated)" inputClassName={smallFieldClass} />
        <FolderField meta={fields.folder} label="Folder" folders={folders} />
        <StatusButton pending={pending} pendingText="Saving..." disabled={!may.edit} className={primaryButtonClass}>
          Save
        </StatusButton>
      </MediaForm>
      <Form method="post" className="rounded-lg border bg-white p-4">
        <FormErrors errors={deleteErrors} title="Delete failed" />
        <input type="hidden" name="intent" value="delete" />
        <StatusButton
          pending={pending}
          disabled={!may.delete}
          className="rounded-md border border-red-800 px-3 py-2 text-sm font-semibold text-red-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Delete this file
        </StatusButton>
      </Form>
    </div>
  )
}
