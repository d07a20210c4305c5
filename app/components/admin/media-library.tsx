import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useState, type KeyboardEvent } from 'react'
import { Field } from '#app/components/form-fields.tsx'
import { ErrorList, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { MediaActionSchema } from '#app/schemas/media.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { MediaGrid, MediaTable, type FileParts } from './media-library-views.tsx'
import { FolderField, formatBytes } from './media.tsx'
import { primaryButtonClass, secondaryButtonClass, smallFieldClass } from './styles.ts'

// /admin/media's library (SPEC §2 "Admin Media page"), beside its search (media-filters.tsx) and New Folder
// (new-folder-form.tsx): the files' checkboxes belong to one bulk form (move, tags, delete), beside one small
// delete form per file.

export interface LibraryFile {
  id: number
  url: string
  file_name: string
  file_size: number
  width: number | null
  height: number | null
  folder_id: number | null
  tags: string[]
}
type Folder = { id: number; name: string }
export type MediaMay = { create: boolean; edit: boolean; delete: boolean }

/** The checked files: all of them when the address says `select=all`, and a new list starts from that again. */
function useChecked(media: readonly LibraryFile[], selectAll: boolean) {
  const initial = () => new Set(selectAll ? media.map((m) => m.id) : [])
  const [checked, setChecked] = useState(initial)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new list (search, folder, a write) starts over
  useEffect(() => setChecked(initial()), [media, selectAll])
  const toggle = (id: number, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  return { checked, setChecked, toggle }
}

/**
 * The library as a grid or a list inside the bulk form. Select all/none are buttons with JavaScript and links
 * (`select=all`) without it. A refusal shows above the list (the page's); field messages under their fields.
 */
export function MediaLibrary({
  media,
  folders,
  view,
  selectAll,
  filtered,
  may,
  lastResult,
  withParams,
}: {
  media: readonly LibraryFile[]
  folders: readonly Folder[]
  view: 'grid' | 'list'
  selectAll: boolean
  filtered: boolean
  may: MediaMay
  lastResult?: SubmissionResult<string[]>
  withParams: (changes: Record<string, string | null>) => string
}) {
  const pending = useIsPending()
  const hydrated = useHydrated()
  const { checked, setChecked, toggle } = useChecked(media, selectAll)
  const [form, fields] = useZodForm(MediaActionSchema, { id: 'media-bulk', lastResult })
  const folderName = new Map(folders.map((f) => [f.id, f.name]))
  const row = (m: LibraryFile): FileParts => ({
    select: <SelectBox file={m} checked={checked.has(m.id)} onToggle={toggle} />,
    size: `${m.width}×${m.height} · ${formatBytes(m.file_size)}`,
    folder: m.folder_id ? (folderName.get(m.folder_id) ?? '') : '',
    actions: <RowActions file={m} canDelete={may.delete && !pending} />,
  })
  const selectButton = (label: string, all: boolean) =>
    hydrated ? (
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => setChecked(new Set(all ? media.map((m) => m.id) : []))}
      >
        {label}
      </button>
    ) : (
      <Link to={withParams({ select: all ? 'all' : null })} className={secondaryButtonClass}>
        {label}
      </Link>
    )
  const submit = (intent: string, label: string, allowed: boolean, className = primaryButtonClass) => (
    <StatusButton pending={pending} name="intent" value={intent} disabled={!allowed} className={className}>
      {label}
    </StatusButton>
  )

  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label="Selected files"
        className="space-y-4"
        onKeyDown={(event) => sendTagsOnEnter(event)}
      >
        {/* The form's default button, disabled: Enter in a field would otherwise press Move, whatever was meant. */}
        <button type="submit" disabled hidden />
        <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border bg-white p-4">
          <legend className="px-1 text-sm font-semibold">With the selected files</legend>
          <div>
            {/* Atomic: read as "3 selected", not as the bare number that changed. */}
            <p className="text-sm font-medium" aria-live="polite" aria-atomic="true">
              {checked.size} selected
            </p>
            <ErrorList id={fields.ids.errorId} errors={fields.ids.errors} />
          </div>
          {selectButton('Select all', true)}
          {selectButton('Select none', false)}
          <FolderField meta={fields.folder} label="Move to folder" folders={folders} />
          {submit('move', 'Move', may.edit)}
          <Field meta={fields.tags} label="Tags (comma-separated)" maxLength={2000} inputClassName={smallFieldClass} />
          {submit('tags', 'Set tags', may.edit)}
          {submit('delete', 'Delete selected', may.delete, secondaryButtonClass)}
        </fieldset>

        {media.length === 0 ? (
          <p className="rounded-lg border bg-white p-8 text-center text-slate-700">
            {filtered ? 'No files match.' : 'No media yet. Upload some images.'}
          </p>
        ) : view === 'grid' ? (
          <MediaGrid media={media} row={row} />
        ) : (
          <MediaTable media={media} row={row} />
        )}
      </Form>

      {/* One small form per file, outside the bulk form (forms cannot nest); each card's button submits its own. */}
      {media.map((m) => (
        <Form key={m.id} method="post" id={`delete-media-${m.id}`} hidden>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="ids" value={m.id} />
        </Form>
      ))}
    </>
  )
}

/** Enter in the tags field sets the tags, as its own button does (the form's other buttons do other things). */
function sendTagsOnEnter(event: KeyboardEvent<HTMLFormElement>) {
  const field = event.target
  if (event.key !== 'Enter' || !(field instanceof HTMLInputElement) || field.name !== 'tags') return
  event.preventDefault()
  const button = event.currentTarget.querySelector<HTMLButtonElement>('button[name="intent"][value="tags"]')
  if (button && !button.disabled) event.currentTarget.requestSubmit(button)
}

function SelectBox({
  file,
  checked,
  onToggle,
}: {
  file: LibraryFile
  checked: boolean
  onToggle: (id: number, on: boolean) => void
}) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={file.id}
      checked={checked}
      aria-label={`Select ${file.file_name}`}
      onChange={(event) => onToggle(file.id, event.target.checked)}
      className="mt-1"
    />
  )
}

function RowActions({ file, canDelete }: { file: LibraryFile; canDelete: boolean }) {
  return (
    <>
      <Link to={`/admin/media/${file.id}`} className="mr-3 font-medium text-slate-900 underline">
        Edit<span className="sr-only"> {file.file_name}</span>
      </Link>
      <button
        type="submit"
        form={`delete-media-${file.id}`}
        disabled={!canDelete}
        className="font-medium text-red-800 underline disabled:cursor-not-allowed disabled:opacity-50"
      >
        Delete<span className="sr-only"> {file.file_name}</span>
      </button>
    </>
  )
}
