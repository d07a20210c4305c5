import type { Cell, Money } from './analytics.ts'
import { PLACEMENT_NAMES } from './placements.ts'

/**
 * The "what earns" tables' cells (docs/decisions/081), shared by the page and its CSV export: what a group's key
 * is called, and its numbers with the two rates. Earnings per click and items per click have no value without
 * clicks (nothing to divide by); items per click counts the items ordered, as Associates Central's conversion does.
 */

export interface EarningsNumbers {
  clicks: number
  ordered: number
  shipped: number
  revenue_cents: number
  earnings_cents: number
}

export const EARNINGS_HEADINGS = [
  'Clicks',
  'Ordered items',
  'Shipped items',
  'Revenue',
  'Earnings',
  'Earnings per click',
  'Items per click',
] as const

/** The column of EARNINGS_HEADINGS that holds the earnings. */
export const EARNINGS_COLUMN = EARNINGS_HEADINGS.indexOf('Earnings')

const PLACEMENTS: Record<string, string> = {
  ...PLACEMENT_NAMES,
  guide: 'Guides',
  'default-tag': 'Default tag (no tracking ID of a placement)',
  'not-recorded': 'Not recorded (clicks before placements were)',
}

export const placementLabel = (key: string | null): string => (key ? (PLACEMENTS[key] ?? key) : 'Unknown')

export function guideLabel(key: string | null, title: string | null): string {
  if (key === 'all-guides') return 'All guides (one tracking ID for every guide)'
  if (key === 'unknown' || !title) return 'A guide not recorded'
  return title
}

/** A guide or a product among the dashboard's top earners. */
export interface TopEarner {
  /** The guide's or the product's id: its editor. */
  id: number
  title: string
  earnings_cents: number
}

export const OTHER_ITEMS = 'Other items (not in the catalogue)'

export const money = (cents: number): Money => ({ cents })

export function earningsCells(row: EarningsNumbers): Cell[] {
  const perClick = (value: number) => (row.clicks > 0 ? value / row.clicks : null)
  const itemsPerClick = perClick(row.ordered)
  const earningsPerClick = perClick(row.earnings_cents)
  return [
    row.clicks,
    row.ordered,
    row.shipped,
    money(row.revenue_cents),
    money(row.earnings_cents),
    earningsPerClick === null ? null : money(earningsPerClick),
    itemsPerClick === null ? null : Math.round(itemsPerClick * 100) / 100,
  ]
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** An amount for people: "$1,234.56", "-$0.40". */
export const formatDollars = (cents: number): string => dollars.format(Math.round(cents) / 100)

/** An amount for a spreadsheet: dollars as a number, to the cent. */
export const dollarsNumber = (cents: number): number => Math.round(cents) / 100
