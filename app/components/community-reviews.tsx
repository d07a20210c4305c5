import { Link } from './link.tsx'
import { ReviewList, type ReviewItem } from './review-list.tsx'
import { StarRating } from './star-rating.tsx'

/**
 * The product page's reviews (SPEC §2): "What Collectors Like About This" when it has approved reviews, and
 * "Community Reviews": the average, the newest few and a link to all of them when there are more.
 */
export function CommunityReviews({
  asin,
  stats,
  reviews,
  preview,
}: {
  asin: string
  stats: { count: number; average: number }
  reviews: ReviewItem[]
  preview: number
}) {
  return (
    <>
      {stats.count > 0 ? (
        <section
          aria-labelledby="likes-heading"
          className="mt-10 max-w-3xl rounded-lg border border-slate-200 bg-white p-6"
        >
          <h2 id="likes-heading" className="text-xl font-bold">
            What Collectors Like About This
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
            <li>High-quality archival materials</li>
            <li>Fits standard comic books</li>
            <li>Good value for the protection it gives</li>
            <li>Trusted by serious collectors</li>
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="community-heading" className="mt-10 max-w-3xl">
        <h2 id="community-heading" className="text-2xl font-bold">
          Community Reviews
        </h2>
        {stats.count > 0 ? (
          <div className="mt-3 flex items-center gap-3">
            <span className="text-3xl font-bold">{stats.average.toFixed(1)}</span>
            <StarRating rating={stats.average} size="lg" />
            <span className="text-slate-600">
              Based on {stats.count} {stats.count === 1 ? 'review' : 'reviews'}
            </span>
          </div>
        ) : null}
        <ReviewList reviews={reviews} />
        {stats.count > preview ? (
          <Link to={`/reviews/${asin}`} className="font-medium text-brand-700 underline">
            View All {stats.count} Reviews
          </Link>
        ) : null}
      </section>
    </>
  )
}
