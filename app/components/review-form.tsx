import { Form } from '@remix-run/react'
import type { ReviewDialogErrors } from '#app/schemas/review.ts'
import { HoneypotField } from './honeypot.tsx'
import { StarRatingInput } from './star-rating-input.tsx'

export interface ReviewFormState {
  errors?: ReviewDialogErrors
  formError?: string
  values?: { reviewer_name?: string; rating?: string; comment?: string }
}

/**
 * The review form of the product page: inside the dialog (through a fetcher) with JavaScript, a section of
 * the page without it. Same fields, same messages, same action. Both can be in the page at once, so each
 * names its fields' ids with its own `idPrefix`.
 */
export function ReviewForm({
  fetcher,
  state,
  onCancel,
  idPrefix = 'review',
}: {
  fetcher?: { Form: typeof Form; state: 'idle' | 'loading' | 'submitting' }
  state?: ReviewFormState
  onCancel?: () => void
  idPrefix?: string
}) {
  const FormComponent = fetcher ? fetcher.Form : Form
  const submitting = fetcher ? fetcher.state !== 'idle' : false
  const errors = state?.errors ?? {}
  const values = state?.values ?? {}
  const described = (field: keyof ReviewDialogErrors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${idPrefix}-${field}-error` } : {}

  return (
    <FormComponent method="post" noValidate className="space-y-4">
      <input type="hidden" name="intent" value="review" />
      <HoneypotField />
      {state?.formError ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
          {state.formError}
        </p>
      ) : null}
      <div>
        <label htmlFor={`${idPrefix}-reviewer_name`} className="block text-sm font-medium">
          Your name
        </label>
        <input
          id={`${idPrefix}-reviewer_name`}
          name="reviewer_name"
          defaultValue={values.reviewer_name}
          maxLength={100}
          autoComplete="nickname"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          {...described('reviewer_name')}
        />
        {errors.reviewer_name ? (
          <p id={`${idPrefix}-reviewer_name-error`} className="mt-1 text-sm text-red-700">
            {errors.reviewer_name}
          </p>
        ) : null}
      </div>
      <StarRatingInput
        name="rating"
        defaultValue={values.rating}
        errorId={`${idPrefix}-rating-error`}
        error={errors.rating}
      />
      <div>
        <label htmlFor={`${idPrefix}-comment`} className="block text-sm font-medium">
          Comment (optional)
        </label>
        <textarea
          id={`${idPrefix}-comment`}
          name="comment"
          defaultValue={values.comment}
          rows={4}
          maxLength={1000}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          {...described('comment')}
        />
        {errors.comment ? (
          <p id={`${idPrefix}-comment-error`} className="mt-1 text-sm text-red-700">
            {errors.comment}
          </p>
        ) : null}
      </div>
      <div className="flex gap-3">
        <button
          type="submit"
          disabled={submitting}
          className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          {submitting ? 'Submitting...' : 'Submit Review'}
        </button>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </FormComponent>
  )
}
