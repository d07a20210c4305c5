import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react'
import { useModalDialog } from '#app/utils/use-modal-dialog.ts'
import { MediaThumbnail } from './media.tsx'
import { smallFieldClass } from './styles.ts'

// The media picker (SPEC §2: search, multi-select, "N selected", Confirm Selection), used for product
// galleries and guide covers. `MediaPickerDialog` is the JavaScript version, in a <dialog>; /admin/media/picker
// is the page that does the same without JavaScript (contract in docs/decisions/018).

export interface PickerMedia {
  id: number
  url: string
  file_name: string
}

/** The selectable files: one checkbox each, named `name` with the file's id as value. */
export function MediaPickerGrid({
  media,
  isSelected,
  onToggle,
  name,
}: {
  media: readonly PickerMedia[]
  isSelected: (id: number) => boolean
  onToggle: (file: PickerMedia, selected: boolean) => void
  name?: string
}) {
  if (media.length === 0) return <p className="p-4 text-center text-slate-700">No files match.</p>
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {media.map((file) => (
        <li key={file.id} className="rounded-lg border bg-white p-2">
          <label className="flex cursor-pointer flex-col gap-2 text-sm break-all">
            <MediaThumbnail url={file.url} className="aspect-square w-full" />
            <span className="flex items-start gap-2">
              <input
                type="checkbox"
                name={name}
                value={file.id}
                checked={isSelected(file.id)}
                onChange={(event) => onToggle(file, event.target.checked)}
                className="mt-1"
              />
              {file.file_name}
            </span>
          </label>
        </li>
      ))}
    </ul>
  )
}

/** The chosen files, in the order they were chosen: id → URL. */
export function useSelection(initial: readonly PickerMedia[] = []) {
  const [selection, setSelection] = useState(() => new Map(initial.map((file) => [file.id, file.url])))
  const toggle = (file: PickerMedia, selected: boolean) =>
    setSelection((current) => {
      const next = new Map(current)
      if (selected) next.set(file.id, file.url)
      else next.delete(file.id)
      return next
    })
  return { selection, setSelection, toggle }
}

/** The picker's search box (the dialog's filters as it is typed in; the page's is sent with its form). */
export function PickerSearch(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return (
    <label className="block text-sm font-medium">
      Search media
      <input type="search" {...props} className={smallFieldClass} />
    </label>
  )
}

interface PickerData {
  media: PickerMedia[]
}

/**
 * A modal picker over the media library; `onConfirm` receives the chosen files (id and absolute URL), in the order
 * chosen. Needs JavaScript: pages offer a link to /admin/media/picker?returnTo=… for visitors without it.
 */
export function MediaPickerDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean
  onClose: () => void
  onConfirm: (files: Array<{ id: number; url: string }>) => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const fetcher = useFetcher<PickerData>()
  const load = fetcher.load
  const [q, setQ] = useState('')
  const { selection, setSelection, toggle } = useSelection()

  // Each opening starts afresh: no choice and no search left from the last.
  const close = () => {
    setSelection(new Map())
    setQ('')
    onClose()
  }
  // docs/decisions/050: focus in the search box, Escape closes, focus back on "Choose from library".
  useModalDialog(dialog, { open, onDismiss: close })
  useEffect(() => {
    if (open) load(`/admin/media/picker?q=${encodeURIComponent(q.trim())}`)
  }, [open, q, load])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto w-[min(56rem,95vw)] rounded-xl p-0 backdrop:bg-black/50"
    >
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-xl font-bold">
          Choose images
        </h2>
        <PickerSearch value={q} onChange={(event) => setQ(event.target.value)} />
        <div className="max-h-[55vh] overflow-y-auto">
          <MediaPickerGrid media={fetcher.data?.media ?? []} isSelected={(id) => selection.has(id)} onToggle={toggle} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" aria-atomic="true" className="text-sm font-medium">
            {selection.size} selected
          </p>
          <div className="flex gap-2">
            <button type="button" onClick={close} className="rounded-md border border-slate-400 px-3 py-2 text-sm">
              Cancel
            </button>
            <button
              type="button"
              disabled={selection.size === 0}
              onClick={() => {
                onConfirm([...selection].map(([id, url]) => ({ id, url })))
                close()
              }}
              className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white disabled:opacity-50"
            >
              Confirm Selection
            </button>
          </div>
        </div>
      </div>
    </dialog>
  )
}
