import { z } from 'zod'
import { idField, idFilter, pageParam, priceField, searchText } from './params.ts'

// The admin Products page (SPEC §2, §5): its URL filters, the edit panel's form, and review moderation.

export const PRODUCT_TABS = ['products', 'reviews', 'import', 'bulk'] as const
export const PRODUCT_SORTS = ['updated_at', 'title', 'price', 'rating'] as const
export const VISIBILITIES = ['all', 'visible', 'hidden'] as const
export const PRICE_SOURCES = ['all', 'manual', 'api'] as const
export const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export const ADMIN_PAGE_SIZE = 50

/** Anything typed into the URL becomes a sane filter, never an error: a category that cannot exist is "all". */
export const ProductListFilters = z.object({
  tab: z.enum(PRODUCT_TABS).catch('products'),
  q: searchText(200),
  sort: z.enum(PRODUCT_SORTS).catch('updated_at'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  category: idFilter,
  visibility: z.enum(VISIBILITIES).catch('all'),
  price: z.enum(PRICE_SOURCES).catch('all'),
  status: z.enum(REVIEW_STATUSES).optional().catch(undefined),
  page: pageParam(100_000),
})
export type ProductListFilters = z.infer<typeof ProductListFilters>

export function readProductListFilters(url: URL): ProductListFilters {
  const params = Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value !== ''))
  return ProductListFilters.parse(params)
}

/** A comma-separated list: trimmed, empties dropped, duplicates dropped, at most `max` items of `length`. */
const commaList = (max: number, length: number, label: string) =>
  z
    .string()
    .optional()
    .transform((value) => [
      ...new Set(
        (value ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(length, `Each ${label} must be at most ${length} characters`))
        .max(max, `At most ${max} ${label}s`),
    )

const isWebUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

const webUrl = z.string().trim().max(2048).refine(isWebUrl, 'Must be a valid URL')

/** Pictures may also be this site's own files (the demo drawings, uploaded media): a path such as /uploads/x.png. */
const imageUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => isWebUrl(value) || /^\/(?![/\\])\S*$/.test(value), 'Must be a valid URL')

export const ProductEditSchema = z.object({
  title: z.string({ required_error: 'Title is required' }).trim().min(1, 'Title is required').max(500),
  brand: z.string().trim().max(200).optional(),
  category_id: idField('Choose a category from the list.').optional(),
  description: z.string().trim().max(10_000).optional(),
  badges: commaList(20, 50, 'badge'),
  keywords: commaList(50, 50, 'keyword'),
  affiliate_url: webUrl.optional(),
  image_url: imageUrl.optional(),
  images: z.array(imageUrl).max(30, 'At most 30 gallery images').default([]),
  manual_price: priceField.optional(),
})
export type ProductEdit = z.infer<typeof ProductEditSchema>

export const ReviewModerationSchema = z.object({
  status: z.enum(['APPROVED', 'REJECTED'], { message: 'Unknown review status' }),
  ids: z.array(idField('Unknown review.')).min(1, 'Select at least one review').max(ADMIN_PAGE_SIZE),
})
