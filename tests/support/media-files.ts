import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import { pngImage } from './images.ts'

/**
 * A 2 × 2 PNG in the media library of a built server whose UPLOAD_DIR is `uploadDir`: the file on disk and its
 * row, in a new folder named `folder`. Answers the file's id.
 */
export async function addMediaFile(pool: pg.Pool, uploadDir: string, folder: string): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(`INSERT INTO media_folders (name) VALUES ($1) RETURNING id`, [
    folder,
  ])
  const key = `${Date.now()}-${randomBytes(8).toString('hex')}.png`
  const png = pngImage(2, 2)
  await writeFile(path.join(uploadDir, key), png)
  const media = await pool.query<{ id: number }>(
    `INSERT INTO media (url, key, file_name, file_size, mime_type, width, height, folder_id)
     VALUES ($1, $2, $3, $4, 'image/png', 2, 2, $5) RETURNING id`,
    [`/uploads/${key}`, key, `${folder.toLowerCase()}.png`, png.length, rows[0]!.id],
  )
  return media.rows[0]!.id
}
