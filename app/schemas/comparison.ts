import { z } from 'zod'
import { isAsin } from '#app/utils/asin.ts'
import { sluggedName } from './category.ts'
import { idField } from './params.ts'

/**
 * Comparison tables (docs/decisions/042): the admin form, shared by browser and server, and the reading of a table's
 * sort from the address. A table compares up to 20 products by the columns the curator ticks, in this order.
 */

export const COMPARISON_COLUMNS = [
  { id: 'kind', label: 'Type' },
  { id: 'fits', label: 'Fits' },
  { id: 'size', label: 'Inner size' },
  { id: 'thickness', label: 'Thickness' },
  { id: 'material', label: 'Material' },
  { id: 'pack_count', label: 'Pack of' },
  { id: 'capacity', label: 'Holds' },
  { id: 'archival', label: 'Archival' },
  { id: 'price', label: 'Price' },
  { id: 'unit_price', label: 'Price per unit' },
  { id: 'rating', label: 'Rating' },
  { id: 'review_count', label: 'Reviews' },
] as const
export type ComparisonColumn = (typeof COMPARISON_COLUMNS)[number]['id']

const COLUMN_IDS = COMPARISON_COLUMNS.map((column) => column.id) as [ComparisonColumn, ...ComparisonColumn[]]
export const ALL_COLUMNS: readonly ComparisonColumn[] = COLUMN_IDS

export const columnLabel = (id: ComparisonColumn) => COMPARISON_COLUMNS.find((column) => column.id === id)!.label

export const COMPARISON_LIMITS = { name: 100, description: 500, products: 20 } as const

/** Every field at its limit, percent-encoded at up to nine bytes a character, is still far below this. */
export const COMPARISON_MAX_BODY_BYTES = 32 * 1024

export const COMPARISON_NOT_FOUND = 'Comparison not found.'
export const comparisonSlugTaken = (slug: string) => `A comparison with the slug "${slug}" already exists.`
export const unknownAsins = (asins: readonly string[]) =>
  `No product has the ASIN${asins.length === 1 ? '' : 's'} ${asins.join(', ')}.`

/** The products box: ASINs one a line (commas and spaces also separate), each once, in the order given. */
const asinList = z.string({ required_error: 'Add at least one product' }).transform((text, ctx) => {
  const asins = [
    ...new Set(
      text
        .toUpperCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    ),
  ]
  const malformed = asins.filter((asin) => !isAsin(asin))
  if (malformed.length) {
    const plural = malformed.length > 1
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `${plural ? 'These are not ASINs' : 'This is not an ASIN'} (ten letters and digits): ${malformed.join(', ')}`,
    })
    return z.NEVER
  }
  if (asins.length === 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Add at least one product' })
    return z.NEVER
  }
  if (asins.length > COMPARISON_LIMITS.products) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `A table compares at most ${COMPARISON_LIMITS.products} products`,
    })
    return z.NEVER
  }
  return asins
})

export const ComparisonSchema = z.object({
  name: sluggedName(COMPARISON_LIMITS.name),
  description: z
    .string()
    .optional()
    // One transform, not a pipe: Conform turns '' into undefined in every string schema it finds (category.ts).
    .transform((value, ctx) => {
      const text = value?.replace(/\r\n?/g, '\n').trim() ?? ''
      if (text.length > COMPARISON_LIMITS.description) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `Description must be at most ${COMPARISON_LIMITS.description} characters`,
        })
        return z.NEVER
      }
      return text || null
    }),
  asins: asinList,
  columns: z
    .array(z.string(), { required_error: 'Choose at least one column' })
    .min(1, 'Choose at least one column')
    .transform((columns, ctx) => {
      // The message on the boxes as a whole (the form shows none for one box).
      if (columns.some((column) => !(COLUMN_IDS as readonly string[]).includes(column))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Unknown column' })
        return z.NEVER
      }
      // Shown in the list's order, whatever order the boxes were sent in.
      return COLUMN_IDS.filter((id) => columns.includes(id))
    }),
})

export type ComparisonInput = z.infer<typeof ComparisonSchema>

const comparisonId = idField(COMPARISON_NOT_FOUND)

/** Every write of /admin/comparisons, told apart by its intent. */
export const ComparisonActionSchema = z.discriminatedUnion('intent', [
  ComparisonSchema.extend({ intent: z.literal('create') }),
  ComparisonSchema.extend({ intent: z.literal('update'), id: comparisonId }),
  z.object({ intent: z.literal('delete'), id: comparisonId }),
])

export type ComparisonAction = z.infer<typeof ComparisonActionSchema>
export type ComparisonIntent = ComparisonAction['intent']

// A table's sort, from the address: ?sort=price&dir=asc (on /compare-sleeves, one pair per table, prefixed).
// Anything else is the default order (the curator's, or the page's).

export type SortDirection = 'asc' | 'desc'
export interface TableSort {
  column: ComparisonColumn
  dir: SortDirection
}

/** The parameter names of a table's sort: `sort`/`dir`, or `mylar-sort`/`mylar-dir` for a prefixed table. */
export const sortParamNames = (prefix = '') => ({
  sort: prefix ? `${prefix}-sort` : 'sort',
  dir: prefix ? `${prefix}-dir` : 'dir',
})

/** The sort the address asks of a table showing `columns`; null (the default order) for anything else. */
export function parseTableSort(
  params: URLSearchParams,
  columns: readonly ComparisonColumn[],
  prefix = '',
): TableSort | null {
  const names = sortParamNames(prefix)
  const column = columns.find((id) => id === params.get(names.sort))
  if (!column) return null
  return { column, dir: params.get(names.dir) === 'desc' ? 'desc' : 'asc' }
}

/**
 * The address of a table's header link: sorted by `column`, ascending first, the other way on a second click.
 * A prefixed table (one of several on a page) keeps none of the page's other parameters: one table sorted at a
 * time keeps the page's addresses few (tables x columns x 2), where keeping the others' would multiply them.
 */
export function sortHref(search: string, column: ComparisonColumn, current: TableSort | null, prefix = ''): string {
  const params = new URLSearchParams(prefix ? '' : search)
  const names = sortParamNames(prefix)
  const dir = current?.column === column && current.dir === 'asc' ? 'desc' : 'asc'
  params.set(names.sort, column)
  params.set(names.dir, dir)
  return `?${params.toString()}`
}

// /compare?asins=…: what a shopper ticked on a listing.

export const COMPARE_MAX = 4

/** How many of the ASINs asked for the page looks at (and names when left out): a URL can hold thousands. */
const COMPARE_ASKED_MAX = 50

/**
 * The ASINs asked for, repeated or comma-separated, each once and upper-cased, in the order asked; the page
 * compares the first four it finds and names the rest.
 */
export function readCompareAsins(params: URLSearchParams) {
  const asked = [
    ...new Set(
      params
        .getAll('asins')
        .flatMap((value) => value.split(/[\s,]+/))
        .map((value) => value.trim().toUpperCase())
        .filter(Boolean),
    ),
  ]
  return asked.slice(0, COMPARE_ASKED_MAX)
}
