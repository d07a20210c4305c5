import { createHash, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { Request, Response } from 'express'
import { AggregatorRegistry } from 'prom-client'
import { metrics } from './registry.server.ts'
import { registerScrapeGauges } from './scrape-gauges.server.ts'

/**
 * Where Prometheus reads the metrics (docs/decisions/028): never public. On the main port only with
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

/**
 * Several web processes (docs/decisions/029) share every port, so a scrape would reach one at random: the
 * cluster primary serves METRICS_PORT instead, adding up what each process reports to it. Counters and the
 * histogram add up; gauges that every process reads alike (queues, refresh) take the largest.
 */
export function reportMetricsToPrimary(): void {
  registerScrapeGauges()
  new AggregatorRegistry() // answers the primary's requests from now on
  AggregatorRegistry.setRegistries([metrics().registry])
}

/** Every web process's metrics, added up: for the cluster primary's METRICS_PORT. */
export async function clusterExposition(): Promise<{ contentType: string; body: string }> {
  const aggregator = new AggregatorRegistry()
  return { contentType: aggregator.contentType, body: await aggregator.clusterMetrics() }
}

/** A server answering GET /metrics alone, on `port` of `host`; resolves once it listens. */
export async function startMetricsServer(
  port: number,
  host: string,
  read: () => Promise<{ contentType: string; body: string }> = exposition,
): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
      return
    }
    read().then(
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
