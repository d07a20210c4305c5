import { z } from 'zod'
import { pageParam } from './params.ts'

/**
 * The category page's filters, read from the URL. Any value a person or a bot can type is turned into a
 * sane one (never an error): unknown sort → newest, prices snapped to the slider's 0–100 in steps of 5,
 * a reversed range put the right way round, an unknown rating threshold → all.
 */

export const SORTS = ['newest', 'price-low', 'price-high', 'rating'] as const
export type Sort = (typeof SORTS)[number]
export const PRICE_SLIDER = { min: 0, max: 100, step: 5 } as const
export const RATING_THRESHOLDS = [
  { value: 0, label: 'All Ratings' },
  { value: 4, label: '4+ Stars' },
  { value: 4.5, label: '4.5+ Stars' },
] as const

const snapPrice = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const number = value === undefined || value.trim() === '' ? NaN : Number(value)
      if (!Number.isFinite(number)) return fallback
      const snapped = Math.round(number / PRICE_SLIDER.step) * PRICE_SLIDER.step
      return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, snapped))
    })

const schema = z.object({
  sort: z.enum(SORTS).catch('newest'),
  min: snapPrice(PRICE_SLIDER.min),
  max: snapPrice(PRICE_SLIDER.max),
  rating: z
    .string()
    .optional()
    .transform((value) => RATING_THRESHOLDS.find((t) => String(t.value) === value)?.value ?? 0),
  page: pageParam(10_000),
})

export interface CategoryFilters {
  sort: Sort
  minPrice: number
  /** null: no upper bound (the slider at its top means "$100 and up"). */
  maxPrice: number | null
  minRating: number
  page: number
}

export function parseCategoryFilters(params: URLSearchParams): CategoryFilters {
  const raw = schema.parse({
    sort: params.get('sort') ?? undefined,
    min: params.get('min') ?? undefined,
    max: params.get('max') ?? undefined,
    rating: params.get('rating') ?? undefined,
    page: params.get('page') ?? undefined,
  })
  const [low, high] = raw.min <= raw.max ? [raw.min, raw.max] : [raw.max, raw.min]
  return {
    sort: raw.sort,
    minPrice: low,
    maxPrice: high === PRICE_SLIDER.max ? null : high,
    minRating: raw.rating,
    page: raw.page,
  }
}

/** True when any filter narrows the list (sorting and paging do not). */
export function filtersNarrow(filters: CategoryFilters): boolean {
  return narrowingFilterCount(filters) > 0
}

/** How many of the price range and the rating narrow the list (the phone's "Filters" control says it). */
export function narrowingFilterCount(filters: CategoryFilters): number {
  return Number(filters.minPrice > PRICE_SLIDER.min || filters.maxPrice !== null) + Number(filters.minRating > 0)
}

/** The value each listing parameter has when a visitor has not set it: the filter form sends these anyway. */
const LISTING_DEFAULTS: Record<string, string> = {
  sort: SORTS[0],
  min: String(PRICE_SLIDER.min),
  max: String(PRICE_SLIDER.max),
  rating: String(RATING_THRESHOLDS[0].value),
  page: '1',
}

/**
 * A listing's query with only what a visitor set: no empty parameter (`tmin=`) and none at its default
 * (`sort=newest`), the rest in its order. Read by the filter form before it submits (JavaScript) and by the
 * listing loaders, which send an untidy address to this one (without JavaScript).
 */
export function tidyListingQuery(params: URLSearchParams): URLSearchParams {
  return new URLSearchParams(
    [...params].filter(([name, value]) => value.trim() !== '' && LISTING_DEFAULTS[name] !== value),
  )
}
