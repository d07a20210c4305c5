import type { FieldMetadata } from '@conform-to/react'
import { useRef } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { MediaThumbnail } from './media.tsx'
import { rowButton } from './styles.ts'

export interface EditorCover {
  id: number
  url: string
  /** Chosen in the media library's page and not saved yet. */
  picked: boolean
}

/**
 * A guide's cover image: the chosen one and a way to remove it (a button with JavaScript; without it, a box to
 * untick), and the way to the media library (its picker dialog with JavaScript, its picker page without).
 */
export function CoverField({
  meta,
  chosen,
  canWrite,
  pickerHref,
  onRemove,
  onPick,
}: {
  meta: Pick<FieldMetadata<unknown>, 'errors' | 'errorId'>
  chosen: EditorCover | null
  canWrite: boolean
  pickerHref: string
  onRemove: () => void
  /** Opens the picker dialog (with JavaScript). */
  onPick: () => void
}) {
  const hydrated = useHydrated()
  const pickLink = useRef<HTMLAnchorElement>(null)
  return (
    <fieldset aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className="block text-sm font-medium text-slate-900">Cover image</legend>
      {chosen ? (
        <div className="mt-2 flex flex-wrap items-center gap-4">
          <MediaThumbnail url={chosen.url} className="h-24 w-32" />
          {hydrated ? (
            <>
              <input type="hidden" name="coverMediaId" value={chosen.id} />
              <button
                type="button"
                onClick={() => {
                  onRemove()
                  // The button goes with the cover: focus stays in the field, on the way to another.
                  pickLink.current?.focus()
                }}
                className={rowButton.secondary}
              >
                Remove<span className="sr-only"> the cover image</span>
              </button>
            </>
          ) : (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="coverMediaId" value={chosen.id} defaultChecked />
              Keep this cover (untick to remove it)
            </label>
          )}
          {chosen.picked ? <p className="w-full text-sm text-slate-600">Not saved yet.</p> : null}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No cover image.</p>
      )}
      <ErrorList id={meta.errorId} errors={meta.errors} />
      {canWrite ? (
        <Link
          ref={pickLink}
          to={pickerHref}
          onClick={(event) => {
            if (!hydrated) return
            event.preventDefault()
            onPick()
          }}
          className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
        >
          Choose from the media library
        </Link>
      ) : null}
    </fieldset>
  )
}
