import { z } from 'zod'
import { isAsin } from '#app/utils/asin.ts'
import { LINK_PROBLEM_KINDS } from '#app/utils/link-health.ts'
import { idField, pageParam, readFilters } from './params.ts'

// The Link health tab of /admin/products (docs/decisions/047): its filters and its row forms, and the two
// link-health settings of /admin/settings. Shared by browser and server.

export const LINK_HEALTH_PATH = '/admin/products/link-health'

/** Anything typed into the address is a sane filter: an unknown kind is "all kinds". */
export const LinkHealthFilters = z.object({
  kind: z.enum(LINK_PROBLEM_KINDS).optional().catch(undefined),
  page: pageParam(100_000),
})
export type LinkHealthFilters = z.infer<typeof LinkHealthFilters>

export const readLinkHealthFilters = (url: URL): LinkHealthFilters => readFilters(LinkHealthFilters, url)

export const PROBLEM_GONE = 'That problem is no longer open.'
export const INVALID_ASIN = 'Enter an ASIN: 10 capital letters and digits, such as B000123456.'
export const SAME_ASIN = 'That is already this product’s ASIN.'
export const asinInUse = (asin: string) => `ASIN ${asin} is already used by another product.`

/** The row forms' bodies are a few dozen bytes. */
export const LINK_HEALTH_MAX_BODY_BYTES = 4 * 1024

const productId = idField('Product not found.')

/** A replacement ASIN as people type it: trimmed and upper-cased, then the column's rule (app/utils/asin.ts). */
const asinField = z
  .string({ message: INVALID_ASIN })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isAsin, INVALID_ASIN)

export const ReplaceAsinSchema = z.object({ intent: z.literal('replace-asin'), productId, asin: asinField })

/** Every write of the Link health tab, told apart by its intent. */
export const LinkHealthActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('hide'), productId }),
  z.object({ intent: z.literal('mark-seen'), id: idField(PROBLEM_GONE) }),
  ReplaceAsinSchema,
])
export type LinkHealthAction = z.infer<typeof LinkHealthActionSchema>
export type LinkHealthIntent = LinkHealthAction['intent']

/** The title of a refused write of each intent (SPEC §8's words for a product's update). */
export const LINK_HEALTH_FAILED: Record<LinkHealthIntent, string> = {
  hide: 'Failed to update product',
  'mark-seen': 'Failed to mark the problem seen',
  'replace-asin': 'Failed to update product',
}

/** A checkbox: ticked sends "on", unticked sends nothing. */
const ticked = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on')

/** Settings: hide the products Amazon rejects on 3 refreshes in a row (admins only). */
export const AutoHideSchema = z.object({ intent: z.literal('auto-hide'), autoHideRejected: ticked })
/** Settings: the signed-in user's own daily e-mail of new link problems. */
export const LinkHealthEmailSchema = z.object({ intent: z.literal('link-health-email'), linkHealthEmail: ticked })
