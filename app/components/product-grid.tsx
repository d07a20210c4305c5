import { ProductCard, type ProductCardProps } from './product-card.tsx'

/**
 * 1, 2 or 4 columns by width (SPEC §9); `compare` gives each card its "Compare" box (inside a CompareForm);
 * `openHref`, where a card's link goes instead of the product's page (a search's results count their opens).
 */
export function ProductGrid({
  products,
  compare = false,
  openHref,
}: {
  products: ProductCardProps[]
  compare?: boolean
  openHref?: (asin: string) => string
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.asin}>
          <ProductCard product={product} compare={compare} openHref={openHref?.(product.asin)} />
        </li>
      ))}
    </ul>
  )
}
