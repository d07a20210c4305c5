import { z } from 'zod'

/**
 * Building blocks for every value that comes from an address or a form and reaches SQL (docs/decisions/025):
 * numbers parsed into the range their column holds, text without NUL. Shared by browser and server. A filter in
 * the address that cannot be one is ignored ("all"); a form field gets its message.
 */

/** The largest Postgres `integer`: every id column (serial or identity) is one, from 1 to this. */
export const INT4_MAX = 2_147_483_647

/** The largest `numeric(10,2)`, the type of every price. */
export const PRICE_MAX = 99_999_999.99

/** Drops U+0000: Postgres refuses it in text, and nobody types it. */
export const withoutNul = (text: string): string => (text.includes('\0') ? text.replaceAll('\0', '') : text)

/**
 * A row id as an address or a form carries it: the plain digits of 1 to INT4_MAX, nothing else ('1e3',
 * '0x10', '1.0', '-1' and 99999999999999999999 are not ids). Null when it is not one.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= INT4_MAX ? id : null
}

/** A form field holding a row id (a select's option, a hidden id): `message` when it is not one. */
export const idField = (message: string) =>
  z.string({ message }).transform((value, ctx) => {
    const id = parseId(value.trim())
    if (id === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message })
      return z.NEVER
    }
    return id
  })

/** An id filter in the address: the id, or undefined ("all") for anything that cannot be one. */
export const idFilter = z
  .string()
  .optional()
  .transform((value) => parseId(value?.trim()) ?? undefined)

/** A page number in the address, 1 to `max`; anything else is the first page. */
export const pageParam = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => {
      const page = parseId(value?.trim())
      return page !== null && page <= max ? page : 1
    })

/** Free text from the address (a search box): without NUL, trimmed, at most `max` characters; never an error. */
export const searchText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) =>
      withoutNul(value ?? '')
        .trim()
        .slice(0, max),
    )

/**
 * A price a person types (a form field): a number from 0 to PRICE_MAX with at most two decimals, the range
 * and precision of `numeric(10,2)`.
 */
export const priceField = z.coerce
  .number({ invalid_type_error: 'Must be a price such as 12.99' })
  .finite('Must be a price such as 12.99')
  .min(0, 'Must be 0 or more')
  .max(PRICE_MAX, 'Must be less than 100,000,000')
  .refine(
    // A number past the maximum already has its message.
    (value) => value > PRICE_MAX || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'At most two decimals (step 0.01)',
  )

/** The address's filters as `schema` reads them; an empty value is no filter (a form's "All" option sends ""). */
export function readFilters<Schema extends z.ZodTypeAny>(schema: Schema, url: URL): z.output<Schema> {
  return schema.parse(Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value !== '')))
}
