import { z } from 'zod'
import { isAsin } from '#app/utils/asin.ts'

// The ASIN lists of Manual Import and Bulk Tools (SPEC §5): checked the same way in the browser and on the server.

export const MAX_IMPORT_ASINS = 5_000
export const MANUAL_EMPTY = 'Please enter at least one ASIN'
export const BULK_EMPTY = 'No ASINs provided'
export const IMPORT_NOT_FOUND = 'Import not found'
export const IMPORT_STARTED = 'Import Started'

export type AsinList = { ok: true; asins: string[]; duplicates: number } | { ok: false; error: string }

function check(entries: string[], empty: string): AsinList {
  const values = entries.map((entry) => entry.trim().toUpperCase()).filter(Boolean)
  if (values.length === 0) return { ok: false, error: empty }
  if (values.length > MAX_IMPORT_ASINS) {
    return {
      ok: false,
      error: `At most ${MAX_IMPORT_ASINS.toLocaleString('en-US')} ASINs per import; this list has ${values.length.toLocaleString('en-US')}.`,
    }
  }
  const invalid = [...new Set(values.filter((value) => !isAsin(value)))]
  if (invalid.length) {
    const shown = invalid.slice(0, 10).map((value) => (value.length > 20 ? `${value.slice(0, 20)}…` : value))
    const more = invalid.length > 10 ? ` and ${invalid.length - 10} more` : ''
    return {
      ok: false,
      error: `Not an ASIN (10 letters and digits): ${shown.join(', ')}${more}. Nothing was imported.`,
    }
  }
  const asins = [...new Set(values)]
  return { ok: true, asins, duplicates: values.length - asins.length }
}

/** Manual Import: ASINs split on whitespace, commas or newlines. */
export function parseManualAsins(text: string): AsinList {
  return check(text.split(/[\s,]+/), MANUAL_EMPTY)
}

/** Bulk Tools: one ASIN per line. */
export function parseBulkAsins(text: string): AsinList {
  return check(text.split(/\r?\n/), BULK_EMPTY)
}

/** The form of an ASIN list, checked by `parse` (browser and server): its output is the checked list. */
const asinListForm = (parse: (text: string) => AsinList, empty: string) =>
  z.object({
    asins: z.string({ required_error: empty }).transform((text, ctx) => {
      const list = parse(text)
      if (list.ok) return list
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: list.error })
      return z.NEVER
    }),
  })

export const ManualImportSchema = asinListForm(parseManualAsins, MANUAL_EMPTY)
export const BulkImportSchema = asinListForm(parseBulkAsins, BULK_EMPTY)
export type ImportKind = 'manual' | 'bulk'
