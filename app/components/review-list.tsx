import { StarRating } from './star-rating.tsx'

export interface ReviewItem {
  id: number
  reviewer_name: string
  rating: number
  comment: string | null
  helpful_count: number
  /** Already formatted for people. */
  date: string
}

/** Approved reviews, newest first; an invitation when there are none yet. */
export function ReviewList({ reviews }: { reviews: ReviewItem[] }) {
  if (reviews.length === 0) {
    return <p className="mt-3 text-slate-600">No reviews yet. Be the first to review this product!</p>
  }
  return (
    <ul className="divide-y divide-slate-200">
      {reviews.map((review) => (
        <li key={review.id} className="py-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold">{review.reviewer_name}</span>
            <StarRating rating={review.rating} />
            <span className="text-sm text-slate-600">{review.date}</span>
          </div>
          {review.comment ? <p className="mt-2 whitespace-pre-line text-slate-700">{review.comment}</p> : null}
          {review.helpful_count > 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {review.helpful_count} {review.helpful_count === 1 ? 'person' : 'people'} found this helpful
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
