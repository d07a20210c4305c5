import type { RequestHandler } from 'express'

/** How long a client may go on sending a body nobody reads before its connection is closed. */
const DRAIN_MS = 30_000

/**
 * A request answered before its whole body was read (a form over its size limit, answered 413) still has
 * the rest of that body on the wire. Left unread, the connection cannot carry the next request and closing
 * it would reset the answer away; so once the answer is sent, the rest is read and discarded, as nginx's
 * lingering close does. The app stops reading without cancelling (a cancel destroys the socket).
 */
export function drainUnreadBodies(): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      if (req.complete || req.destroyed) return
      // Remix's body stream still listens, and would pause the request again once its queue is full.
      req.removeAllListeners('data')
      const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS)
      timer.unref()
      req.once('end', () => clearTimeout(timer))
      req.once('close', () => clearTimeout(timer))
      req.resume()
    })
    next()
  }
}
