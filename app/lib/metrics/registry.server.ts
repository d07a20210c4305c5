import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

/**
 * The process's one metrics registry and the metrics code updates as things happen (docs/decisions/028).
 * It lives on globalThis because server.ts (run by tsx) and the Remix server bundle each hold a copy of
 * this module, and a second registry would split the counts (and prom-client refuses a name twice).
 */

function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    requestDuration: new Histogram({
      name: 'cv_http_request_duration_seconds',
      help: 'Time from a request arriving to its response finishing, by route pattern and status.',
      labelNames: ['route', 'status'] as const,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCacheHits: new Counter({
      name: 'cv_page_cache_hits_total',
      help: 'Anonymous pages answered from the rendered-page cache.',
      registers: [registry],
    }),
    pageCacheMisses: new Counter({
      name: 'cv_page_cache_misses_total',
      help: 'Anonymous pages the rendered-page cache sent on to be rendered.',
      registers: [registry],
    }),
    singleFlightSaved: new Counter({
      name: 'cv_page_cache_single_flight_saved_total',
      help: 'Requests answered from another request’s render of the same page instead of rendering again.',
      registers: [registry],
    }),
    pageCacheInvalidated: new Counter({
      name: 'cv_page_cache_invalidated_total',
      help: 'Cached pages dropped because a write touched them: by their tags, or all at once (docs/decisions/030).',
      labelNames: ['scope'] as const,
      registers: [registry],
    }),
    replicaWait: new Histogram({
      name: 'cv_replica_wait_seconds',
      help: 'Time a write waited for the read replicas to replay it; "lagging" when one did not in time (decision 055).',
      labelNames: ['outcome'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    /** Set once the gauges read at scrape time are registered (app/lib/metrics/scrape-gauges.server.ts). */
    scrapeGauges: false,
  }
}

const GLOBAL = Symbol.for('comic-vault.metrics')
type Global = typeof globalThis & { [GLOBAL]?: ReturnType<typeof createMetrics> }

export function metrics(): ReturnType<typeof createMetrics> {
  return ((globalThis as Global)[GLOBAL] ??= createMetrics())
}
