import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary, notFoundHandler } from '#app/components/error-boundary.tsx'
import { isHoneypotFilled } from '#app/components/honeypot.tsx'
import { Link } from '#app/components/link.tsx'
import { ProductPicture } from '#app/components/product-picture.tsx'
import { ReviewList } from '#app/components/review-list.tsx'
import { ReviewsPageForm } from '#app/components/reviews-page-form.tsx'
import { StarRating } from '#app/components/star-rating.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { attempt, invalid, parseForm, refuse } from '#app/lib/form-reply.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { sendReviewSignInLink } from '#app/lib/reviewer-auth.server.ts'
import { endSession, getSessionUser } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { findReviewDraft } from '#app/models/review-sign-in-link.server.ts'
import { listApprovedReviews } from '#app/models/review.server.ts'
import { REVIEW_MAX_BODY_BYTES, reviewPageActionSchema } from '#app/schemas/review.ts'
import { postReviewerReview, requireReviewedProduct } from '#app/services/review.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { formatDate } from '#app/utils/format.ts'
import { notFoundMeta, siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// The reviews page (SPEC §2): every approved review, and the form that posts one. Posting needs a reviewer
// signed in through an e-mailed link; until then the form sends that link and keeps the review for later.

export async function loader({ params, request }: LoaderFunctionArgs) {
  const product = await requireReviewedProduct(params.asin)
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

/** The review, or the sign-in link that brings it back (SPEC §4, §8), or signing out. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const product = await requireReviewedProduct(params.asin)
  const reviewer = await getSessionUser(request, 'reviewer')
  const form = await parseForm(request, reviewPageActionSchema(Boolean(reviewer)), REVIEW_MAX_BODY_BYTES)
  if (form.reply) return form.reply
  const { submission, value, formData } = form
  const reviewsPage = `/reviews/${product.asin}`
  if (value.intent === 'sign-out') {
    const cookie = await endSession(request, 'reviewer')
    return redirectWithToast(reviewsPage, { title: 'Signed out' }, { headers: { 'Set-Cookie': cookie } })
  }
  if (isHoneypotFilled(formData)) return refuse('Your review could not be sent.', 403, submission)
  const { intent: _intent, ...review } = value
  const ip = context.clientIp

  if (reviewer) {
    const limited = await checkRateLimits([
      ['review:ip', ip],
      ['review:account', String(reviewer.userId)],
    ])
    if (limited) return refuse(TOO_MANY_REQUESTS, 429, submission, retryAfterHeaders(limited))
    return attempt(submission, async () => {
      await postReviewerReview(reviewer, product.id, review)
      return redirectWithToast(reviewsPage, {
        title: 'Review submitted!',
        description: 'Your review will appear after moderation. Thank you for your feedback!',
      })
    })
  }

  const email = 'email' in review ? review.email : undefined
  if (typeof email !== 'string') return invalid(submission) // the visitor's schema asks for it
  const draft = { nickname: review.nickname, rating: review.rating, comment: review.comment }
  const limited = await checkRateLimits([
    ['sign-in-link:ip', ip],
    ['sign-in-link:email', email],
  ])
  if (limited) return refuse(TOO_MANY_REQUESTS, 429, submission, retryAfterHeaders(limited))
  try {
    await sendReviewSignInLink(email, product.id, draft)
  } catch (error) {
    logger.error({ err: error, asin: product.asin }, 'review sign-in link not sent')
    return refuse('We could not send the sign-in link. Please try again in a moment.', 503, submission)
  }
  const sent = { title: 'Check your email', description: 'We sent you a magic link to sign in and post your review.' }
  return redirectWithToast(reviewsPage, sent)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!data) return notFoundMeta('Product not found.', { error, matches })
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
  const { product, average, reviews, showForm, reviewerEmail, draft } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  // Each arrival (the redirect after posting included) starts from what the server says, not what was typed.
  const { key } = useLocation()
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to={`/product/${product.asin}`} className="text-sm font-medium text-brand-700 underline">
        ← Back to product
      </Link>
      <div className="mt-6 flex items-center gap-4">
        <ProductPicture src={product.image_url} size={80} className="h-20 w-20 rounded bg-white object-contain" />
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
      {showForm || lastResult ? (
        <ReviewsPageForm key={key} reviewerEmail={reviewerEmail} draft={draft} lastResult={lastResult} />
      ) : null}
      <section aria-labelledby="all-reviews-heading" className="mt-8">
        <h2 id="all-reviews-heading" className="text-2xl font-bold">
          All Reviews
        </h2>
        <ReviewList reviews={reviews} />
      </section>
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={notFoundHandler('Product not found.')} />
}
