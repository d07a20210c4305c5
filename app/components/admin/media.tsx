import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { Form, useFetcher } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { Field, SelectField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { MEDIA_FAILED, someUploaded, uploadMessages, UploadSchema, uploadTitle } from '#app/schemas/media.ts'
import { primaryButtonClass, smallFieldClass } from './styles.ts'

// Pieces of the media library shared by its pages.

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** A library picture; its file name is always shown beside it, so the image itself is decorative. */
export function MediaThumbnail({ url, className = '' }: { url: string; className?: string }) {
  return <img src={url} alt="" loading="lazy" className={`rounded bg-slate-100 object-contain ${className}`} />
}

/** A media form's `folder` field: "No folder" or one of the library's folders. */
export function FolderField({
  meta,
  label,
  folders,
}: {
  meta: FieldMetadata<unknown>
  label: string
  folders: ReadonlyArray<{ id: number; name: string }>
}) {
  const options = folders.map((folder) => ({ value: String(folder.id), label: folder.name }))
  return (
    <SelectField
      meta={meta}
      label={label}
      options={[{ value: '', label: 'No folder' }, ...options]}
      inputClassName={smallFieldClass}
    />
  )
}

/**
 * A media page's form that writes: its intent, and its failure under SPEC §8's title for that intent ("Update
 * failed"), with the reply's first message (the form's own, else its first field's, also shown under that field).
 */
export function MediaForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  lastResult,
  className,
  children,
}: {
  form: FormMetadata<Schema, string[]>
  intent: string
  lastResult?: SubmissionResult<string[]>
  className: string
  children: ReactNode
}) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors
        id={form.errorId}
        errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
        title={MEDIA_FAILED[intent]}
      />
      {children}
    </Form>
  )
}

/** The media pages' error page, back to the library; `notFound` words a 404 of the page's own. */
export const mediaErrorBoundary = (notFound?: string) =>
  panelErrorBoundary({ to: '/admin/media', label: 'Back to Media' }, notFound)

/**
 * Several images at once, into the folder being shown. A plain multipart form without JavaScript (the upload
 * page then shows what was refused, as `lastResult`); with it, refusals appear here and the page stays put.
 * SPEC §8 titles a refusal "File too large" or "Upload failed".
 */
export function UploadForm({
  folder,
  disabled,
  lastResult,
}: {
  folder: number | null
  disabled: boolean
  lastResult?: SubmissionResult<string[]>
}) {
  const fetcher = useFetcher<SubmissionResult<string[]>>()
  const uploading = fetcher.state !== 'idle'
  const reply = uploading ? undefined : (fetcher.data ?? lastResult)
  const [form, fields] = useZodForm(UploadSchema, { id: 'media-upload', lastResult: reply })
  const element = useRef<HTMLFormElement>(null)
  // Files that went in are not offered again: the form starts over after an upload that stored any.
  useEffect(() => {
    if (fetcher.state === 'idle' && (!fetcher.data || someUploaded(fetcher.data))) element.current?.reset()
  }, [fetcher.state, fetcher.data])
  return (
    <fetcher.Form
      ref={element}
      method="post"
      action="/admin/media/upload"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="rounded-lg border bg-white p-4"
    >
      <FormErrors id={form.errorId} errors={uploadMessages(reply)} title={uploadTitle(reply)} />
      {folder ? <input type="hidden" name="folder" value={folder} /> : null}
      <Field
        meta={fields.files}
        type="file"
        label="Images (JPEG, PNG or WebP, up to 4 MB each)"
        multiple
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        inputClassName="mt-1 block w-full text-sm"
      />
      <StatusButton
        pending={uploading}
        pendingText="Uploading..."
        disabled={disabled}
        className={`mt-3 ${primaryButtonClass}`}
      >
        Upload
      </StatusButton>
    </fetcher.Form>
  )
}
