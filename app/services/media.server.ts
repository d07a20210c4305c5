import { Refusal } from '#app/lib/form-reply.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { checkFile, type CheckedFile, type ReceivedFile } from '#app/lib/media-upload.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { generateKey, getStorage, publicUrl } from '#app/lib/storage.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import {
  countDocumentsShowing,
  countProductsShowing,
  createFolder,
  deleteMediaRow,
  getFolder,
  getMedia,
  getMediaByIds,
  insertMedia,
  isDocumentCover,
  moveMedia,
  setMediaTags,
  updateMediaDetails,
} from '#app/models/media.server.ts'
import { fileCount, FOLDER_GONE, folderTaken, MEDIA_GONE, SOME_GONE } from '#app/schemas/media.ts'
import { db, type Executor } from '#db/client.ts'

// The media library's writes (SPEC §5, §7): each one transaction with its audit rows. Writes that touch both
// the database and the storage are ordered so that neither ever holds a file the other lacks
// (docs/decisions/018). A write that cannot be done throws a Refusal with the reason. No cached public page
// lists the library; a guide's cover shows its file's alt text, so a new alt text drops the guides' pages.

type AcceptedFile = Extract<CheckedFile, { ok: true }>

/** The storage (disk, S3) failed; the database is as it was before. */
class StorageError extends Error {
  override name = 'StorageError'
}

async function inStorage<T>(work: () => Promise<T>, what: string): Promise<T> {
  try {
    return await work()
  } catch (error) {
    logger.error({ err: error }, `storage ${what} failed`)
    throw new StorageError(`storage ${what} failed`, { cause: error })
  }
}

/** Refuses a folder id that is not (or no longer) one; null is "no folder". */
async function requireFolder(trx: Executor, folderId: number | null, field?: string) {
  if (folderId !== null && !(await getFolder(trx, folderId))) throw new Refusal(404, FOLDER_GONE, field)
}

/** Locks the files' rows until the transaction ends; refuses when any of them is gone. */
async function lockFiles(trx: Executor, ids: readonly number[]) {
  const files = await getMediaByIds(trx, ids, { lock: true })
  if (files.length !== ids.length) throw new Refusal(404, SOME_GONE)
  return files
}

export async function createMediaFolder(actorId: number, name: string) {
  return db.transaction().execute(async (trx) => {
    const folder = await createFolder(trx, name)
    if (!folder) throw new Refusal(409, folderTaken(name), 'name')
    const diff = { name: folder.name }
    await writeAudit(trx, { actorId, entityType: 'MEDIA_FOLDER', entityId: folder.id, action: 'CREATE', diff })
    return folder
  })
}

/** Moves the files into a folder, or out of every folder with null. */
export async function moveMediaFiles(actorId: number, ids: readonly number[], folderId: number | null) {
  await db.transaction().execute(async (trx) => {
    const files = await lockFiles(trx, ids)
    await requireFolder(trx, folderId, 'folder')
    const moved = new Set(await moveMedia(trx, ids, folderId))
    for (const file of files.filter((m) => moved.has(m.id))) {
      const diff = { folder_id: { from: file.folder_id, to: folderId } }
      await writeAudit(trx, { actorId, entityType: 'MEDIA', entityId: file.id, action: 'MOVE', diff })
    }
  })
}

/** Replaces the tags of the files with one list. */
export async function tagMediaFiles(actorId: number, ids: readonly number[], tags: readonly string[]) {
  await db.transaction().execute(async (trx) => {
    const files = await lockFiles(trx, ids)
    await setMediaTags(trx, ids, tags)
    for (const file of files) {
      const diff = { tags: { from: file.tags, to: tags } }
      await writeAudit(trx, { actorId, entityType: 'MEDIA', entityId: file.id, action: 'TAG', diff })
    }
  })
}

export async function editMediaDetails(
  actorId: number,
  id: number,
  details: { alt: string | null; tags: readonly string[]; folder_id: number | null },
) {
  const coverAltChanged = await db.transaction().execute(async (trx) => {
    const before = await getMedia(trx, id, { lock: true })
    if (!before) throw new Refusal(404, MEDIA_GONE)
    await requireFolder(trx, details.folder_id, 'folder')
    await updateMediaDetails(trx, id, details)
    const diff = changedFields(before, { ...details, tags: [...details.tags] })
    await writeAudit(trx, { actorId, entityType: 'MEDIA', entityId: id, action: 'UPDATE', diff })
    return before.alt !== details.alt && (await isDocumentCover(trx, id))
  })
  if (coverAltChanged) await invalidatePages(['content'])
}

function inUse(fileName: string, products: number, documents: number) {
  const showing = [
    products ? `${products} ${products === 1 ? 'product' : 'products'}` : null,
    documents ? `${documents} ${documents === 1 ? 'guide or page' : 'guides or pages'}` : null,
  ]
  return `${fileName} is shown by ${showing.filter(Boolean).join(' and ')}; remove it from them first.`
}

/**
 * Deletes the row and removes the file inside one transaction: the removal comes before the commit, so a
 * removal that fails rolls the row back and the library still lists a file that still exists. A file a product
 * (as its picture or in its gallery), a guide or a page (as its cover or in its text) still shows is kept:
 * deleting it would break that page. False when there was no such row.
 */
async function deleteFile(actorId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const media = await getMedia(trx, id, { lock: true })
    if (!media) return false
    // Counted before the row goes: deleting it would clear the covers that name it (ON DELETE SET NULL).
    const products = await countProductsShowing(trx, media.url)
    const documents = await countDocumentsShowing(trx, media)
    if (products + documents > 0) throw new Refusal(409, inUse(media.file_name, products, documents))
    await deleteMediaRow(trx, id)
    const diff = { file_name: media.file_name, key: media.key }
    await writeAudit(trx, { actorId, entityType: 'MEDIA', entityId: id, action: 'DELETE', diff })
    await inStorage(() => getStorage().remove(media.key), 'remove').catch(() => {
      throw new Refusal(502, `${media.file_name} could not be removed from storage and was kept; try again.`)
    })
    return true
  })
}

/** Deletes one file (/admin/media/{id}). */
export async function removeMedia(actorId: number, id: number) {
  if (!(await deleteFile(actorId, id))) throw new Refusal(404, MEDIA_GONE)
}

/** Deletes the files one by one; a refusal says how many went before it. Answers how many were deleted. */
export async function deleteMediaFiles(actorId: number, ids: readonly number[]) {
  const files = await getMediaByIds(db, ids)
  if (files.length !== ids.length) throw new Refusal(404, SOME_GONE)
  let deleted = 0
  for (const file of files) {
    try {
      if (await deleteFile(actorId, file.id)) deleted += 1
    } catch (error) {
      if (!(error instanceof Refusal) || deleted === 0) throw error
      throw new Refusal(error.status, `${error.message} ${fileCount(deleted)} deleted before it.`)
    }
  }
  return deleted
}

/** Stores the file, then its row and audit entry; if the row cannot be written, the file is removed again. */
async function storeFile(actorId: number, file: AcceptedFile, folderId: number | null) {
  const storage = getStorage()
  const key = generateKey(file.extension)
  await inStorage(() => storage.put(key, file.buffer, file.mimeType), 'put')
  try {
    await db.transaction().execute(async (trx) => {
      const media = await insertMedia(trx, {
        url: publicUrl(key),
        key,
        file_name: file.name,
        file_size: file.size,
        mime_type: file.mimeType,
        width: file.width,
        height: file.height,
        folder_id: folderId,
      })
      const diff = { file_name: media.file_name, key, file_size: media.file_size, folder_id: folderId }
      await writeAudit(trx, { actorId, entityType: 'MEDIA', entityId: media.id, action: 'UPLOAD', diff })
    })
  } catch (error) {
    await storage.remove(key).catch((removal) => logger.error({ err: removal, key }, 'orphan upload not removed'))
    throw error
  }
}

export interface UploadOutcome {
  uploaded: number
  /** Why each refused file was refused (and the storage failure that stopped the rest, first). */
  problems: string[]
  /** 413 when every refused file was too large, 415 when each was not an image, 502 storage, else 400. */
  status: number
}

/** Checks each file by its content and stores the good ones into the folder; the others are skipped. */
export async function uploadMedia(
  actorId: number,
  files: ReceivedFile[],
  folderId: number | null,
): Promise<UploadOutcome> {
  await requireFolder(db, folderId)
  const checked = await Promise.all(files.map(checkFile))
  const refused = checked.flatMap((file) => (file.ok ? [] : [file]))
  const problems = refused.map((file) => file.message)
  let uploaded = 0
  for (const file of checked) {
    if (!file.ok) continue
    try {
      await storeFile(actorId, file, folderId)
      uploaded += 1
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      return { uploaded, problems: [`${file.name} could not be stored; try again.`, ...problems], status: 502 }
    }
  }
  const all = (reason: string) => refused.every((file) => file.reason === reason)
  return { uploaded, problems, status: all('too-large') ? 413 : all('type') ? 415 : 400 }
}
