// The link-health rules the nightly refresh applies to Amazon's answer for each product (docs/decisions/047).
// Pure, so they are tested on their own and read the same in the job, the panel and the e-mail.

export const LINK_PROBLEM_KINDS = ['rejected', 'unavailable', 'no-offer', 'price-jump'] as const
export type LinkProblemKind = (typeof LINK_PROBLEM_KINDS)[number]

/** Conditions last while Amazon's answer says so; a price jump is an event, open until someone has seen it. */
export const LINK_CONDITIONS = ['rejected', 'unavailable', 'no-offer'] as const satisfies readonly LinkProblemKind[]

export const LINK_PROBLEM_LABELS: Record<LinkProblemKind, string> = {
  rejected: 'Rejected by Amazon',
  unavailable: 'Unavailable',
  'no-offer': 'No offer',
  'price-jump': 'Price jump',
}

/** The longest detail the table holds (link_problems.detail). */
export const DETAIL_MAX = 500

/** How far a price may move between two runs before it is a jump: more than this fraction, up or down. */
export const PRICE_JUMP_RATIO = 0.3

export const NO_OFFER_DETAIL = 'Amazon lists no offer or price for this item.'

/**
 * Whether Amazon's availability text says the item cannot be bought now. Amazon words it in several ways
 * ("Currently unavailable.", "Out of Stock", "Temporarily out of stock.", "This item is not available.",
 * "Discontinued by manufacturer"); the texts of items that can be bought ("In Stock", "Usually ships within
 * 2 to 3 days.", "Only 3 left in stock - order soon.") carry none of these words.
 */
export function isUnavailable(availability: string | null | undefined): boolean {
  return Boolean(availability && /out of stock|unavailable|not available|discontinued/i.test(availability))
}

const cents = (price: string) => Math.round(Number(price) * 100)
const usd = (amount: number) => `$${(amount / 100).toFixed(2)}`

/**
 * The detail of a price jump between the previous stored price and Amazon's new one ("$10.00 → $14.50 (+45%)"),
 * or null when either is unknown, the old one is zero, or it moved by 30% or less. Compared in whole cents, so
 * exactly 30% is never a jump by a rounding error.
 */
export function priceJump(previous: string | null, current: string | null): string | null {
  if (previous === null || current === null) return null
  const before = cents(previous)
  const after = cents(current)
  if (!Number.isFinite(before) || !Number.isFinite(after) || before <= 0) return null
  // |after - before| / before > 3/10, in integers.
  if (Math.abs(after - before) * 10 <= before * 3) return null
  const percent = Math.round(((after - before) / before) * 100)
  return `${usd(before)} → ${usd(after)} (${percent > 0 ? '+' : ''}${percent}%)`
}

/** A text fit for the detail column. */
export const problemDetail = (text: string) => (text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text)
