import { ProductCard, type ProductCardProps } from './product-card.tsx'

/** 1, 2 or 4 columns by width (SPEC §9). */
export function ProductGrid({ products }: { products: ProductCardProps[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.asin}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  )
}
