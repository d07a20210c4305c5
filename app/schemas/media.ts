import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { parseId } from './params.ts'

/**
 * The media library's forms (SPEC §5 "Folder name non-empty after trimming. Tags trimmed and unique."), shared
 * by browser and server.
 */

export const FOLDER_NAME_MAX = 100
export const TAG_MAX = 50
export const TAGS_MAX = 30
export const ALT_MAX = 500
/** The media library's text forms (no files): far above every field at its limit. */
export const MEDIA_MAX_BODY_BYTES = 64 * 1024

export const MEDIA_GONE = 'This file does not exist.'
export const SOME_GONE = 'Some of the selected files do not exist.'
export const FOLDER_GONE = 'That folder does not exist.'
export const NO_FILES = 'Choose one or more images to upload.'
export const folderTaken = (name: string) => `A folder named "${name}" already exists.`
export const fileCount = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`

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
  .refine((alt) => (alt ?? '').length <= ALT_MAX, `Alt text must be at most ${ALT_MAX} characters`)

/** Checked files' ids (`name="ids"`): at least one, each a valid id, each once. */
export const IdsSchema = z
  .array(z.string().optional())
  .default([])
  .transform((values) => values.map(parseId))
  .refine((ids) => ids.every((id) => id !== null), 'Unknown file')
  .transform((ids) => [...new Set(ids.filter((id) => id !== null))])
  .refine((ids) => ids.length > 0, 'Select one or more files first.')

/** A folder filter or target: nothing, '' or 'none' is "no folder", otherwise a folder id. */
export const FolderRefSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim() ?? ''
    if (text === '' || text === 'none') return null
    const id = parseId(text)
    if (id === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: FOLDER_GONE })
    return id ?? z.NEVER
  })

export const NewFolderSchema = z.object({ name: FolderNameSchema })

/** One file's details (/admin/media/{id}). */
export const MediaDetailsSchema = z.object({ alt: AltSchema, tags: TagsSchema, folder: FolderRefSchema })

/** The bulk form of /admin/media: the checked files, and what to do with them. */
export const MediaBulkSchema = z.object({ ids: IdsSchema, folder: FolderRefSchema, tags: TagsSchema })

/** Every write of /admin/media, told apart by its intent. */
export const MediaActionSchema = z.discriminatedUnion('intent', [
  NewFolderSchema.extend({ intent: z.literal('folder') }),
  z.object({ intent: z.literal('move'), ids: IdsSchema, folder: FolderRefSchema }),
  z.object({ intent: z.literal('tags'), ids: IdsSchema, tags: TagsSchema }),
  z.object({ intent: z.literal('delete'), ids: IdsSchema }),
])
export type MediaAction = z.infer<typeof MediaActionSchema>
export type MediaIntent = MediaAction['intent']

/** Every write of /admin/media/{id}. */
export const MediaDetailsActionSchema = z.discriminatedUnion('intent', [
  MediaDetailsSchema.extend({ intent: z.literal('update') }),
  z.object({ intent: z.literal('delete') }),
])
export type MediaDetailsAction = z.infer<typeof MediaDetailsActionSchema>

/** SPEC §8's title for a failed write of the media pages, by its intent. */
export const MEDIA_FAILED: Record<string, string> = {
  folder: 'Failed to create folder',
  move: 'Update failed',
  tags: 'Update failed',
  update: 'Update failed',
  delete: 'Delete failed',
}

/**
 * The upload form. The server reads the files with multer (app/lib/media-upload.server.ts) and checks each by
 * its content; the browser asks for at least one.
 */
export const UploadFieldsSchema = z.object({ folder: FolderRefSchema })
export const UploadSchema = UploadFieldsSchema.extend({
  files: z.array(z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File)).min(1, NO_FILES),
})

const TOO_LARGE = ' exceeds 4MB limit'
/** SPEC §9: a file over 4 MB is skipped with this message. */
export const tooLarge = (name: string) => `${name}${TOO_LARGE}`
const uploadedNote = /^\d+ files? uploaded\.$/
/** Said beside the refusals when the other files went in. */
export const uploaded = (n: number) => `${fileCount(n)} uploaded.`

type Reply = SubmissionResult<string[]> | null | undefined

/** A refused upload's messages: each file's, then the form's (which files went in regardless). */
export const uploadMessages = (reply: Reply) => [...(reply?.error?.files ?? []), ...(reply?.error?.[''] ?? [])]

/** Whether some files of a refused upload went in (the form then starts again). */
export const someUploaded = (reply: Reply) => (reply?.error?.[''] ?? []).some((message) => uploadedNote.test(message))

/** SPEC §8: "File too large" when every refused file was over the limit, "Upload failed" otherwise. */
export function uploadTitle(reply: Reply) {
  const files = reply?.error?.files ?? []
  const tooLargeOnly = files.length > 0 && files.every((message) => message.endsWith(TOO_LARGE))
  const formFailed = (reply?.error?.[''] ?? []).some((message) => !uploadedNote.test(message))
  return tooLargeOnly && !formFailed ? 'File too large' : 'Upload failed'
}
