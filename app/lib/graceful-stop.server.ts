import type { Server } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { NextFunction, Request, Response } from 'express'
import { logger } from './logger.server.ts'

/**
 * A web process's graceful stop (docs/decisions/056). From the signal on, /healthz answers 503 so the probes of a
 * load balancer or Varnish take the process out, and every response says `Connection: close` so keep-alive clients
 * reconnect (elsewhere, once the probes have acted); everything else is served as usual for the drain window. Then
 * the server stops accepting and closes its idle connections, and each busy one once its response has ended
 * (Node's `server.close()` would leave those open until their keep-alive timeout); `stop` resolves when the last
 * connection has closed.
 */
export function createGracefulStop() {
  let state: 'serving' | 'draining' | 'stopped' = 'serving'
  let server: Server | undefined
  const inFlight = new Set<Response>()

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (state !== 'serving') {
      res.setHeader('Connection', 'close')
      if (req.path === '/healthz') {
        res.status(503).set('Cache-Control', 'no-store').json({ status: 'stopping' })
        return
      }
    }
    inFlight.add(res)
    // After the response has left its socket: once stopped, that socket is idle and may close now.
    res.once('close', () => {
      inFlight.delete(res)
      if (state === 'stopped') server?.closeIdleConnections()
    })
    next()
  }

  async function stop(httpServer: Server, drainMs: number) {
    server = httpServer
    state = 'draining'
    // Requests already in flight have not said `Connection: close` yet; those whose headers went out close later.
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
    await sleep(drainMs)
    state = 'stopped'
    const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()))
    logger.info({ inFlight: inFlight.size }, 'stopped accepting')
    await closed
  }

  return { middleware, stop }
}
