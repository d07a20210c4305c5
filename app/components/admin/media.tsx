import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { FormAlert } from './auth-page.tsx'
import { smallFieldClass } from './styles.ts'

// Pieces of the media library shared by its pages.

/** What /admin/media/upload answers when it refuses some or all files (a redirect when all went in). */
export interface UploadReply {
  title: string
  problems: string[]
  uploaded: number
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** A library picture; its file name is always shown beside it, so the image itself is decorative. */
export function MediaThumbnail({ url, className = '' }: { url: string; className?: string }) {
  return <img src={url} alt="" loading="lazy" className={`rounded bg-slate-100 object-contain ${className}`} />
}

export function UploadProblems({ reply }: { reply: UploadReply }) {
  return (
    <FormAlert
      title={reply.title}
      message={[
        ...reply.problems,
        ...(reply.uploaded ? [`${reply.uploaded} ${reply.uploaded === 1 ? 'file' : 'files'} uploaded.`] : []),
      ].join(' · ')}
    />
  )
}

/**
 * Several images at once, into the folder being shown. A plain multipart form without JavaScript (the upload
 * page then shows what was refused); with it, refusals appear here and the page stays put.
 */
export function UploadForm({ folder, disabled }: { folder: number | null; disabled: boolean }) {
  const fetcher = useFetcher<UploadReply>()
  const form = useRef<HTMLFormElement>(null)
  const submitting = fetcher.state !== 'idle'
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.uploaded !== 0) form.current?.reset()
  }, [fetcher.state, fetcher.data])
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/admin/media/upload"
      encType="multipart/form-data"
      className="rounded-lg border bg-white p-4"
    >
      {fetcher.data && fetcher.state === 'idle' ? <UploadProblems reply={fetcher.data} /> : null}
      {folder ? <input type="hidden" name="folder" value={folder} /> : null}
      <label htmlFor="upload-files" className="block text-sm font-medium">
        Images (JPEG, PNG or WebP, up to 4 MB each)
      </label>
      <input
        id="upload-files"
        type="file"
        name="files"
        multiple
        required
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        className="mt-1 block w-full text-sm"
      />
      <button
        type="submit"
        disabled={disabled || submitting}
        className="mt-3 rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {submitting ? 'Uploading...' : 'Upload'}
      </button>
    </fetcher.Form>
  )
}

/** The `folder` field of a media form: "No folder" or one of the library's folders. */
export function FolderSelect({
  id,
  folders,
  defaultValue,
}: {
  id: string
  folders: ReadonlyArray<{ id: number; name: string }>
  defaultValue: number | ''
}) {
  return (
    <select id={id} name="folder" defaultValue={defaultValue} className={smallFieldClass}>
      <option value="">No folder</option>
      {folders.map((folder) => (
        <option key={folder.id} value={folder.id}>
          {folder.name}
        </option>
      ))}
    </select>
  )
}
