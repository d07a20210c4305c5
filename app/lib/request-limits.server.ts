import type { RequestHandler } from 'express'
import { routeAddress } from './route-address.server.ts'

/**
 * What any request may carry, whatever its route (docs/decisions/073): far above what a page or form of ours sends,
 * far below what makes a parser work for long. A form's body has its own byte limit besides (readFormData).
 */
export const REQUEST_LIMITS = {
  /** Characters in the query, `?` included, as the URL parser writes it. */
  queryLength: 8 * 1024,
  /** Fields of a form, or parameters of a query. */
  fields: 1_000,
  /** Characters in one field's or parameter's name: Conform reads `a[0].b` paths from names, a step per part. */
  nameLength: 200,
} as const

/** Whether these field (or parameter) names are within the limits. */
export function namesWithinLimits(names: Iterable<string>): boolean {
  let count = 0
  for (const name of names) {
    if (++count > REQUEST_LIMITS.fields || name.length > REQUEST_LIMITS.nameLength) return false
  }
  return true
}

/**
 * Refuses, before anything reads it, a request target that is not a path, and a query over the limits. Node also
 * takes `GET http://host/path` (absolute form) and `OPTIONS *`, which no browser sends to a site and our proxy
 * (Varnish) never forwards; Remix's adapter cannot read either and would answer 500, so they are a 400. A query is
 * a 414 when too long, a 400 when it has too many parameters or too long a name. Node refuses an address past its
 * header limit (16 KB) with 431 before this.
 */
export function limitRequests(): RequestHandler {
  return (req, res, next) => {
    const address = req.originalUrl.startsWith('/') ? routeAddress(req) : null
    if (!address) return void res.status(400).type('text/plain').send('Bad Request: the address must be a path.')
    if (address.search.length > REQUEST_LIMITS.queryLength) {
      return void res.status(414).type('text/plain').send('The address is too long.')
    }
    if (!namesWithinLimits(address.searchParams.keys())) {
      return void res.status(400).type('text/plain').send('The address has too many or too long parameters.')
    }
    next()
  }
}
