import type { ReactNode } from 'react'

/**
 * Every way out to Amazon goes through /go/{asin}, which records the click and redirects to the stored,
 * tagged URL. A plain <a> (not <Link>): it leaves the app, in a new tab, and must not be prefetched.
 */
export function OutboundLink({ asin, className, children }: { asin: string; className?: string; children: ReactNode }) {
  return (
    <a href={`/go/${asin}`} target="_blank" rel="noopener noreferrer sponsored" className={className}>
      {children}
      <span className="sr-only"> (opens Amazon in a new tab)</span>
    </a>
  )
}
