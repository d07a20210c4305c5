import { z } from 'zod'
import { idField, parseId } from './params.ts'

/** The media library's forms (SPEC §5 "Folder name non-empty after trimming. Tags trimmed and unique."). */

export const FOLDER_NAME_MAX = 100
export const TAG_MAX = 50
export const TAGS_MAX = 30

export const FolderNameSchema = z
  .string({ required_error: 'Folder name is required' })
  .trim()
  .min(1, 'Folder name is required')
  .max(FOLDER_NAME_MAX, `Folder name must be at most ${FOLDER_NAME_MAX} characters`)

/** Comma-separated tags → trimmed, empty ones dropped, each once (the first spelling wins, ignoring case). */
export const TagsSchema = z
  .string()
  .default('')
  .transform((text) => {
    const seen = new Set<string>()
    const tags: string[] = []
    for (const raw of text.split(',')) {
      const tag = raw.trim()
      if (tag && !seen.has(tag.toLowerCase())) {
        seen.add(tag.toLowerCase())
        tags.push(tag)
      }
    }
    return tags
  })
  .refine((tags) => tags.every((tag) => tag.length <= TAG_MAX), `Each tag must be at most ${TAG_MAX} characters`)
  .refine((tags) => tags.length <= TAGS_MAX, `At most ${TAGS_MAX} tags`)

export const AltSchema = z
  .string()
  .default('')
  .transform((alt) => alt.trim() || null)
  .refine((alt) => (alt ?? '').length <= 500, 'Alt text must be at most 500 characters')

/** Checked files' ids (`name="ids"`): at least one, each a valid id, each once. */
export const IdsSchema = z
  .array(z.string())
  .transform((values) => values.map(parseId))
  .refine((ids) => ids.every((id) => id !== null), 'Unknown file')
  .transform((ids) => [...new Set(ids.filter((id) => id !== null))])
  .refine((ids) => ids.length > 0, 'Select one or more files first.')

/** A folder filter or target: '' or 'none' is "no folder", otherwise a folder id. */
export const FolderRefSchema = z.union([z.enum(['', 'none']).transform(() => null), idField('Unknown folder.')])
