import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { REVIEW_PAGE_HINT, ReviewPageSchema, SignedInReviewSchema } from '#app/schemas/review.ts'
import { Field, inputClass, TextareaField } from './form-fields.tsx'
import { FormErrors, useIsPending, useZodForm } from './forms.tsx'
import { HoneypotField } from './honeypot.tsx'
import { StarRatingInput } from './star-rating-input.tsx'
import { StatusButton } from './status-button.tsx'

/**
 * The reviews page's form (SPEC §4, §5, §8). A visitor who is not signed in gives an e-mail and is sent a
 * sign-in link (the review waits as a draft); a signed-in reviewer sees their address, fixed, and posts.
 */
export function ReviewsPageForm({
  reviewerEmail,
  draft,
  lastResult,
}: {
  reviewerEmail: string | null
  draft: { nickname: string; rating: number; comment: string } | null
  lastResult?: SubmissionResult<string[]>
}) {
  const pending = useIsPending()
  // Typed as the visitor's schema, whose fields are a superset: the signed-in one just has no e-mail to check.
  const schema = (reviewerEmail ? SignedInReviewSchema : ReviewPageSchema) as typeof ReviewPageSchema
  const [form, fields] = useZodForm(schema, {
    id: 'write-review',
    lastResult,
    defaultValue: { rating: '5', ...(draft ? { ...draft, rating: String(draft.rating) } : {}) },
  })

  return (
    <section aria-labelledby="write-review-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="write-review-heading" className="text-2xl font-bold">
        Write a Review
      </h2>
      <Form method="post" {...getFormProps(form)} className="relative mt-4 space-y-5">
        <input type="hidden" name="intent" value="review" />
        <HoneypotField />
        <FormErrors id={form.errorId} errors={form.errors} title="Error" className="" />
        <Field
          meta={fields.email}
          type="email"
          label="Email"
          hint={reviewerEmail ? 'You are signed in with this address.' : REVIEW_PAGE_HINT}
          {...(reviewerEmail ? { value: reviewerEmail, disabled: true } : { autoComplete: 'email' })}
          inputClassName={`${inputClass} disabled:bg-slate-100 disabled:text-slate-700`}
        />
        <Field meta={fields.nickname} label="Nickname" autoComplete="nickname" />
        <StarRatingInput meta={fields.rating} />
        <TextareaField meta={fields.comment} label="Your review" rows={5} />
        <StatusButton
          pending={pending}
          pendingText={reviewerEmail ? undefined : 'Sending magic link...'}
          className="rounded-md bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700 disabled:opacity-70"
        >
          {reviewerEmail ? 'Submit Review' : 'Sign In & Submit'}
        </StatusButton>
      </Form>
      {reviewerEmail ? (
        <Form method="post" className="mt-4 text-sm text-slate-600">
          Not {reviewerEmail}?{' '}
          <button type="submit" name="intent" value="sign-out" className="font-medium text-brand-700 underline">
            Sign out
          </button>
        </Form>
      ) : null}
    </section>
  )
}
