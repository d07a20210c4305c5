import type { Request } from 'express'

// Read by several middlewares per request: parsed once (about a microsecond each time otherwise).
const parsed = new WeakMap<object, URL | null>()

/**
 * The request's address as the route reads it: @remix-run/express parses `req.originalUrl` with the URL parser,
 * which resolves `.`, `..` and `%2e` segments and reads `\` as `/`, none of which Express's `req.path` does. What is
 * keyed or decided by address (the page cache, tags, replica reads, view counts, metrics) reads it from here, so
 * it cannot file one page's render under another's address. Null when the parser refuses it (Remix would too).
 * Shared by every reader of the request: not to be changed.
 */
export function routeAddress(req: Pick<Request, 'originalUrl'>): URL | null {
  let address = parsed.get(req)
  if (address === undefined) {
    try {
      // Any origin will do: the request target is appended to it as Remix appends it to the request's own.
      address = new URL(`http://route.invalid${req.originalUrl}`)
    } catch {
      address = null
    }
    parsed.set(req, address)
  }
  return address
}
