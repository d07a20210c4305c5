import type { ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, Response } from 'express'
import { routeAddress } from '../route-address.server.ts'
import { metrics } from './registry.server.ts'
import { createRoutePattern } from './route-pattern.server.ts'

type Build = ServerBuild | (() => Promise<ServerBuild>)

/**
 * Times every request into cv_http_request_duration_seconds, labelled with its route pattern and status.
 * `build` is read when a response finishes (the server defines it after its middleware).
 */
export function measureRequestDurations(build: () => Build, staticDir = 'build/client') {
  const routePattern = createRoutePattern(staticDir)
  const { requestDuration } = metrics()
  return (req: Request, res: Response, next: NextFunction) => {
    const stopTimer = requestDuration.startTimer()
    const pathname = routeAddress(req)?.pathname ?? req.path
    res.once('finish', () => {
      const status = String(res.statusCode)
      const current = build()
      if (typeof current !== 'function') return stopTimer({ route: routePattern(pathname, current.routes), status })
      void current().then(
        (loaded) => stopTimer({ route: routePattern(pathname, loaded.routes), status }),
        () => stopTimer({ route: 'unmatched', status }),
      )
    })
    next()
  }
}
