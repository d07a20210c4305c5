import { sql } from 'kysely'
import { containsPattern } from '#app/utils/search.ts'
import type { Executor } from '#db/client.ts'

// The media library and its folders (SPEC §3 Media, Media folder; §7 Admin data).

const MEDIA_COLUMNS = [
  'id',
  'url',
  'key',
  'file_name',
  'file_size',
  'mime_type',
  'width',
  'height',
  'alt',
  'tags',
  'folder_id',
  'created_at',
] as const

/** The most files one page lists; the search and folder filter narrow it. */
export const MEDIA_PAGE_LIMIT = 500

export interface MediaFilter {
  q?: string
  /** A folder's id, 'none' for unfiled files, undefined for all. */
  folder?: number | 'none'
}

/** Newest first, optionally in one folder and matching the file name or alt text (SPEC §7). */
export function listMedia(db: Executor, { q, folder }: MediaFilter = {}) {
  let query = db.selectFrom('media').select(MEDIA_COLUMNS)
  if (q) {
    const pattern = containsPattern(q)
    query = query.where((eb) => eb.or([eb('file_name', 'ilike', pattern), eb('alt', 'ilike', pattern)]))
  }
  if (folder === 'none') query = query.where('folder_id', 'is', null)
  else if (folder !== undefined) query = query.where('folder_id', '=', folder)
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MEDIA_PAGE_LIMIT).execute()
}

/** One file; with `lock`, its row stays locked until the caller's transaction ends. */
export function getMedia(db: Executor, id: number, { lock = false } = {}) {
  const query = db.selectFrom('media').select(MEDIA_COLUMNS).where('id', '=', id)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

/** The files of these ids, by id; with `lock`, their rows stay locked until the caller's transaction ends. */
export function getMediaByIds(db: Executor, ids: readonly number[], { lock = false } = {}) {
  if (ids.length === 0) return Promise.resolve([])
  const query = db.selectFrom('media').select(MEDIA_COLUMNS).where('id', 'in', ids).orderBy('id')
  return (lock ? query.forUpdate() : query).execute()
}

export interface NewMedia {
  url: string
  key: string
  file_name: string
  file_size: number
  mime_type: string
  width: number
  height: number
  folder_id: number | null
}

export function insertMedia(db: Executor, media: NewMedia) {
  return db.insertInto('media').values(media).returning(MEDIA_COLUMNS).executeTakeFirstOrThrow()
}

/** Moves files to a folder, or out of every folder with null; answers the ids it moved. */
export async function moveMedia(db: Executor, ids: readonly number[], folderId: number | null) {
  const rows = await db
    .updateTable('media')
    .set({ folder_id: folderId })
    .where('id', 'in', ids)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Replaces the tags of several files with one list (SPEC §7 "update many by ids"). */
export async function setMediaTags(db: Executor, ids: readonly number[], tags: readonly string[]) {
  const rows = await db
    .updateTable('media')
    .set({ tags: sql<string[]>`${sql.val([...tags])}::text[]` })
    .where('id', 'in', ids)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

export function updateMediaDetails(
  db: Executor,
  id: number,
  details: { alt: string | null; tags: readonly string[]; folder_id: number | null },
) {
  return db
    .updateTable('media')
    .set({ alt: details.alt, tags: sql<string[]>`${sql.val([...details.tags])}::text[]`, folder_id: details.folder_id })
    .where('id', '=', id)
    .returning(MEDIA_COLUMNS)
    .executeTakeFirst()
}

/** Deletes the row (within the caller's transaction, which has locked it and removes the file before committing). */
export async function deleteMediaRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('media').where('id', '=', id).execute()
}

export function listFolders(db: Executor) {
  return db
    .selectFrom('media_folders')
    .select(['id', 'name'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute()
}

export function getFolder(db: Executor, id: number) {
  return db.selectFrom('media_folders').select(['id', 'name']).where('id', '=', id).executeTakeFirst()
}

/** Creates a folder; null when one of that name (in any case) exists. */
export async function createFolder(db: Executor, name: string) {
  return db
    .insertInto('media_folders')
    .values({ name })
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .returning(['id', 'name'])
    .executeTakeFirst()
}

/** Products that show this file, as their main picture or in their gallery. */
export async function countProductsShowing(db: Executor, url: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<number>`count(*)::int`.as('count'))
    .where((eb) => eb.or([eb('image_url', '=', url), eb(sql`${url}`, '=', sql`any(images)`)]))
    .executeTakeFirstOrThrow()
  return row.count
}

/** Guides and information pages that show this file: as their cover, or in their text (by its address). */
export async function countDocumentsShowing(db: Executor, media: { id: number; url: string }): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select(sql<number>`count(*)::int`.as('count'))
    .where((eb) => eb.or([eb('cover_media_id', '=', media.id), eb(sql`strpos(body, ${media.url})`, '>', 0)]))
    .executeTakeFirstOrThrow()
  return row.count
}

/** Whether this file is the cover of a guide or page (which shows its alt text). */
export async function isDocumentCover(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('documents').select('id').where('cover_media_id', '=', id).limit(1).executeTakeFirst()
  return row !== undefined
}

/** One of the library's images, by id or by address (a guide's cover, decision 052). */
export function getMediaImage(db: Executor, where: { id: number } | { url: string }) {
  const query = db.selectFrom('media').select(['id', 'url', 'alt', 'mime_type']).where('mime_type', 'like', 'image/%')
  return ('id' in where ? query.where('id', '=', where.id) : query.where('url', '=', where.url)).executeTakeFirst()
}

/** Which of these addresses are images in the media library. */
export async function knownMediaUrls(db: Executor, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set()
  const rows = await db.selectFrom('media').select('url').where('url', 'in', urls).execute()
  return new Set(rows.map((row) => row.url))
}
