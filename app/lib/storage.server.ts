import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getEnv } from './env.server.ts'

/**
 * Where uploaded media live (DESIGN §5 "storage bucket"): a directory under UPLOAD_DIR by default, an
 * S3-compatible bucket when S3_* is set so that several app servers share one library. Either way the files
 * are served by the site itself at /uploads/{key} (app/lib/serve-uploads.server.ts), so the CSP needs no
 * other image origin and a private bucket works.
 */

export interface StoredObject {
  body: Readable
  contentType: string
  size: number | undefined
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** Removes the object; one already gone counts as removed. */
  remove(key: string): Promise<void>
  get(key: string): Promise<StoredObject | null>
}

export const MEDIA_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'] as const
export type MediaExtension = (typeof MEDIA_EXTENSIONS)[number]

const CONTENT_TYPES: Record<MediaExtension, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

/** The shape of every key we make; anything else (`..`, slashes, other extensions) is never read or written. */
const KEY_PATTERN = /^\d{13}-[a-f0-9]{16}\.(jpeg|jpg|png|webp)$/

export const isMediaKey = (key: string) => KEY_PATTERN.test(key)

/** A new unique storage name (SPEC §7): timestamp, random part, the original (lower-cased) extension. */
export function generateKey(extension: MediaExtension, now = Date.now()): string {
  return `${String(now).padStart(13, '0')}-${randomBytes(8).toString('hex')}.${extension}`
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as MediaExtension] ?? 'application/octet-stream'
}

/** The address a stored file is shown at, absolute so a product gallery can hold it like any image URL. */
export function publicUrl(key: string): string {
  return `${getEnv().SITE_URL}/uploads/${key}`
}

function assertKey(key: string) {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`)
}

export class LocalStorage implements Storage {
  constructor(private readonly directory: string) {}

  async put(key: string, body: Buffer): Promise<void> {
    assertKey(key)
    await mkdir(this.directory, { recursive: true })
    // Written aside and renamed, so a reader never sees half a file and a crash leaves no partial one.
    const partial = path.join(this.directory, `.${key}.partial`)
    await writeFile(partial, body, { flag: 'wx' })
    await rename(partial, path.join(this.directory, key))
  }

  async remove(key: string): Promise<void> {
    assertKey(key)
    await unlink(path.join(this.directory, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isMediaKey(key)) return null
    const file = path.join(this.directory, key)
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    return { body: createReadStream(file), contentType: contentTypeOf(key), size: info.size }
  }
}

export interface S3Settings {
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  endpoint?: string
  forcePathStyle?: boolean
}

export class S3Storage implements Storage {
  private readonly client: S3Client
  private readonly bucket: string

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    })
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertKey(key)
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=3600',
      }),
    )
  }

  async remove(key: string): Promise<void> {
    assertKey(key)
    // S3 answers 204 for a key that does not exist, so a repeated removal succeeds.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isMediaKey(key)) return null
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }))
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? contentTypeOf(key),
        size: object.ContentLength,
      }
    } catch (error) {
      if (error instanceof NoSuchKey) return null
      throw error
    }
  }
}

let storage: Storage | undefined

/** The configured storage, made once per process. */
export function getStorage(): Storage {
  if (storage) return storage
  const env = getEnv()
  storage = env.S3_BUCKET
    ? new S3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION!,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : new LocalStorage(path.resolve(env.UPLOAD_DIR))
  return storage
}
