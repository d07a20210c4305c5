import './scripts/load-dotenv.ts'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import { inlineScriptsAllowedOn } from '#app/lib/content-security-policy.server.ts'
import { createHttpServer } from '#app/lib/http-server.server.ts'
import { measureRequestDurations } from '#app/lib/metrics/request-duration.server.ts'
import { answerOutagesWith503 } from '#app/lib/outage.server.ts'
import { createPageCache } from '#app/lib/page-cache.server.ts'
import { readPublicPagesFromReplicas } from '#app/lib/replica-reads.server.ts'
import { limitRequests } from '#app/lib/request-limits.server.ts'
import { serveUploads } from '#app/lib/serve-uploads.server.ts'
import { drainUnreadBodies } from '#app/lib/unread-bodies.server.ts'
import { sendResponsesWhole } from '#app/lib/whole-responses.server.ts'
import { webProcessSlot } from './scripts/cluster.ts'
import { closeOnSignal, shutdownDrainMs, startEntryPoint } from './scripts/entry-point.ts'

// Fail fast, by name, on bad configuration, before anything else starts. The modules imported above read none
// as they load; those that do (all that log) are imported once it is checked.
const { env, logger } = await startEntryPoint({ signs: true })

const { metricsRoute, reportMetricsToPrimary, startMetricsServer } = await import('#app/lib/metrics/endpoint.server.ts')
const { createGracefulStop } = await import('#app/lib/graceful-stop.server.ts')
const { watchPageInvalidations } = await import('#app/lib/page-invalidation.server.ts')
const { sharedCacheHeaders } = await import('#app/lib/shared-cache-headers.server.ts')
const { usesEmbeddedDatabase } = await import('#db/client.ts')
const { prepareDatabaseWithRetry } = await import('#db/prepare.ts')
const { checkConnectionBudget } = await import('#db/connection-budget.ts')
const { startCountingViews } = await import('#app/lib/product-views.server.ts')
const { recordSearches } = await import('#app/lib/search-recording.server.ts')
const { startWorkers } = await import('#jobs/runtime.ts')
const { workInHand } = await import('#app/lib/work-in-hand.server.ts')
const { failWorkCutOffByAStop } = await import('#app/services/interrupted-work.server.ts')

const production = env.NODE_ENV === 'production'
const siteOrigin = new URL(env.SITE_URL).origin

const viteDevServer = production ? undefined : await createViteDevServer()

async function createViteDevServer() {
  const vite = await import('vite')
  const ownListeners = process.listeners('SIGTERM')
  const server = await vite.createServer({ server: { middlewareMode: true } })
  // Vite exits the process on SIGTERM by itself, dropping requests in flight; our shutdown closes it instead.
  for (const listener of process.listeners('SIGTERM')) {
    if (!ownListeners.includes(listener)) process.off('SIGTERM', listener)
  }
  return server
}

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', env.TRUST_PROXY)
// Flat, as URLSearchParams reads a query (and so Remix, and every key made from the address): qs's nesting reads
// `q[]=x` and `q[a]=x` as `q`. Nothing here reads nested objects from `req.query`.
app.set('query parser', 'simple')

// First: once a stop has begun, /healthz answers 503 and responses close their connection (docs/decisions/056).
const gracefulStop = createGracefulStop()
app.use(gracefulStop.middleware)

app.use(
  pinoHttp({
    logger,
    autoLogging: { ignore: (req) => /^\/(assets|images|favicon|healthz)/.test(req.url ?? '') },
    // One short line per request; headers (cookies included) stay out of the logs.
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
  }),
)
// Timed by route pattern; `build` is defined further down and read only when a response finishes.
app.use(measureRequestDurations(() => build))
// Held whole below compression, so a host killed mid-response has sent none of it (docs/decisions/060).
app.use(sendResponsesWhole())
app.use(compression())
app.use(drainUnreadBodies())

app.use(
  helmet({
    // Amazon must see which site a click comes from (its Associates policies), and /go/ reads the page it came
    // from: our origin goes to other sites, the full address stays on ours (docs/decisions/075). The 302 of /go/
    // carries it too, and a redirect's policy is the one its next request is sent under.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: siteOrigin.startsWith('https:'),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': production ? ["'self'"] : ["'self'", 'ws:'],
        'font-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // Product pictures are hotlinked from Amazon (its rules forbid copying them).
        'img-src': ["'self'", 'data:', 'https://m.media-amazon.com', 'https://images-na.ssl-images-amazon.com'],
        'object-src': ["'none'"],
        // Our own files, and no inline script but those a document adds by hash (entry.server.tsx). Not
        // 'strict-dynamic': modules a hashed script imports would need preloading (docs/decisions/053).
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': siteOrigin.startsWith('https:') ? [] : null,
      },
    },
  }),
)

// The panel leads nowhere Amazon must see: no other site learns even that a request came from it.
app.use('/admin', (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('Referrer-Policy', 'same-origin')
  next()
})

// Cross-site form posts are refused before they reach an action (CSRF), whatever the cookie settings.
app.use((req: Request, res: Response, next: NextFunction) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  const origin = req.get('origin')
  const requestOrigin = `${req.protocol}://${req.get('host')}`
  const sameOrigin = origin
    ? origin === siteOrigin || origin === requestOrigin
    : req.get('sec-fetch-site') !== 'cross-site'
  if (sameOrigin) return next()
  logger.warn({ origin, url: req.originalUrl }, 'cross-origin POST refused')
  res.status(403).type('text/plain').send('Cross-origin requests are not allowed.')
})

// Before anything reads the query (the view counter, the page cache, the routes; docs/decisions/073).
app.use(limitRequests())

// Prometheus metrics, never public (docs/decisions/028): here only with the token, or on METRICS_PORT; under a
// cluster primary, the primary serves them for every process (docs/decisions/029).
const slot = webProcessSlot()
if (slot !== undefined) reportMetricsToPrimary()
else if (env.METRICS_TOKEN) app.get('/metrics', metricsRoute(env.METRICS_TOKEN))
const metricsServer =
  env.METRICS_PORT && slot === undefined ? await startMetricsServer(env.METRICS_PORT, env.HOST) : undefined

// Product-page views, counted in front of the page cache so its hits count too (docs/decisions/046).
const views = startCountingViews()
app.use(views.middleware)
// Searches, recorded for the owner in front of the page cache too (docs/decisions/085).
app.use(recordSearches())

// Uploaded media, from disk or S3 (docs/decisions/018), ahead of the page cache and Remix.
app.use('/uploads', serveUploads())

// Public pages read the replicas when there are some (decision 055); the rest, and everything without them, the primary.
if (env.DATABASE_URL && env.DATABASE_REPLICA_URLS?.length) app.use(readPublicPagesFromReplicas())

if (viteDevServer) {
  app.use(viteDevServer.middlewares)
} else {
  // Vite fingerprints everything under /assets, so it can be cached for good.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
  const publicFiles = express.static('build/client', { maxAge: '1h' })
  // Every public file has an extension and no page address does: pages skip the disk lookup (a stat per request).
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))
  // Tags for the shared cache tier, and what keeps a page a write spanned out of it (docs/decisions/054).
  app.use(sharedCacheHeaders({ checkVersions: env.HTTP_CACHE_PURGE_URLS.length > 0 }))
  if (env.PAGE_CACHE) app.use(createPageCache().middleware)
}

const build = viteDevServer
  ? async () => answerOutagesWith503((await viteDevServer.ssrLoadModule('virtual:remix/server-build')) as ServerBuild)
  : answerOutagesWith503((await import(/* @vite-ignore */ `${process.cwd()}/build/server/index.js`)) as ServerBuild)

app.all(
  '*',
  createRequestHandler({
    build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) => ({ clientIp: req.ip ?? '', allowInlineScripts: inlineScriptsAllowedOn(res) }),
  }),
)

// Under a cluster primary, the primary has migrated and only the first web process runs jobs (docs/decisions/029).
if (slot === undefined) {
  await prepareDatabaseWithRetry()
  await checkConnectionBudget(1)
  // Without Redis this is the one process that runs imports: what is still running was cut off by its last stop.
  if (!env.REDIS_URL) await failWorkCutOffByAStop()
}
const workers = env.RUN_WORKER && (slot ?? 1) === 1 ? startWorkers() : undefined
const stopWatchingInvalidations = await watchPageInvalidations()

const server = createHttpServer(app, env).listen(env.PORT, env.HOST, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  logger.info(
    { port, database: usesEmbeddedDatabase() ? 'embedded (PGlite)' : 'postgres', redis: Boolean(env.REDIS_URL) },
    `${env.SITE_NAME} is running at http://localhost:${port} — create the first admin at http://localhost:${port}/admin/setup`,
  )
})

// The drain window, then stop accepting and finish the requests in flight (docs/decisions/056), then what serves them.
const drainMs = shutdownDrainMs(env)
closeOnSignal(
  async () => {
    await gracefulStop.stop(server, drainMs)
    // A report import or an in-process job begun before the signal ends as it would have (056).
    await workInHand()
    // Every request has finished, so every view is counted; saved while the database is still open.
    await views.stop()
    await metricsServer?.close()
    await workers?.close()
    await stopWatchingInvalidations()
    await viteDevServer?.close()
  },
  { drainMs },
)
