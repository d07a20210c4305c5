import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { REVIEW_DIALOG_FAILED, ReviewDialogSchema } from '#app/schemas/review.ts'
import { Field, TextareaField } from './form-fields.tsx'
import { FormErrors, useZodForm, type SentFormProps } from './forms.tsx'
import { HoneypotField } from './honeypot.tsx'
import { StarRatingInput } from './star-rating-input.tsx'
import { StatusButton } from './status-button.tsx'

/**
 * The review form of the product page: inside the dialog (through a fetcher) with JavaScript, a section of
 * the page without it. Same fields, same messages, same action. Both can be in the page at once, so each
 * has its own form `id` (its fields' ids start with it).
 */
export function ReviewForm({
  id,
  lastResult,
  pending,
  FormComponent = Form,
  onCancel,
}: SentFormProps & { onCancel?: () => void }) {
  const [form, fields] = useZodForm(ReviewDialogSchema, { id, lastResult })
  return (
    <FormComponent method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="review" />
      <HoneypotField />
      {/* In the dialog, its toast (SPEC §8) says the same: heard once. */}
      <FormErrors
        id={form.errorId}
        errors={form.errors}
        title={REVIEW_DIALOG_FAILED}
        className=""
        announced={FormComponent === Form}
      />
      <Field meta={fields.reviewer_name} label="Your name" autoComplete="nickname" />
      <StarRatingInput meta={fields.rating} />
      <TextareaField meta={fields.comment} label="Comment (optional)" rows={4} maxLength={1000} />
      <div className="flex gap-3">
        <StatusButton
          pending={pending}
          pendingText="Submitting..."
          className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          Submit Review
        </StatusButton>
        {/* The button's new text is not announced (nor is it focusable while disabled): this says it. */}
        <p role="status" className="sr-only">
          {pending ? 'Submitting...' : null}
        </p>
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
