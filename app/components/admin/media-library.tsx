import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useState, type KeyboardEvent } from 'react'
import { Field } from '#app/components/form-fields.tsx'
import { ErrorList, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { FOLDER_NAME_MAX, MediaActionSchema, NewFolderSchema } from '#app/schemas/media.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { AdminTable } from './admin-table.tsx'
import { FolderField, MediaForm, formatBytes, MediaThumbnail } from './media.tsx'
import { primaryButtonClass, secondaryButtonClass, smallFieldClass } from './styles.ts'

// /admin/media's forms (SPEC §2 "Admin Media page"): the search, New Folder, and the library itself, whose
// checkboxes belong to one bulk form (move, tags, delete) beside one small delete form per file.

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

/** Search and folder filter: a GET form, nothing to refuse. */
export function MediaFilters({
  view,
  q,
  folder,
  folders,
}: {
  view: string
  q: string
  folder: number | 'none' | undefined
  folders: readonly Folder[]
}) {
  return (
    <Form method="get" role="search" aria-label="Search media" className="rounded-lg border bg-white p-4">
      <input type="hidden" name="view" value={view} />
      <label htmlFor="media-q" className="block text-sm font-medium">
        Search
      </label>
      <input
        id="media-q"
        type="search"
        name="q"
        defaultValue={q}
        placeholder="File name or alt text"
        className={smallFieldClass}
      />
      <label htmlFor="media-folder-filter" className="mt-3 block text-sm font-medium">
        Folder
      </label>
      <select
        id="media-folder-filter"
        name="folder"
        defaultValue={folder === undefined ? '' : String(folder)}
        className={smallFieldClass}
      >
        <option value="">All folders</option>
        <option value="none">No folder</option>
        {folders.map(({ id, name }) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <button type="submit" className={`${secondaryButtonClass} mt-3`}>
        Search
      </button>
    </Form>
  )
}

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
  const row = (m: LibraryFile) => ({
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
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {media.map((m) => {
              const { select, size, folder, actions } = row(m)
              return (
                <li key={m.id} className="flex flex-col rounded-lg border bg-white p-3">
                  <MediaThumbnail url={m.url} className="aspect-square w-full" />
                  <label className="mt-2 flex items-start gap-2 text-sm font-medium break-all">
                    {select}
                    {m.file_name}
                  </label>
                  <p className="text-xs text-slate-700">{folder ? `${size} · ${folder}` : size}</p>
                  {m.tags.length ? <p className="text-xs text-slate-700">Tags: {m.tags.join(', ')}</p> : null}
                  <div className="mt-auto flex gap-3 pt-2 text-sm">{actions}</div>
                </li>
              )
            })}
          </ul>
        ) : (
          <AdminTable caption="Media files" headings={HEADINGS}>
            {media.map((m) => {
              const { select, size, folder, actions } = row(m)
              return (
                <tr key={m.id} className="border-t">
                  <td className="p-3">{select}</td>
                  <td className="flex items-center gap-3 p-3">
                    <MediaThumbnail url={m.url} className="h-12 w-12" />
                    <span className="break-all">{m.file_name}</span>
                  </td>
                  <td className="p-3 whitespace-nowrap">{size}</td>
                  <td className="p-3">{folder || '—'}</td>
                  <td className="p-3">{m.tags.join(', ') || '—'}</td>
                  <td className="p-3 whitespace-nowrap">{actions}</td>
                </tr>
              )
            })}
          </AdminTable>
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

const HEADINGS = [{ hidden: 'Selected' }, 'File', 'Size', 'Folder', 'Tags', 'Actions']

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
