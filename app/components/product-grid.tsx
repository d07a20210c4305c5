import { ProductCard, type ProductCardProps } from './product-card.tsx'

/**
 * How many first characters of two titles in one grid may match before both are shown whole. A card's title is
 * clamped to two lines, which hold more than this at the narrowest card: titles that differ sooner look different
 * clamped; two that differ only later ("… Storage Box (5 pack)", "… (single)") would look the same.
 */
const SHARED_START = 30

/** The titles of `products` that share their first SHARED_START characters with another's. */
export function titlesAlikeWhenClamped(products: Array<{ title: string }>): Set<string> {
  const start = (title: string) => title.slice(0, SHARED_START).toLowerCase()
  const starts = new Map<string, number>()
  for (const { title } of products) starts.set(start(title), (starts.get(start(title)) ?? 0) + 1)
  return new Set(
    products
      .filter(({ title }) => title.length >= SHARED_START && starts.get(start(title))! > 1)
      .map(({ title }) => title),
  )
}

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
  const alike = titlesAlikeWhenClamped(products)
  return (
    <ul className="grid list-none gap-4 p-0 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.asin}>
          <ProductCard
            product={product}
            compare={compare}
            wholeTitle={alike.has(product.title)}
            openHref={openHref?.(product.asin)}
          />
        </li>
      ))}
    </ul>
  )
}
