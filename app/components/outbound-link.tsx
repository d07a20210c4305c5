import { useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { goHref } from '#app/utils/placements.ts'
import { useStoreChoices, useVisitorStore } from './use-visitor-store.ts'

/**
 * Every way out to Amazon goes through /go/{asin}, which records the click and redirects to the stored,
 * tagged URL. A plain <a> (not <Link>): it leaves the app, in a new tab, and must not be prefetched. Never
 * `noreferrer`: Amazon must see our site, and /go/ records the page a click came from (docs/decisions/075). The
 * link names the placement of the page it is on (docs/decisions/079), from the page's path alone: a cached page is
 * the same for every visitor.
 */
export function OutboundLink({
  asin,
  className,
  describedBy,
  children,
}: {
  asin: string
  className?: string
  describedBy?: string
  children: ReactNode
}) {
  const { pathname } = useLocation()
  return (
    <a
      href={goHref(asin, pathname)}
      target="_blank"
      rel="noopener sponsored"
      className={className}
      aria-describedby={describedBy}
    >
      {children}
      <span className="sr-only"> (opens Amazon in a new tab)</span>
    </a>
  )
}

const STORE_NOTE_ID = 'store-note'

/**
 * The product page's button out (decision 045). The page is cached for everyone, so it is served as "View on
 * Amazon"; with several stores enrolled, JavaScript names the visitor's own once GET /store has answered.
 */
export function StoreOutboundLink({ asin, className }: { asin: string; className?: string }) {
  const several = useStoreChoices().length > 1
  const store = useVisitorStore(several)
  return (
    <OutboundLink asin={asin} className={className} describedBy={several ? STORE_NOTE_ID : undefined}>
      {store ? `View on ${store.name}` : 'View on Amazon'}
    </OutboundLink>
  )
}

/** With several stores enrolled: which store the button opens, and where the visitor can change it. */
export function StoreNote({ className }: { className?: string }) {
  const several = useStoreChoices().length > 1
  const store = useVisitorStore(several)
  if (!several) return null
  return (
    <p id={STORE_NOTE_ID} className={className}>
      The button opens {store ? store.name : 'your local Amazon store'}; you can{' '}
      <a href="#store-choice" className="font-medium underline">
        change the store
      </a>{' '}
      at the bottom of the page.
    </p>
  )
}
