import type { AmazonFields, NewProductFields } from '#app/models/amazon-product.server.ts'
import { normaliseAffiliateUrl } from '#app/utils/affiliate.ts'
import type { AmazonItem } from './item.ts'

/** What a refresh writes from an item; the detail page URL carries our tag, or none, whatever Amazon put there. */
export function amazonFields(item: AmazonItem, tag: string | null): AmazonFields {
  return {
    price: item.price,
    availability: item.availability,
    affiliateUrl: item.detailPageUrl ? normaliseAffiliateUrl(item.detailPageUrl, tag) : null,
    imageUrl: item.imageUrl,
    images: item.images,
    rating: item.rating === null ? null : item.rating.toFixed(1),
    reviewCount: item.reviewCount,
    packCount: item.unitCount,
  }
}

/** A new product from an item: Amazon's title, brand and features as its first description. */
export function newProductFields(item: AmazonItem, tag: string | null): NewProductFields {
  return {
    ...amazonFields(item, tag),
    asin: item.asin,
    title: (item.title ?? `Amazon product ${item.asin}`).slice(0, 500),
    brand: item.brand,
    description: item.features.length ? item.features.join('\n') : null,
    affiliateUrl: normaliseAffiliateUrl(item.detailPageUrl ?? `https://www.amazon.com/dp/${item.asin}`, tag),
  }
}
