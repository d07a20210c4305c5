import type { MouseEvent } from 'react'
import { ErrorList } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'

/**
 * The gallery: each picture a checked box (uncheck to remove, with or without JavaScript), and the media
 * library's picker to add more: a dialog with JavaScript, its page (which comes back here) without.
 */
export function Gallery({
  images,
  errors,
  errorId,
  pickerHref,
  onPick,
}: {
  images: string[]
  errors: string[] | undefined
  errorId: string
  pickerHref: string
  onPick?: (event: MouseEvent) => void
}) {
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="block text-sm font-medium text-slate-900">Gallery images</legend>
      {images.length === 0 ? <p className="mt-1 text-sm text-slate-600">No gallery images yet.</p> : null}
      <ul className="mt-2 grid grid-cols-3 gap-3">
        {images.map((image, index) => (
          <li key={image} className="rounded-md border border-slate-200 p-2">
            <img src={image} alt="" className="h-20 w-full object-contain" />
            <label className="mt-2 flex items-center gap-2 text-xs">
              <input type="checkbox" name="images" value={image} defaultChecked />
              Keep image {index + 1}
            </label>
          </li>
        ))}
      </ul>
      <ErrorList id={errorId} errors={errors} />
      <Link to={pickerHref} onClick={onPick} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
        Choose from the media library
      </Link>
    </fieldset>
  )
}
