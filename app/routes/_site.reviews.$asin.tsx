import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { RouteErrorBoundary } from '#app/components/error-page.tsx'
import { ReviewList } from '#app/components/review-list.tsx'
import { StarRating } from '#app/components/star-rating.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { getVisibleProductSummary } from '#app/models/product.server.ts'
import { listApprovedReviews } from '#app/models/review.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { formatDate } from '#app/utils/format.ts'
import { siteNameFrom } from '#app/utils/meta.ts'
import { rethrowUnavailable } from '#app/utils/responses.server.ts'
import { isAsin } from '#app/utils/asin.ts'
import { db } from '#db/client.ts'

export async function loader({ params }: LoaderFunctionArgs) {
  const asin = params.asin ?? ''
  const product = isAsin(asin) ? await getVisibleProductSummary(db, asin).catch(rethrowUnavailable) : undefined
  if (!product) throw new Response('Product not found.', { status: 404 })
  const reviews = await listApprovedReviews(db, product.id).catch(rethrowUnavailable)
  const timeZone = getEnv().REFRESH_TZ
  // SPEC: the average is computed from the reviews shown, to one decimal.
  const average = reviews.length ? reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length : 0
  return {
    product: { asin: product.asin, title: product.title, image_url: product.image_url },
    average,
    reviews: reviews.map((review) => ({ ...review, date: formatDate(review.created_at, timeZone) })),
  }
}

export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `Reviews of ${data.product.title} | ${siteNameFrom(matches)}` : 'Product not found.' },
  { name: 'description', content: data ? `Collector reviews of ${data.product.title}.` : '' },
]

export default function ReviewsPage() {
  const { product, average, reviews } = useLoaderData<typeof loader>()
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
      <section aria-label="Average rating" className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
        <div className="flex items-center gap-3">
          <span className="text-4xl font-bold">{average.toFixed(1)}</span>
          <StarRating rating={average} size="lg" />
        </div>
        <p className="mt-1 text-slate-600">
          Based on {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
        </p>
      </section>
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

export function ErrorBoundary() {
  return <RouteErrorBoundary notFound="Product not found." />
}
