import { z } from 'zod'
import { slugify } from '#app/utils/slug.ts'
import { idField } from './params.ts'

/** The category form (SPEC §5), shared by browser and server: Add Category and Edit use the same fields. */

export const CATEGORY_LIMITS = { name: 100, description: 500, imageUrl: 2048 } as const

/** Every field at its limit, percent-encoded at up to nine bytes a character, is still far below this. */
export const CATEGORY_MAX_BODY_BYTES = 32 * 1024

export const NO_SLUG = 'The name needs at least one letter or digit to make its slug.'
const BAD_URL = 'Must be a valid URL'

/** An absolute http(s) URL, or a path on this site ('/images/...'), as the seeded categories use. */
function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value)
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * Trimmed text or null. One transform rather than a pipe: Conform turns '' into undefined in every string
 * schema it finds, a pipe's output included, which would make an empty optional field "Required".
 */
const optionalText = (max: number, message: string, valid: (value: string) => boolean = () => true) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      // A textarea counts a line break as one character but submits it as CRLF; count it as the browser did.
      const text = value?.replace(/\r\n?/g, '\n').trim() ?? ''
      if (text.length > max || (text && !valid(text))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message })
        return z.NEVER
      }
      return text || null
    })

/** A name that makes the slug (a category's, a comparison table's): required, at most `max` characters. */
export const sluggedName = (max: number) =>
  z
    .string({ required_error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(max, `Name must be at most ${max} characters`)
    .refine((name) => name === '' || slugify(name) !== '', NO_SLUG) // '' already has its message

export const CategorySchema = z.object({
  name: sluggedName(CATEGORY_LIMITS.name),
  description: optionalText(
    CATEGORY_LIMITS.description,
    `Description must be at most ${CATEGORY_LIMITS.description} characters`,
  ),
  image_url: optionalText(CATEGORY_LIMITS.imageUrl, BAD_URL, isImageUrl),
})

export type CategoryInput = z.infer<typeof CategorySchema>

export const CATEGORY_NOT_FOUND = 'Category not found.'
export const slugTaken = (slug: string) => `A category with the slug "${slug}" already exists.`
export const stillInUse = (count: number) =>
  `This category still has ${count} ${count === 1 ? 'product' : 'products'}. Move or delete them first.`

const categoryId = idField(CATEGORY_NOT_FOUND)

/** Every write of /admin/categories, told apart by its intent. */
export const CategoryActionSchema = z.discriminatedUnion('intent', [
  CategorySchema.extend({ intent: z.literal('create') }),
  CategorySchema.extend({ intent: z.literal('update'), id: categoryId }),
  z.object({
    intent: z.literal('toggle-visibility'),
    id: categoryId,
    hidden: z.enum(['true', 'false'], { message: 'Choose whether to hide or show the category.' }),
  }),
  z.object({ intent: z.literal('delete'), id: categoryId }),
])

export type CategoryAction = z.infer<typeof CategoryActionSchema>
export type CategoryIntent = CategoryAction['intent']
