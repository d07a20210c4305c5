import type { ProductCardProps } from '#app/components/product-card.tsx'
import { freshUntilHeaders } from './cache.ts'
import { pricedProduct, shownPrice, type DisplayPrice, type PriceFields, type UnitFields } from './pricing.ts'

type CardRow = PriceFields &
  UnitFields & { asin: string; title: string; image_url: string | null; rating: string; review_count: number }

/**
 * A product row as a card, its price decided once, on the server, at render time. The card carries what it
 * shows of the price; `price` is the whole of it, for the page's cache lifetime and "as of" times.
 */
export function pricedCard(row: CardRow, now: Date): { card: ProductCardProps; price: DisplayPrice } {
  const { price, ...product } = pricedProduct(row, now)
  return { card: { ...product, price: shownPrice(price), image_url: row.image_url }, price }
}

/** A listing's cards, and the headers that end its cache lifetime when the first of their prices turns 24 hours old. */
export function listingCards(rows: readonly CardRow[], now = new Date()) {
  const priced = rows.map((row) => pricedCard(row, now))
  return { cards: priced.map(({ card }) => card), headers: freshUntilHeaders(priced.map(({ price }) => price)) }
}
