import { ProductCard, type ProductCardProps } from './product-card.tsx'

/** 1, 2 or 4 columns by width (SPEC §9); `compare` gives each card its "Compare" box (inside a CompareForm). */
export function ProductGrid({ products, compare = false }: { products: ProductCardProps[]; compare?: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.asin}>
          <ProductCard product={product} compare={compare} />
        </li>
      ))}
    </ul>
  )
}
