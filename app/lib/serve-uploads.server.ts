import { pipeline } from 'node:stream/promises'
import type { NextFunction, Request, Response } from 'express'
import { getStorage, isMediaKey, type Storage } from './storage.server.ts'

/**
 * GET /uploads/{key}: streams a stored file from whichever storage is configured (disk or S3), mounted by
 * server.ts before Remix. A key names one file forever (keys are never reused), so the key is its ETag;
 * browsers keep it for an hour (SPEC §9 "storage cache 3600 s").
 */
export function serveUploads(storage: () => Storage = getStorage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const key = req.path.replace(/^\//, '')
    if (!isMediaKey(key)) return next()
    try {
      const etag = `"${key}"`
      const headers = {
        'Cache-Control': 'public, max-age=3600',
        ETag: etag,
        // Uploads are user content: never let a browser guess a type other than the one we send.
        'X-Content-Type-Options': 'nosniff',
      }
      if (req.get('if-none-match') === etag) return void res.status(304).set(headers).end()
      const object = await storage().get(key)
      if (!object) return next()
      res.status(200).set(headers).type(object.contentType)
      if (object.size !== undefined) res.set('Content-Length', String(object.size))
      if (req.method === 'HEAD') {
        object.body.destroy()
        return void res.end()
      }
      await pipeline(object.body, res)
    } catch (error) {
      if (res.headersSent) return void res.destroy(error as Error)
      next(error)
    }
  }
}
