import type { Request } from 'express'

/**
 * The request's address as the route reads it: @remix-run/express parses `req.originalUrl` with the URL parser,
 * which resolves `.`, `..` and `%2e` segments and reads `\` as `/`, none of which Express's `req.path` does. What is
 * keyed or decided by address (the page cache, tags, replica reads, view counts, metrics) reads it from here, so
 * it cannot file one page's render under another's address. Null when the parser refuses it (Remix would too).
 */
export function routeAddress(req: Pick<Request, 'originalUrl'>): URL | null {
  try {
    // Any origin will do: the request target is appended to it as Remix appends it to the request's own.
    return new URL(`http://route.invalid${req.originalUrl}`)
  } catch {
    return null
  }
}
