import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { ErrorList, FormErrors, useZodForm } from '#app/components/forms.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { can } from '#app/lib/permissions.ts'
import { ReviewStatusSchema } from '#app/schemas/admin-products.ts'
import { AdminTable } from './admin-table.tsx'
import { FilterSelect } from './filter-field.tsx'
import { FilteredHeading } from './product-table-parts.tsx'
import { usePanelUser } from './use-panel-user.ts'

interface ReviewRow {
  id: number
  reviewer_name: string
  rating: number
  comment: string | null
  status: 'PENDING' | 'APPROVED' | 'REJECTED'
  product_title: string
  product_asin: string
}

const STATUS_LABELS = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' } as const

const buttonClass =
  'rounded-md border px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50'

/** What a moderator can do to a review: each a bulk button ("Approve selected") and a row button. */
const MOVES = [
  { status: 'APPROVED', label: 'Approve', className: `${buttonClass} border-green-700 text-green-800` },
  { status: 'REJECTED', label: 'Reject', className: `${buttonClass} border-red-700 text-red-800` },
] as const

const STATUS_FILTER = [['', 'All'], ...Object.entries(STATUS_LABELS)] as const
const HEADINGS = [{ hidden: 'Select' }, 'Product', 'Reviewer', 'Rating', 'Comment', 'Status', { hidden: 'Actions' }]

const statusClass = {
  PENDING: 'bg-amber-100 text-amber-900',
  APPROVED: 'bg-green-100 text-green-900',
  REJECTED: 'bg-red-100 text-red-900',
} as const

/**
 * The Reviews tab: a status filter and pages that really filter (GET), and one form around the table so
 * several reviews can be approved or rejected at once; each row's buttons act on that row alone. The form
 * posts to the list's own address, so a refusal comes back to this tab (SPEC §8: "Error" with the message).
 */
export function ReviewsTab({
  status,
  reviews,
  total,
  page,
  pageCount,
  redirectTo,
  lastResult,
}: {
  status: ReviewRow['status'] | undefined
  reviews: ReviewRow[]
  total: number
  page: number
  pageCount: number
  redirectTo: string
  lastResult?: SubmissionResult<string[]>
}) {
  const { role } = usePanelUser()
  const canEdit = can(role, 'edit')
  const [form, fields] = useZodForm(ReviewStatusSchema, { id: 'moderate-reviews', lastResult })
  // The bulk buttons' message sits under them; a forged status or row, or a failed save, above the table.
  const formErrors = [...(form.errors ?? []), ...(fields.status.errors ?? []), ...(fields.review.errors ?? [])]
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <FilteredHeading id="reviews-heading" title="Reviews" count={total}>
        <input type="hidden" name="tab" value="reviews" />
        <FilterSelect id="review-status" name="status" label="Status" value={status ?? ''} options={STATUS_FILTER} />
      </FilteredHeading>

      <FormErrors id={form.errorId} errors={formErrors} title="Error" />
      {reviews.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">No reviews here.</p>
      ) : (
        <Form method="post" action={redirectTo} {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value="review-status" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <fieldset
            disabled={!canEdit}
            aria-describedby={fields.ids.errors?.length ? fields.ids.errorId : undefined}
            className="flex flex-wrap gap-2"
          >
            <legend className="sr-only">Selected reviews</legend>
            {MOVES.map((move) => (
              <button key={move.status} type="submit" name="status" value={move.status} className={move.className}>
                {move.label} selected
              </button>
            ))}
            <div className="w-full">
              <ErrorList id={fields.ids.errorId} errors={fields.ids.errors} />
            </div>
          </fieldset>
          <AdminTable caption={`Reviews, page ${page}`} headings={HEADINGS}>
            {reviews.map((review) => (
              <tr key={review.id}>
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    name={fields.ids.name}
                    value={review.id}
                    disabled={!canEdit}
                    aria-label={`Select the review by ${review.reviewer_name} of ${review.product_title}`}
                  />
                </td>
                <td className="px-4 py-3">
                  <span className="font-medium">{review.product_title}</span>
                  <span className="block font-mono text-xs text-slate-600">{review.product_asin}</span>
                </td>
                <td className="px-4 py-3">{review.reviewer_name}</td>
                <td className="px-4 py-3">{review.rating} / 5</td>
                <td className="max-w-md px-4 py-3 whitespace-pre-line">{review.comment ?? '—'}</td>
                <td className="px-4 py-3">
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${statusClass[review.status]}`}>
                    {STATUS_LABELS[review.status]}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <div className="flex gap-2">
                    {MOVES.map((move) => (
                      <button
                        key={move.status}
                        type="submit"
                        name="review"
                        value={`${review.id}:${move.status}`}
                        disabled={!canEdit || review.status === move.status}
                        className={move.className}
                      >
                        {move.label}
                        <span className="sr-only"> the review by {review.reviewer_name}</span>
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        </Form>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  )
}
