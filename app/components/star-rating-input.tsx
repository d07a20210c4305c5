/**
 * A 1–5 star rating as a group of radio buttons: arrow keys move between them, and each reads as
 * "N stars" to screen readers while showing as stars.
 */
export function StarRatingInput({
  name,
  defaultValue,
  errorId,
  error,
}: {
  name: string
  defaultValue?: string
  errorId: string
  error?: string
}) {
  return (
    <fieldset {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}>
      <legend className="text-sm font-medium">Rating</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              name={name}
              value={stars}
              defaultChecked={defaultValue === String(stars)}
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
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
