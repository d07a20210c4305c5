import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for an S3-compatible server: PutObject, GetObject and DeleteObject on path-style URLs
 * (/{bucket}/{key}), objects kept in memory. It refuses requests without a SigV4 Authorization header; it does
 * not verify signatures.
 */
export async function startS3StandIn(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined }>()
  const requests: string[] = []
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.invalid')
    const [, requestedBucket, ...rest] = url.pathname.split('/')
    const key = decodeURIComponent(rest.join('/'))
    requests.push(`${req.method} ${url.pathname}`)
    const body = await read(req)
    if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) return void res.writeHead(403).end()
    if (requestedBucket !== bucket) return void res.writeHead(404).end()
    const error = (status: number, code: string) =>
      res
        .writeHead(status, { 'Content-Type': 'application/xml' })
        .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`)
    if (req.method === 'PUT') {
      const cacheControl = req.headers['cache-control']
      objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream', cacheControl })
      return void res.writeHead(200, { ETag: '"stand-in"' }).end()
    }
    if (req.method === 'GET') {
      const object = objects.get(key)
      if (!object) return error(404, 'NoSuchKey')
      return void res
        .writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.body.length })
        .end(object.body)
    }
    if (req.method === 'DELETE') {
      objects.delete(key)
      return void res.writeHead(204).end()
    }
    error(405, 'MethodNotAllowed')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
