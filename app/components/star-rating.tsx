import type { CSSProperties } from 'react'

/**
 * Five stars, the first floor(rating) filled (SPEC §2), with the rating in words for screen readers. One
 * element drawn by CSS (`.stars` in app.css): a listing shows 24 of them, and five SVGs each were over a
 * quarter of its HTML (docs/performance-log/2026-11-24.md).
 */
export function StarRating({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const filled = Math.floor(Math.min(5, Math.max(0, rating)))
  return (
    <span
      className={size === 'lg' ? 'stars stars-lg' : 'stars'}
      style={{ '--filled': filled } as CSSProperties}
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
    />
  )
}
