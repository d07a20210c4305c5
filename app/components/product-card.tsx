import { Link } from '#app/components/link.tsx'
import type { ShownPrice, UnitPrice } from '#app/utils/pricing.ts'
import { OutboundLink } from './outbound-link.tsx'
import { Price, UnitPriceNote } from './price.tsx'
import { ProductPicture } from './product-picture.tsx'
import { StarRating } from './star-rating.tsx'

export interface ProductCardProps {
  asin: string
  title: string
  image_url: string | null
  rating: number
  review_count: number
  price: ShownPrice
  unitPrice: UnitPrice | null
}

/**
 * `compare`: the card carries a "Compare" box for the listing's compare form (app/components/compare-form.tsx).
 * `wholeTitle`: the title is not clamped, for one that another card's would look the same as (ProductGrid).
 * `openHref`: the link goes there instead, a counting redirect to the product's page: not followed by crawlers,
 * not prefetched (a hover is not an open).
 */
export function ProductCard({
  product,
  compare = false,
  wholeTitle = false,
  openHref,
}: {
  product: ProductCardProps
  compare?: boolean
  wholeTitle?: boolean
  openHref?: string
}) {
  const link = openHref
    ? ({ to: openHref, rel: 'nofollow' } as const)
    : ({ to: `/product/${product.asin}`, prefetch: 'intent' } as const)
  return (
    <article className="product-card">
      <Link {...link} className="product-card-link">
        <div className="product-card-picture">
          <ProductPicture src={product.image_url} size={240} lazy />
        </div>
        <h3 className={wholeTitle ? 'product-card-title-whole' : 'product-card-title'}>{product.title}</h3>
      </Link>
      <div className="product-card-rating">
        <StarRating rating={product.rating} />
        <span>({product.review_count})</span>
      </div>
      <div className="product-card-buy">
        <div>
          <Price price={product.price} asin={product.asin} className="text-lg" />
          {product.unitPrice ? <UnitPriceNote unitPrice={product.unitPrice} /> : null}
        </div>
        <OutboundLink asin={product.asin} className="product-card-cta">
          View on Amazon
        </OutboundLink>
      </div>
      {compare ? (
        <label className="product-card-compare">
          <input type="checkbox" name="asins" value={product.asin} />
          Compare<span className="sr-only">{` ${product.title}`}</span>
        </label>
      ) : null}
    </article>
  )
}
