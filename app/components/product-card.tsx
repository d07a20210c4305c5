import { Link } from '#app/components/link.tsx'
import type { DisplayPrice, UnitPrice } from '#app/utils/pricing.ts'
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
  price: DisplayPrice
  unitPrice: UnitPrice | null
}

/** `compare`: the card carries a "Compare" box for the listing's compare form (app/components/compare-form.tsx). */
export function ProductCard({ product, compare = false }: { product: ProductCardProps; compare?: boolean }) {
  return (
    <article className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <Link to={`/product/${product.asin}`} className="group flex flex-1 flex-col" prefetch="intent">
        <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md bg-slate-100">
          <ProductPicture src={product.image_url} size={240} lazy />
        </div>
        <h3 className="mt-3 line-clamp-2 font-medium group-hover:underline">{product.title}</h3>
      </Link>
      <div className="mt-2 flex items-center gap-1 text-sm text-slate-600">
        <StarRating rating={product.rating} />
        <span>({product.review_count})</span>
      </div>
      <div className="mt-2 flex items-center justify-between gap-2">
        <div>
          <Price price={product.price} asin={product.asin} className="text-lg" />
          {product.unitPrice ? <UnitPriceNote unitPrice={product.unitPrice} /> : null}
        </div>
        <OutboundLink
          asin={product.asin}
          className="rounded-md bg-brand-500 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-brand-600"
        >
          View on Amazon
        </OutboundLink>
      </div>
      {compare ? (
        <label className="mt-3 flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="asins" value={product.asin} className="h-4 w-4 accent-brand-600" />
          Compare<span className="sr-only">{` ${product.title}`}</span>
        </label>
      ) : null}
    </article>
  )
}
