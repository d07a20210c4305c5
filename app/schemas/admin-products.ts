import { z } from 'zod'
import { idField, idFilter, pageParam, priceField, readFilters, searchText } from './params.ts'
import { ProductSpecsSchema, type ProductSpecs } from './product-specs.ts'

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

export const readProductListFilters = (url: URL): ProductListFilters => readFilters(ProductListFilters, url)

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

/** The edit panel's form: the product's own fields, and its specs (Advanced section) with their own rules. */
export const ProductEditSchema = z
  .object({
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
  .merge(ProductSpecsSchema)
export type ProductEdit = z.infer<typeof ProductEditSchema>

/** The columns the edit panel shows and sets, as the database holds them (a price as its decimal text). */
export interface ProductColumns extends ProductSpecs {
  title: string
  brand: string | null
  category_id: number | null
  description: string | null
  badges: string[]
  keywords: string[]
  affiliate_url: string | null
  image_url: string | null
  images: string[]
  manual_price: string | null
}

export const PRODUCT_NOT_FOUND = 'Product not found.'
export const PRODUCT_GONE = 'That product no longer exists.'
export const CATEGORY_GONE = 'That category no longer exists.'

/** The edit form's body: every field at its limit, percent-encoded, is below this. */
export const PRODUCT_MAX_BODY_BYTES = 128 * 1024
/** The list's row forms (switches, review moderation: at most a page of ids). */
export const PRODUCT_LIST_MAX_BODY_BYTES = 16 * 1024

const productId = idField(PRODUCT_NOT_FOUND)
const reviewId = idField('Unknown review.')
const MODERATED = ['APPROVED', 'REJECTED'] as const
const UNKNOWN_STATUS = 'Unknown review status'

/** A switch of the list: the product and the state asked for ("true": featured, or visible). */
const toggle = <Intent extends string>(intent: Intent) =>
  z.object({
    intent: z.literal(intent),
    id: productId,
    value: z.enum(['true', 'false'], { message: 'Choose on or off.' }),
  })

/** One row's button sends "id:STATUS"; the bulk buttons send the status and the checked ids. */
const rowReview = z.string().transform((value, ctx) => {
  const [id, status] = value.split(':')
  const parsed = z
    .object({ id: reviewId, status: z.enum(MODERATED, { message: UNKNOWN_STATUS }) })
    .safeParse({ id, status })
  if (parsed.success) return parsed.data
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error.issues[0]?.message ?? UNKNOWN_STATUS })
  return z.NEVER
})

const reviewStatusFields = z.object({
  intent: z.literal('review-status'),
  review: rowReview.optional(),
  status: z.enum(MODERATED, { message: UNKNOWN_STATUS }).optional(),
  ids: z.array(reviewId).max(ADMIN_PAGE_SIZE).default([]),
})
type ReviewStatusFields = z.infer<typeof reviewStatusFields>

/** The bulk buttons need a status and at least one checked review; a row's button names its own. */
function checkReviewChoice(form: ReviewStatusFields, ctx: z.RefinementCtx) {
  if (form.review) return
  if (!form.status) ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNKNOWN_STATUS, path: ['status'] })
  if (form.ids.length === 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Select at least one review', path: ['ids'] })
  }
}

/** The review moderation form, as the browser checks it. */
export const ReviewStatusSchema = reviewStatusFields.superRefine(checkReviewChoice)

/** Every write of the /admin/products list, told apart by its intent. */
export const ProductListActionSchema = z
  .discriminatedUnion('intent', [toggle('toggle-featured'), toggle('toggle-visible'), reviewStatusFields])
  .superRefine((form, ctx) => {
    if (form.intent === 'review-status') checkReviewChoice(form, ctx)
  })
export type ProductListAction = z.infer<typeof ProductListActionSchema>
export type ProductListIntent = ProductListAction['intent']

/** The reviews a moderation form names, and the status they get. */
export function moderatedReviews(form: ReviewStatusFields): { ids: number[]; status: (typeof MODERATED)[number] } {
  if (form.review) return { ids: [form.review.id], status: form.review.status }
  return { ids: form.ids, status: form.status ?? 'REJECTED' } // a status is required by checkReviewChoice
}
