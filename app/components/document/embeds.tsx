import type { ReactNode } from 'react'
import { ComparisonTable, PricesAsOf } from '#app/components/comparison-table.tsx'
import { CardTitleLink } from '#app/components/link.tsx'
import { OutboundLink } from '#app/components/outbound-link.tsx'
import { UnitPriceNote } from '#app/components/price.tsx'
import { ProductGrid } from '#app/components/product-grid.tsx'
import { ProductPicture } from '#app/components/product-picture.tsx'
import { StarRating } from '#app/components/star-rating.tsx'
import { useSiteName } from '#app/root.tsx'
import type { ResolvedEmbed } from '#app/utils/document-view.ts'
import { SizesChart } from './sizes-chart.tsx'
import { SleeveTable } from './sleeve-table.tsx'

/**
 * What each embed draws (docs/decisions/052). Every way out goes through /go/{asin} (OutboundLink), like a
 * product card's. A price past Amazon's 24 hours is never shown: the embed says where to see it instead.
 */

export const STALE_PRICE = 'See the price on Amazon'

const buttonClass = 'rounded-md bg-brand-500 px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-brand-600'

export function Embed({
  embed,
  pricesAsOf,
  children,
}: {
  embed: ResolvedEmbed
  pricesAsOf: string | null
  children?: ReactNode
}) {
  switch (embed.name) {
    case 'product':
      return <ProductBox embed={embed} />
    case 'products':
      return (
        <div className="document-wide my-6">
          <ProductGrid products={embed.cards} />
        </div>
      )
    case 'compare':
      return (
        <div className="document-wide my-6">
          <ComparisonTable
            id={embed.prefix}
            caption={embed.caption}
            columns={embed.columns}
            rows={embed.rows}
            sort={embed.sort}
            prefix={embed.prefix}
            pricesAsOf={embed.asOf}
          />
        </div>
      )
    case 'price':
      return embed.price.current ? (
        <span>
          <strong className="font-semibold text-slate-900">{embed.price.formatted}</strong>
          <span className="text-slate-600"> (as of {embed.asOf})</span>
        </span>
      ) : (
        <OutboundLink asin={embed.asin} className="font-medium text-brand-700 underline">
          {STALE_PRICE}
        </OutboundLink>
      )
    case 'buy':
      return (
        <OutboundLink asin={embed.asin} className="font-medium text-brand-700 underline hover:text-slate-900">
          {children}
        </OutboundLink>
      )
    case 'sizes-chart':
      return <SizesChart variant={embed.variant} />
    case 'sleeve-table':
      return <SleeveTable material={embed.material} rows={embed.rows} sort={embed.sort} />
    case 'prices-as-of':
      return <PricesAsOf asOf={pricesAsOf} />
    case 'site-name':
      return <SiteName />
    case 'missing':
      return null
  }
}

function SiteName() {
  return <>{useSiteName()}</>
}

/** One product, boxed: picture, title, rating, price with its time, price per unit, the way to Amazon. */
function ProductBox({ embed }: { embed: Extract<ResolvedEmbed, { name: 'product' }> }) {
  const { card } = embed
  return (
    <article className="my-6 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row">
      <div className="flex h-40 w-40 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100">
        <ProductPicture src={card.image_url} size={160} lazy />
      </div>
      <div className="flex flex-1 flex-col gap-2">
        <p className="text-lg font-semibold text-slate-900">
          <CardTitleLink to={`/product/${card.asin}`}>{card.title}</CardTitleLink>
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <StarRating rating={card.rating} />
          <span>
            ({card.review_count} {card.review_count === 1 ? 'rating' : 'ratings'} on Amazon)
          </span>
        </p>
        {card.price.current ? (
          <div>
            <p>
              <span className="text-xl font-semibold text-slate-900">{card.price.formatted}</span>
              <span className="text-sm text-slate-600"> (as of {embed.asOf})</span>
            </p>
            {card.unitPrice ? <UnitPriceNote unitPrice={card.unitPrice} /> : null}
          </div>
        ) : null}
        <p className="mt-auto">
          <OutboundLink asin={card.asin} className={`inline-block ${buttonClass}`}>
            {card.price.current ? 'View on Amazon' : STALE_PRICE}
          </OutboundLink>
        </p>
      </div>
    </article>
  )
}
