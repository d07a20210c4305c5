import type { ProductCardProps } from '#app/components/product-card.tsx'
import { displayPrice, unitPrice, type PriceFields, type UnitFields } from './pricing.ts'

/** Shapes a product row for a card: the price decided once, on the server, at render time. */
export function toProductCard(
  row: PriceFields &
    UnitFields & { asin: string; title: string; image_url: string | null; rating: string; review_count: number },
  now: Date,
): ProductCardProps {
  const price = displayPrice(row, now)
  return {
    asin: row.asin,
    title: row.title,
    image_url: row.image_url,
    rating: Number(row.rating),
    review_count: row.review_count,
    price,
    unitPrice: unitPrice(price, row),
  }
}
