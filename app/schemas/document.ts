import { z } from 'zod'
import { DOCUMENT_LIMITS } from './embeds.ts'
import { idField, INT4_MAX, withoutNul } from './params.ts'

/**
 * The guide and page editors' form (docs/decisions/052), shared by browser and server. One form, whose button
 * says what the save does: "Save draft", "Publish", "Schedule", "Unpublish" (a page is only ever saved). The
 * revision the form was opened at comes back with it, so a save over someone else's answers 409.
 */

export const DOCUMENT_MAX_BODY_BYTES = 1024 * 1024
export const SUMMARY_GOOD = { min: 50, max: 160 } as const

export const GUIDE_NOT_FOUND = 'Guide not found.'
export const PAGE_NOT_FOUND = 'Page not found.'
export const REVISION_NOT_FOUND = 'That revision does not exist.'
export const STALE_FORM =
  'Someone else saved this since you opened it. Your text is still here: copy what you need, then reload to see theirs.'
export const SLUG_FORMAT = 'Use lowercase letters, digits and single hyphens, such as how-to-store-comics'
export const slugTakenMessage = (slug: string) => `A guide with the slug "${slug}" already exists.`
export const SCHEDULE_IN_PAST = 'Choose a time in the future to schedule'
export const SCHEDULE_NEEDS_TIME = 'Choose when to publish'
export const COVER_NOT_IN_LIBRARY = 'The cover must be an image from the media library'

export const GUIDE_INTENTS = ['save', 'publish', 'schedule', 'unpublish'] as const
export type GuideIntent = (typeof GUIDE_INTENTS)[number]

/** Text a textarea sends: CRLF counted as the browser counted it, NUL dropped. */
const typed = (value: string) => withoutNul(value.replace(/\r\n?/g, '\n'))

const optionalLine = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = typed(value ?? '').trim()
      if (text.length > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be at most ${max} characters` })
        return z.NEVER
      }
      return text || null
    })

const requiredLine = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .transform((value) => typed(value).trim())
    .pipe(
      z
        .string({ required_error: `${label} is required` })
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`),
    )

// The inner schemas of the pipes name their message for "required" too: Conform turns '' into undefined in every
// string schema it finds, a pipe's output included, so a title of spaces trimmed to '' is "required" there.
export const documentFields = {
  title: requiredLine('Title', DOCUMENT_LIMITS.title),
  summary: requiredLine('Summary', DOCUMENT_LIMITS.summary),
  body: z
    .string({ required_error: 'Write the text' })
    .transform(typed)
    .pipe(
      z
        .string({ required_error: 'Write the text' })
        .refine((text) => text.trim() !== '', 'Write the text')
        .refine(
          (text) => text.length <= DOCUMENT_LIMITS.body,
          `The text must be at most ${DOCUMENT_LIMITS.body.toLocaleString('en-US')} characters`,
        ),
    ),
  /** The revision the form was opened at. */
  revision: z.coerce.number().int().min(0).max(INT4_MAX),
}

/**
 * A day that is on the calendar, from year 1 (the first Postgres takes as written): Date.parse rolls
 * "2026-02-31" over to March 3, which the database would refuse with an error rather than a message.
 */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day) && !day.startsWith('0000')
}

/** An optional field of a set format: blank is null; `read` gives the value, or null for text it refuses. */
const optionalFormatted = (message: string, read: (text: string) => string | null) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? ''
      if (!text) return null
      const parsed = read(text)
      if (parsed === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
      return parsed ?? z.NEVER
    })

const dateOnly = optionalFormatted('Enter a date such as 2026-11-26', (text) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDay(text) ? text : null,
)

/** `datetime-local` sends "2026-12-01T09:30": a wall-clock time in the shop's time zone. */
const wallTime = optionalFormatted('Enter a date and time such as 2026-12-01 09:30', (text) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) &&
  isCalendarDay(text.slice(0, 10)) &&
  !Number.isNaN(Date.parse(`${text}Z`))
    ? text.slice(0, 16)
    : null,
)

/** A guide's fields; the intent (which button was pressed) comes beside them. */
export const GuideFieldsSchema = z.object({
  ...documentFields,
  // One transform, not a pipe: an empty slug (made from the title) must not become "Required" (see above).
  slug: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const slug = value?.trim().toLowerCase() ?? ''
      if (slug.length > 100)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Slug must be at most 100 characters' })
      else if (slug !== '' && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: SLUG_FORMAT })
      }
      return slug
    }),
  coverMediaId: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(idField(COVER_NOT_IN_LIBRARY).optional()),
  lastReviewedOn: dateOnly,
  seoTitle: optionalLine(DOCUMENT_LIMITS.seoTitle, 'SEO title'),
  noindex: z
    .string()
    .optional()
    .transform((value) => value === 'on'),
  publishAt: wallTime,
})

export const GuideFormSchema = GuideFieldsSchema.extend({
  intent: z.enum(GUIDE_INTENTS, { message: 'Choose what to do' }),
})

export type GuideForm = z.output<typeof GuideFormSchema>

export const PageFormSchema = z.object({
  ...documentFields,
  eyebrow: optionalLine(60, 'The label above the title'),
})

export type PageForm = z.output<typeof PageFormSchema>

export const RestoreSchema = z.object({
  intent: z.literal('restore'),
  restore: z.coerce.number().int().min(1).max(INT4_MAX),
  revision: documentFields.revision,
})

/** A preview of what the form holds: checked as a save would be, saved by nothing. */
const PreviewGuideSchema = GuideFieldsSchema.extend({ intent: z.literal('preview') })

/** /admin/guides/new: the first save, as a draft, published or scheduled; or a preview. */
export const NewGuideActionSchema = z.discriminatedUnion('intent', [
  GuideFieldsSchema.extend({ intent: z.enum(['save', 'publish', 'schedule'], { message: 'Choose what to do' }) }),
  PreviewGuideSchema,
])

/** /admin/guides/{id}: every write of the guide editor, told apart by the button pressed (docs/decisions/038). */
export const GuideActionSchema = z.discriminatedUnion('intent', [
  GuideFormSchema,
  PreviewGuideSchema,
  RestoreSchema,
  z.object({ intent: z.literal('delete') }),
])

export type GuideAction = z.output<typeof GuideActionSchema>

/** /admin/pages/{slug}: a page is saved or previewed, and its revisions restored. */
export const PageActionSchema = z.discriminatedUnion('intent', [
  PageFormSchema.extend({ intent: z.literal('save') }),
  PageFormSchema.extend({ intent: z.literal('preview') }),
  RestoreSchema,
])

export type PageAction = z.output<typeof PageActionSchema>
