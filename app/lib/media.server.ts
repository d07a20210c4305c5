import { writeAudit } from '#app/models/audit.server.ts'
import { countProductsShowing, deleteMediaRow, insertMedia } from '#app/models/media.server.ts'
import { db } from '#db/client.ts'
import { logger } from './logger.server.ts'
import type { CheckedFile } from './media-upload.server.ts'
import { generateKey, getStorage, publicUrl } from './storage.server.ts'

// Writes that touch both the database and the storage, ordered so that neither ever holds a file the other
// lacks (docs/decisions/018).

type AcceptedFile = Extract<CheckedFile, { ok: true }>

/** The storage (disk, S3) failed; the database is as it was before. */
export class StorageError extends Error {
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

/** Stores the file, then its row and audit entry; if the row cannot be written, the file is removed again. */
export async function storeMedia(actorId: number, file: AcceptedFile, folderId: number | null) {
  const storage = getStorage()
  const key = generateKey(file.extension)
  await inStorage(() => storage.put(key, file.buffer, file.mimeType), 'put')
  try {
    return await db.transaction().execute(async (trx) => {
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
      await writeAudit(trx, {
        actorId,
        entityType: 'MEDIA',
        entityId: media.id,
        action: 'UPLOAD',
        diff: { file_name: media.file_name, key, file_size: media.file_size, folder_id: folderId },
      })
      return media
    })
  } catch (error) {
    await storage.remove(key).catch((removal) => logger.error({ err: removal, key }, 'orphan upload not removed'))
    throw error
  }
}

/** A file a product still shows (as its picture or in its gallery) is kept: deleting it would break that page. */
export class MediaInUseError extends Error {
  override name = 'MediaInUseError'
  constructor(
    readonly fileName: string,
    readonly products: number,
  ) {
    super(`${fileName} is shown by ${products} ${products === 1 ? 'product' : 'products'}; remove it from them first.`)
  }
}

/**
 * Deletes the row and removes the file inside one transaction: the removal comes before the commit, so a
 * removal that fails rolls the row back and the library still lists a file that still exists. Answers false
 * when there was no such row.
 */
export async function deleteMedia(actorId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const media = await deleteMediaRow(trx, id)
    if (!media) return false
    const products = await countProductsShowing(trx, media.url)
    if (products > 0) throw new MediaInUseError(media.file_name, products)
    await writeAudit(trx, {
      actorId,
      entityType: 'MEDIA',
      entityId: id,
      action: 'DELETE',
      diff: { file_name: media.file_name, key: media.key },
    })
    await inStorage(() => getStorage().remove(media.key), 'remove')
    return true
  })
}
