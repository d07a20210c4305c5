import type { RequestHandler } from 'express'
import { readFromReplicas } from '#db/read-scope.ts'
import { EVERY_PAGE, pageTags } from './page-tags.ts'
import { routeAddress } from './route-address.server.ts'

/**
 * Marks the requests whose reads go to the replicas (decision 055): GETs (and HEADs) of the public pages — the
 * addresses app/lib/page-tags.ts knows, their `.data` form included, exactly those a write's invalidation
 * names — from visitors without a cookie, the traffic any cache may keep. Everything else reads the primary:
 * the panel, every POST, the reads that decide a write (`/go`, sign-in and subscription links: untagged
 * addresses), and anyone with a cookie, whose session is read (and touched) on the primary and who may be
 * looking at what they just wrote.
 */
export function readPublicPagesFromReplicas(): RequestHandler {
  return (req, _res, next) => {
    const anonymousRead = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.cookie
    const pathname = anonymousRead ? routeAddress(req)?.pathname : undefined
    if (pathname !== undefined && pageTags(pathname) !== EVERY_PAGE) readFromReplicas(next)
    else next()
  }
}
