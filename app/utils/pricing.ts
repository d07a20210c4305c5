import { KINDS, type Kind } from '#app/schemas/product-specs.ts'

/**
 * The one place that decides what price a visitor sees. Amazon's rules: product data older than 24
 * hours must not be shown as current, and a price always carries the time it was taken.
 */

export const PRICE_MAX_AGE_MS = 24 * 60 * 60 * 1000

export interface PriceFields {
  /** numeric(10,2) from the database: a string, or null. */
  price: string | number | null
  manual_price: string | number | null
  last_updated: Date | string | null
}

export type DisplayPrice =
  | {
      current: true
      amount: number
      /** "$12.34" */
      formatted: string
      /** "12.34", for structured data */
      decimal: string
      source: 'manual' | 'api'
      asOf: Date
      /** The moment this price stops being current. */
      validUntil: Date
    }
  | { current: false }

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/**
 * What a card or an inline price shows of a price: the amount as text, or that none is current. Its amount and
 * times stay on the server, which ends the page's cache lifetime by them: the page's data is smaller for it.
 */
export type ShownPrice = { current: true; formatted: string } | { current: false }

export const shownPrice = (price: DisplayPrice): ShownPrice =>
  price.current ? { current: true, formatted: price.formatted } : { current: false }

/** "$12.34": an amount of dollars as every price is shown. */
export const formatUsd = (amount: number) => usd.format(amount)

function toAmount(value: string | number | null): number | null {
  if (value === null || value === '') return null
  const amount = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(amount) && amount >= 0 ? amount : null
}

export function displayPrice(product: PriceFields, now: Date = new Date()): DisplayPrice {
  const manual = toAmount(product.manual_price)
  const amount = manual ?? toAmount(product.price)
  if (amount === null || !product.last_updated) return { current: false }
  const asOf = new Date(product.last_updated)
  const validUntil = new Date(asOf.getTime() + PRICE_MAX_AGE_MS)
  if (!(validUntil > now)) return { current: false }
  return {
    current: true,
    amount,
    formatted: usd.format(amount),
    decimal: amount.toFixed(2),
    source: manual === null ? 'api' : 'manual',
    asOf,
    validUntil,
  }
}

/** What one unit of a pack costs: "$0.78 per sleeve", or for a box "$0.06 per book of capacity". */
export interface UnitPrice {
  /** "$0.78" */
  formatted: string
  /** "sleeve", "book of capacity" */
  per: string
}

export interface UnitFields {
  kind: Kind | null
  pack_count: number
  /** Books a box holds; null for anything that holds no books. */
  capacity: number | null
}

const usdFraction = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 })

/**
 * The price of one unit, from the price shown and so under the same 24-hour rule: none when the price is not
 * current, and none for a single item that is not a box (its unit price is its price).
 */
export function unitPrice(price: DisplayPrice, units: UnitFields): UnitPrice | null {
  const amount = unitAmount(price, units)
  if (amount === null) return null
  const perBook = units.capacity !== null
  return {
    // Below a cent, two significant digits ("$0.0042") rather than "$0.00".
    formatted: amount < 0.01 ? usdFraction.format(amount) : usd.format(amount),
    per: perBook ? 'book of capacity' : (KINDS.find((kind) => kind.id === units.kind)?.unit ?? 'item'),
  }
}

/** The unit price as a number (what a table sorts by), under the same rules as unitPrice. */
export function unitAmount(price: DisplayPrice, units: UnitFields): number | null {
  if (!price.current) return null
  const count = units.pack_count * (units.capacity ?? 1)
  if (count <= 1 && units.capacity === null) return null
  return price.amount / count
}

/** What every list of products shows of one: its ASIN, title, rating and reviews, and its price decided at `now`. */
export function pricedProduct(
  row: PriceFields & UnitFields & { asin: string; title: string; rating: string; review_count: number },
  now: Date,
) {
  const price = displayPrice(row, now)
  return {
    asin: row.asin,
    title: row.title,
    rating: Number(row.rating),
    review_count: row.review_count,
    price,
    unitPrice: unitPrice(price, row),
  }
}

/** When the oldest of the current prices shown was taken: what "Prices as of" may honestly say. */
export function oldestPriceTime(prices: readonly DisplayPrice[]): Date | null {
  const times = prices.flatMap((price) => (price.current ? [price.asOf.getTime()] : []))
  return times.length ? new Date(Math.min(...times)) : null
}
