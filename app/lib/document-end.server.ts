import { Transform } from 'node:stream'

const DOCUMENT_END = Buffer.from('</body></html>')

/**
 * Moves the document's closing `</body></html>` to the very end of the stream.
 *
 * Remix v2's `<RemixServer>` renders the single-fetch data transfer (its `<script>`s, in a Suspense boundary)
 * as a sibling *after* the `<html>` element, so React writes it after `</html>`: the Nu checker calls that
 * "Stray start tag script" (or "template", when the boundary is still pending). Holding the closing tags
 * back until React is done puts those scripts inside `<body>`, where they are valid. The bytes are otherwise
 * passed on untouched, as they come; the tags may be split across chunks (docs/decisions/022).
 */
export function documentEndLast(): Transform {
  let found = false
  let carry = Buffer.alloc(0)
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const data = carry.length ? Buffer.concat([carry, Buffer.from(chunk)]) : Buffer.from(chunk)
      carry = Buffer.alloc(0)
      if (found) return callback(null, data)
      const at = data.indexOf(DOCUMENT_END)
      if (at >= 0) {
        found = true
        return callback(null, Buffer.concat([data.subarray(0, at), data.subarray(at + DOCUMENT_END.length)]))
      }
      // The last bytes may be the start of the closing tags: keep them until the next chunk says.
      const keep = Math.min(data.length, DOCUMENT_END.length - 1)
      carry = data.subarray(data.length - keep)
      callback(null, data.subarray(0, data.length - keep))
    },
    flush(callback) {
      callback(null, found ? Buffer.concat([carry, DOCUMENT_END]) : carry)
    },
  })
}
