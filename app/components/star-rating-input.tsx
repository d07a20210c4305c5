import type { FieldMetadata } from '@conform-to/react'
import { ErrorList } from './forms.tsx'

/**
 * A 1–5 star rating as a group of radio buttons (a Conform field): arrow keys move between them, and each
 * reads as "N stars" to screen readers while showing as stars. Its messages sit under the group.
 */
export function StarRatingInput({ meta }: { meta: FieldMetadata<unknown> }) {
  const invalid = Boolean(meta.errors?.length)
  return (
    <fieldset key={meta.key} aria-invalid={invalid || undefined} aria-describedby={invalid ? meta.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">Rating</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              name={meta.name}
              value={stars}
              defaultChecked={meta.initialValue === String(stars)}
              className="accent-brand-600"
            />
            <span aria-hidden="true" className="text-brand-600">
              {'★'.repeat(stars)}
            </span>
            <span className="sr-only">
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  )
}
