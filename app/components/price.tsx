import type { ShownPrice, UnitPrice } from '#app/utils/pricing.ts'
import { OutboundLink } from './outbound-link.tsx'

/** A current price, or, when the data is too old to show (Amazon's 24-hour rule), a link to see it there. */
export function Price({ price, asin, className = '' }: { price: ShownPrice; asin: string; className?: string }) {
  if (price.current) return <span className={`font-semibold ${className}`}>{price.formatted}</span>
  return (
    <OutboundLink asin={asin} className={`text-sm font-medium text-brand-700 underline ${className}`}>
      See price on Amazon
    </OutboundLink>
  )
}

/** "$0.78 per sleeve": shown under a current price only (unitPrice follows the same 24-hour rule). */
export function UnitPriceNote({ unitPrice, className = '' }: { unitPrice: UnitPrice; className?: string }) {
  return <p className={`text-xs text-slate-600 ${className}`}>{`${unitPrice.formatted} per ${unitPrice.per}`}</p>
}
