import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { invariantResponse } from '@epic-web/invariant'
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import type { z } from 'zod'
import { GeneralErrorBoundary, notFoundHandler } from '#app/components/error-boundary.tsx'
import { FieldError } from '#app/components/field-error.tsx'
import { HoneypotField, isHoneypotFilled } from '#app/components/honeypot.tsx'
import { Link } from '#app/components/link.tsx'
import { ReviewList } from '#app/components/review-list.tsx'
import { StarRatingInput } from '#app/components/star-rating-input.tsx'
import { StarRating } from '#app/components/star-rating.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { sendReviewSignInLink } from '#app/lib/reviewer-auth.server.ts'
import { endSession, getSessionUser } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getVisibleProductSummary } from '#app/models/product.server.ts'
import { deleteReviewDrafts, findReviewDraft } from '#app/models/review-sign-in-link.server.ts'
import { createPendingReview, listApprovedReviews } from '#app/models/review.server.ts'
import { REVIEW_PAGE_HINT, ReviewPageSchema, SignedInReviewSchema } from '#app/schemas/review.ts'
import { isAsin } from '#app/utils/asin.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { formatDate } from '#app/utils/format.ts'
import { notFoundMeta, siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// The reviews page (SPEC §2): every approved review, and the form that posts one. Posting needs a reviewer
// signed in through an e-mailed link; until then the form sends that link and keeps the review for later.

const FORM_ID = 'write-review'
const MAX_BODY_BYTES = 16 * 1024

async function requireProduct(asin: string | undefined) {
  const product = asin && isAsin(asin) ? await getVisibleProductSummary(db, asin) : undefined
  invariantResponse(product, 'Product not found.', { status: 404 })
  return product
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const product = await requireProduct(params.asin)
  const [reviews, reviewer] = await Promise.all([
    listApprovedReviews(db, product.id),
    getSessionUser(request, 'reviewer'),
  ])
  const draft = reviewer ? await findReviewDraft(db, reviewer.email, product.id) : undefined
  const timeZone = getEnv().REFRESH_TZ
  // SPEC: the average is computed from the reviews shown, to one decimal.
  const average = reviews.length ? reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length : 0
  return {
    product: { asin: product.asin, title: product.title, image_url: product.image_url },
    average,
    reviews: reviews.map((review) => ({ ...review, date: formatDate(review.created_at, timeZone) })),
    reviewerEmail: reviewer?.email ?? null,
    draft: draft ?? null,
    // Without JavaScript "Write a Review" is a link to ?review; with no reviews yet the form is always there.
    showForm: reviews.length === 0 || Boolean(draft) || requestUrl(request).searchParams.has('review'),
  }
}

// Public like the catalogue, except answers to a post; a signed-in reviewer's page is made private by
// entry.server.tsx (keepPersonalResponsesPrivate).
export const headers: HeadersFunction = (args) => {
  const fromAction = args.actionHeaders.get('Cache-Control')
  return fromAction ? { 'Cache-Control': fromAction } : publicPageHeaders(args)
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const product = await requireProduct(params.asin)
  const reviewsPage = `/reviews/${product.asin}`
  const noStore = { 'Cache-Control': 'no-store' }
  const refuse = (message: string, status: number, headers: HeadersInit = {}) =>
    data({ status: 'error', error: { '': [message] } } satisfies SubmissionResult<string[]>, {
      status,
      headers: { ...noStore, ...headers },
    })

  const formData = await readFormData(request, MAX_BODY_BYTES)
  if (!formData) return refuse('Your review is too long to send. Reviews are at most 1000 characters.', 413)

  if (formData.get('intent') === 'sign-out') {
    const cookie = await endSession(request, 'reviewer')
    return redirectWithToast(reviewsPage, { title: 'Signed out' }, { status: 303, headers: { 'Set-Cookie': cookie } })
  }
  if (isHoneypotFilled(formData)) return refuse('Your review could not be sent.', 403)

  const reviewer = await getSessionUser(request, 'reviewer')
  if (reviewer) {
    const submission = parseWithZod(formData, { schema: SignedInReviewSchema })
    if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: noStore })
    const limited = await checkRateLimits([
      ['review:ip', context.clientIp],
      ['review:account', String(reviewer.userId)],
    ])
    if (limited) return refuse(TOO_MANY_REQUESTS, 429, retryAfterHeaders(limited))
    const review = submission.value
    await db.transaction().execute(async (trx) => {
      await createPendingReview(trx, {
        productId: product.id,
        userId: reviewer.userId,
        reviewerName: review.nickname,
        rating: review.rating,
        comment: review.comment,
      })
      await deleteReviewDrafts(trx, reviewer.email, product.id)
    })

    return redirectWithToast(
      reviewsPage,
      {
        title: 'Review submitted!',
        description: 'Your review will appear after moderation. Thank you for your feedback!',
      },
      { status: 303 },
    )
  }

  const submission = parseWithZod(formData, { schema: ReviewPageSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: noStore })
  const { email, ...draft } = submission.value
  const limited = await checkRateLimits([
    ['sign-in-link:ip', context.clientIp],
    ['sign-in-link:email', email],
  ])
  if (limited) return refuse(TOO_MANY_REQUESTS, 429, retryAfterHeaders(limited))
  try {
    await sendReviewSignInLink(email, product.id, draft)
  } catch (error) {
    logger.error({ err: error, asin: product.asin }, 'review sign-in link not sent')
    return refuse('We could not send the sign-in link. Please try again in a moment.', 503)
  }
  return redirectWithToast(
    reviewsPage,
    { title: 'Check your email', description: 'We sent you a magic link to sign in and post your review.' },
    { status: 303 },
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return notFoundMeta('Product not found.', siteNameFrom(matches))
  const { product, reviews, average } = data
  return [
    { title: `Reviews of ${product.title} | ${siteNameFrom(matches)}` },
    {
      name: 'description',
      content: reviews.length
        ? `Collector reviews of ${product.title}: ${reviews.length} ${reviews.length === 1 ? 'review' : 'reviews'}, rated ${average.toFixed(1)} out of 5 on average. Read them all or write your own.`
        : `Collector reviews of ${product.title}. No reviews yet: be the first to review this product.`,
    },
  ]
}

export default function ReviewsPage() {
  const { product, average, reviews, showForm } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  // Each arrival (the redirect after posting included) starts from what the server says, not what was typed.
  const { key } = useLocation()
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={`/product/${product.asin}`} className="text-sm font-medium text-brand-700 underline">
        ← Back to product
      </Link>
      <div className="mt-6 flex items-center gap-4">
        {product.image_url ? (
          <img
            src={product.image_url}
            alt=""
            width={80}
            height={80}
            className="h-20 w-20 rounded bg-white object-contain"
          />
        ) : null}
        <div>
          <h1 className="text-3xl font-bold">Customer Reviews</h1>
          <p className="text-slate-600">{product.title}</p>
        </div>
      </div>
      <section
        aria-label="Average rating"
        className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-6"
      >
        <div>
          <div className="flex items-center gap-3">
            <span className="text-4xl font-bold">{average.toFixed(1)}</span>
            <StarRating rating={average} size="lg" />
          </div>
          <p className="mt-1 text-slate-600">
            Based on {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
          </p>
        </div>
        {showForm || lastResult ? null : (
          <Link
            to="?review#write-review"
            preventScrollReset
            className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700"
          >
            Write a Review
          </Link>
        )}
      </section>
      {showForm || lastResult ? <WriteReview key={key} /> : null}
      <section aria-labelledby="all-reviews-heading" className="mt-8">
        <h2 id="all-reviews-heading" className="text-2xl font-bold">
          All Reviews
        </h2>
        {reviews.length > 0 ? (
          <ReviewList reviews={reviews} />
        ) : (
          <p className="mt-3 text-slate-600">No reviews yet. Be the first to review this product!</p>
        )}
      </section>
    </main>
  )
}

function WriteReview() {
  const { reviewerEmail, draft } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'review'
  const schema = reviewerEmail ? SignedInReviewSchema : ReviewPageSchema
  const [form, fields] = useForm<z.input<typeof SignedInReviewSchema> & { email?: string }>({
    id: FORM_ID,
    lastResult,
    constraint: getZodConstraint(ReviewPageSchema),
    defaultValue: { rating: '5', ...(draft ? { ...draft, rating: String(draft.rating) } : {}) },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, {
    type: 'email',
    ariaDescribedBy: `${fields.email.id}-hint`,
  })
  const { key: nicknameKey, ...nicknameProps } = getInputProps(fields.nickname, { type: 'text' })
  const { key: commentKey, ...commentProps } = getTextareaProps(fields.comment)
  const inputClass =
    'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base disabled:bg-slate-100 disabled:text-slate-700 aria-invalid:border-red-700'

  return (
    <section aria-labelledby="write-review-heading" className="mt-8 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="write-review-heading" className="text-2xl font-bold">
        Write a Review
      </h2>
      <Form method="post" {...getFormProps(form)} className="relative mt-4 space-y-5">
        <input type="hidden" name="intent" value="review" />
        <HoneypotField />
        {lastResult?.error?.[''] ? (
          <div id={form.errorId} role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            <p className="font-semibold">Error</p>
            <p className="text-sm">{lastResult.error[''][0]}</p>
          </div>
        ) : null}
        <div>
          <label htmlFor={fields.email.id} className="block text-sm font-medium">
            Email
          </label>
          {reviewerEmail ? (
            <input
              id={fields.email.id}
              type="email"
              value={reviewerEmail}
              disabled
              aria-describedby={`${fields.email.id}-hint`}
              className={inputClass}
            />
          ) : (
            <input key={emailKey} {...emailProps} autoComplete="email" className={inputClass} />
          )}
          <p id={`${fields.email.id}-hint`} className="mt-1 text-sm text-slate-600">
            {reviewerEmail ? 'You are signed in with this address.' : REVIEW_PAGE_HINT}
          </p>
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <label htmlFor={fields.nickname.id} className="block text-sm font-medium">
            Nickname
          </label>
          <input key={nicknameKey} {...nicknameProps} autoComplete="nickname" className={inputClass} />
          <FieldError id={fields.nickname.errorId} errors={fields.nickname.errors} />
        </div>
        <StarRatingInput
          key={fields.rating.key}
          name={fields.rating.name}
          defaultValue={fields.rating.initialValue as string | undefined}
          errorId={fields.rating.errorId}
          error={fields.rating.errors?.[0]}
        />
        <div>
          <label htmlFor={fields.comment.id} className="block text-sm font-medium">
            Your review
          </label>
          <textarea key={commentKey} {...commentProps} rows={5} className={inputClass} />
          <FieldError id={fields.comment.errorId} errors={fields.comment.errors} />
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="rounded-md bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700 disabled:opacity-70"
        >
          {reviewerEmail ? 'Submit Review' : submitting ? 'Sending magic link...' : 'Sign In & Submit'}
        </button>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={notFoundHandler('Product not found.')} />
}
