import type { RequestHandler } from 'express'

/**
 * Each response leaves in one write (docs/decisions/060): its bytes, compressed or not, are held until it ends,
 * then handed to the socket at once, where Node's cork sends header, body and the chunked terminator in a
 * single writev. A host killed outright (SIGKILL, the OOM killer) then either never answered a request, which a
 * shared cache retries on another host, or answered it whole: once in the kernel, the bytes outlive the process.
 * A response written in pieces can die between two, and no proxy retries a half-sent body.
 *
 * Mounted before compression, so what it holds is what goes on the wire. Past `maxBytes` (a download, an
 * export) the rest streams, with the socket's own backpressure.
 */
export function sendResponsesWhole({ maxBytes = 1 << 20 } = {}): RequestHandler {
  return (_req, res, next) => {
    const { write, end } = res
    let held: Buffer[] | null = []
    let size = 0

    // Held as they are (as a socket's own buffer holds them), not copied.
    const hold = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      let bytes: Buffer
      if (typeof chunk === 'string') {
        bytes = Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
      } else {
        const view = chunk as Uint8Array
        bytes = Buffer.from(view.buffer, view.byteOffset, view.byteLength)
      }
      held!.push(bytes)
      size += bytes.length
    }
    const callbackIn = (args: unknown[]) => args.find((arg) => typeof arg === 'function') as (() => void) | undefined

    res.write = function (this: typeof res, chunk: unknown, ...rest: unknown[]) {
      if (!held) return write.apply(this, [chunk, ...rest] as never)
      hold(chunk, rest[0])
      const done = callbackIn(rest)
      if (size <= maxBytes) {
        if (done) process.nextTick(done)
        return true
      }
      const pending = Buffer.concat(held)
      held = null
      return write.apply(this, [pending, done] as never)
    } as typeof res.write

    res.end = function (this: typeof res, ...args: unknown[]) {
      if (!held) return end.apply(this, args as never)
      hold(args[0], args[1])
      const body = held.length === 1 ? held[0]! : Buffer.concat(held)
      held = null
      const done = callbackIn(args)
      return end.apply(this, (body.length ? [body, done] : [done]) as never)
    } as typeof res.end

    next()
  }
}
