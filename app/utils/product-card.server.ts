import type { ProductCardProps } from '#app/components/product-card.tsx'
import { pricedProduct, type PriceFields, type UnitFields } from './pricing.ts'

/** Shapes a product row for a card: the price decided once, on the server, at render time. */
export function toProductCard(
  row: PriceFields &
    UnitFields & { asin: string; title: string; image_url: string | null; rating: string; review_count: number },
  now: Date,
): ProductCardProps {
  return { ...pricedProduct(row, now), image_url: row.image_url }
}
