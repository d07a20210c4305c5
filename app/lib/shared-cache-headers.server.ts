import type { NextFunction, Request, Response } from 'express'
import { PERSONAL_COOKIE } from '#app/utils/cache.ts'
import { RENDER_VERSIONS } from './page-cache.server.ts'
import { readVersions, type TagVersions } from './page-tag-versions.server.ts'
import { EVERY_PAGE, pageTags } from './page-tags.ts'
import { routeAddress } from './route-address.server.ts'
import { pageKeys } from './surrogate-keys.ts'

/**
 * What a shared cache in front of the hosts (Varnish, docs/decisions/054) needs on each page it may keep: its
 * tags in an `xkey` header, for the purges; and, when shared caches are purged (`checkVersions`), proof that no
 * write touched the page while it rendered. The tag versions are read before the page is rendered (before our
 * own cache, so its hits are checked too) and again just before its headers leave; a page whose versions moved,
 * or could not be read, goes out `private, no-store`, so no shared cache keeps data from before the write after
 * the write's purge has gone by. A page from our own cache is judged by the versions its render read.
 */
export function sharedCacheHeaders({ checkVersions }: { checkVersions: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const pathname = routeAddress(req)?.pathname
    const tags = pathname === undefined ? EVERY_PAGE : pageTags(pathname)
    // A signed-in visitor's page is private whatever it is: nothing to read for it.
    const personal = Boolean(req.headers.authorization) || PERSONAL_COOKIE.test(req.headers.cookie ?? '')
    if (checkVersions && !personal) res.locals[RENDER_VERSIONS] = readVersions(tags)
    beforeHeaders(res, () => {
      if (!shareable(res)) return
      const rendered = res.locals[RENDER_VERSIONS] as TagVersions | undefined
      if (!checkVersions) return void res.setHeader('xkey', pageKeys(tags))
      if (!rendered) return void res.setHeader('Cache-Control', 'private, no-store')
      return Promise.all([rendered, readVersions(tags)]).then(([before, now]) => {
        if (before !== null && before === now) res.setHeader('xkey', pageKeys(tags))
        else res.setHeader('Cache-Control', 'private, no-store')
      })
    })
    next()
  }
}

function shareable(res: Response): boolean {
  const cacheControl = String(res.getHeader('cache-control') ?? '')
  return /\bpublic\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl) && !res.getHeader('set-cookie')
}

type Call = { end: boolean; args: unknown[] }

/**
 * Runs `decide` when the response first writes, before its headers go; while a promise it returns is pending,
 * what the response writes is held, then written in order.
 */
function beforeHeaders(res: Response, decide: () => void | Promise<void>) {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  let state: 'undecided' | 'waiting' | 'open' = 'undecided'
  const held: Call[] = []
  const pass = (call: Call) => (call.end ? end(...call.args) : write(...call.args))
  const take = (call: Call): boolean | Response => {
    if (state === 'undecided') {
      const decision = decide()
      if (decision) {
        state = 'waiting'
        void decision
          .catch(() => res.setHeader('Cache-Control', 'private, no-store'))
          .then(() => {
            state = 'open'
            for (const call of held.splice(0)) pass(call)
          })
      } else state = 'open'
    }
    if (state === 'open') return pass(call)
    held.push(call)
    return call.end ? res : true
  }
  res.write = ((...args: unknown[]) => take({ end: false, args })) as Response['write']
  res.end = ((...args: unknown[]) => take({ end: true, args })) as Response['end']
}
