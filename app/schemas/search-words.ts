import { z } from 'zod'
import { idField } from './params.ts'

/**
 * The collectors' words of /admin/search (issue 51), shared by browser and server: a synonym says that `words`
 * typed also finds `synonym`, and with "both ways" the reverse. Both sides are read as the engine reads a query:
 * lower-cased, trimmed, single-spaced, so one pair is one row whatever was typed.
 */

/** As the table's CHECK allows (db/migrations/20261213000000_search_words_of_collectors.ts). */
export const SYNONYM_MAX_LENGTH = 60

/** Every field at its limit, percent-encoded at up to nine bytes a character, is still far below this. */
export const SYNONYM_MAX_BODY_BYTES = 8 * 1024

/** What a query or a synonym is compared as: lower-case, no space at either end, one space between words. */
export const normaliseSearchWords = (text: string): string =>
  text.replaceAll('\0', '').toLowerCase().replace(/\s+/g, ' ').trim()

const side = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .transform(normaliseSearchWords)
    // Conform reads the transform's '' as missing too: the inner string says what missing means.
    .pipe(
      z
        .string({ required_error: `${label} is required` })
        .min(1, `${label} is required`)
        .max(SYNONYM_MAX_LENGTH, `${label} must be at most ${SYNONYM_MAX_LENGTH} characters`),
    )

export const DIRECTIONS = [
  { value: 'both-ways', label: 'Both ways: each finds the other' },
  { value: 'one-way', label: 'One way: the words find the synonym only' },
] as const

export const SAME_BOTH_SIDES = 'The synonym must differ from the words.'

const synonymFields = z.object({
  words: side('Words'),
  synonym: side('Synonym'),
  // A default rather than required: a required select would need an empty first option (the Nu checker).
  direction: z.enum(['both-ways', 'one-way'], { message: 'Choose one way or both ways.' }).default('both-ways'),
})

/** A pair whose sides read the same would find what the words find already (and the table refuses it). */
function differentSides(value: { words?: string; synonym?: string }, ctx: z.RefinementCtx) {
  if (value.words !== undefined && value.words === value.synonym)
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: SAME_BOTH_SIDES, path: ['synonym'] })
}

/** The add-or-edit form's fields, as the browser checks them. */
export const SynonymSchema = synonymFields.superRefine(differentSides)

export type SynonymInput = z.infer<typeof SynonymSchema>

export const SYNONYM_NOT_FOUND = 'Synonym not found.'

/** A pair the list already holds, in the direction it was asked for or (both ways) the other. */
export const synonymTaken = (words: string, synonym: string) =>
  `"${words}" and "${synonym}" are already synonyms. Edit that entry instead.`

const synonymId = idField(SYNONYM_NOT_FOUND)

/** Every write of /admin/search, told apart by its intent. */
export const SynonymActionSchema = z
  .discriminatedUnion('intent', [
    synonymFields.extend({ intent: z.literal('create') }),
    synonymFields.extend({ intent: z.literal('update'), id: synonymId }),
    z.object({ intent: z.literal('delete'), id: synonymId }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== 'delete') differentSides(value, ctx)
  })

export type SynonymAction = z.infer<typeof SynonymActionSchema>
export type SynonymIntent = SynonymAction['intent']
