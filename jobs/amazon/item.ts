import { SPEC_LIMITS } from '#app/schemas/product-specs.ts'

/** The fields of a Creators API item this site uses (AMAZON.md "An item"); any of them may be missing. */
export interface AmazonItem {
  asin: string
  title: string | null
  brand: string | null
  features: string[]
  detailPageUrl: string | null
  imageUrl: string | null
  images: string[]
  /** The listing price as a decimal string with 2 places, or null when there is no offer. */
  price: string | null
  availability: string | null
  rating: number | null
  reviewCount: number | null
  /** The pieces in one purchase (`itemInfo.productInfo.unitCount`), when it is a pack count the specs can hold. */
  unitCount: number | null
}

const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const webUrl = (value: unknown): string | null => {
  const url = text(value)
  return url && /^https?:\/\//.test(url) && URL.canParse(url) ? url : null
}

/** Reads one item of a GetItems answer defensively; null when it has no usable ASIN. */
export function parseItem(raw: unknown): AmazonItem | null {
  const item = object(raw)
  const asin = text(item.asin)
  if (!asin || !/^[A-Z0-9]{10}$/.test(asin)) return null
  const info = object(item.itemInfo)
  const images = object(item.images)
  const primary = webUrl(object(object(images.primary).large).url)
  const variants = Array.isArray(images.variants)
    ? images.variants.map((variant) => webUrl(object(object(variant).large).url)).filter((url) => url !== null)
    : []
  const listings = object(item.offersV2).listings
  const listing = object(Array.isArray(listings) ? listings[0] : undefined)
  const amount = number(object(object(listing.price).money).amount)
  const reviews = object(item.customerReviews)
  const rating = number(object(reviews.starRating).value)
  const count = number(reviews.count)
  const features = object(info.features).displayValues
  // `productInfo.itemDimensions` is not read: it is the item's outside (for a pack, often the pack as shipped),
  // and the specs hold inside sizes (what a book fits in). An outside size is not an inside one, and the wall
  // or seam between them is not known, so an imported product's size stays unknown for the curator.
  const units = number(object(object(info.productInfo).unitCount).displayValue)
  return {
    asin,
    title: text(object(info.title).displayValue),
    brand: text(object(object(object(info.byLineInfo).brand)).displayValue),
    features: Array.isArray(features) ? features.map(text).filter((value) => value !== null) : [],
    detailPageUrl: webUrl(item.detailPageURL),
    imageUrl: primary ?? variants[0] ?? null,
    images: [...new Set([primary, ...variants].filter((url) => url !== null))],
    price: amount !== null && amount >= 0 && amount < 1e8 ? amount.toFixed(2) : null,
    availability: text(listing.availability) ?? text(object(listing.availability).message),
    rating: rating !== null && rating >= 0 && rating <= 5 ? Math.round(rating * 10) / 10 : null,
    reviewCount: count !== null && count >= 0 ? Math.floor(count) : null,
    unitCount:
      units !== null && Number.isInteger(units) && units >= 1 && units <= SPEC_LIMITS.packCount.max ? units : null,
  }
}
