import { createHash, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { Request, Response } from 'express'
import { metrics } from './registry.server.ts'
import { registerScrapeGauges } from './scrape-gauges.server.ts'

/**
 * Where Prometheus reads the metrics (docs/decisions/030): never public. On the main port only with
 * `Authorization: Bearer METRICS_TOKEN` (anything else gets the site's plain 404, as if there were no
 * such page); or on METRICS_PORT, a server of its own meant to be reachable from the monitoring network only.
 */

async function exposition(): Promise<{ contentType: string; body: string }> {
  registerScrapeGauges()
  const { registry } = metrics()
  return { contentType: registry.contentType, body: await registry.metrics() }
}

/** GET /metrics on the main server, for requests that carry the token. */
export function metricsRoute(token: string) {
  const expected = digest(`Bearer ${token}`)
  return async (req: Request, res: Response) => {
    const given = digest(req.get('authorization') ?? '')
    if (!timingSafeEqual(given, expected)) {
      res.status(404).type('text/plain').send('Not Found')
      return
    }
    const { contentType, body } = await exposition()
    // end(), not send(): send() would rewrite the content type Prometheus reads the format version from.
    res.status(200).set({ 'Cache-Control': 'no-store', 'Content-Type': contentType }).end(body)
  }
}

/** A server answering GET /metrics alone, on `port` of `host`; resolves once it listens. */
export async function startMetricsServer(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
      return
    }
    exposition().then(
      ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics failed'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// Equal-length digests, so the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest()
