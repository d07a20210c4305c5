import http, { type RequestListener } from 'node:http'
import type { Env } from './env.server.ts'

/**
 * The web server with its connection timeouts (docs/decisions/056). An idle keep-alive connection stays open past
 * a proxy's own idle timeout (HTTP_KEEP_ALIVE_TIMEOUT_MS), so the proxy closes it first and never sends a request
 * down a connection we are closing: the sporadic 502/503s of Node's 5 s default behind Varnish, HAProxy or a load
 * balancer. Node enforces the headers timeout on a timer every 30 s; every tenth of the timeout keeps it near its
 * value.
 */
export function createHttpServer(app: RequestListener, env: Env): http.Server {
  const server = http.createServer(
    { connectionsCheckingInterval: Math.min(30_000, Math.ceil(env.HTTP_HEADERS_TIMEOUT_MS / 10)) },
    app,
  )
  server.keepAliveTimeout = env.HTTP_KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = env.HTTP_HEADERS_TIMEOUT_MS
  return server
}
