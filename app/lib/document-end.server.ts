import { Writable } from 'node:stream'

const DOCUMENT_END = Buffer.from('</body></html>')

/**
 * Where React writes a document: gathers it whole (one socket write, docs/decisions/032) and hands it on with
 * its closing `</body></html>` moved to the very end.
 *
 * Remix v2's `<RemixServer>` renders the single-fetch data transfer (its `<script>`s, in a Suspense boundary)
 * as a sibling *after* the `<html>` element, so React writes it after `</html>`: the Nu checker calls that
 * "Stray start tag script". Moving the closing tags last puts those scripts inside `<body>`, where they are
 * valid (docs/decisions/022).
 */
export function gatherDocument(
  whole: (document: Buffer<ArrayBuffer>) => void,
  failed: (error: Error) => void,
): Writable {
  const chunks: Uint8Array[] = []
  const destination = new Writable({
    write(chunk: Uint8Array, _encoding, callback) {
      chunks.push(chunk)
      callback()
    },
    final(callback) {
      whole(closingTagsLast(Buffer.concat(chunks)))
      callback()
    },
  })
  destination.once('error', failed)
  // React 18 ends its destination twice; a second end() costs a stack-capturing ERR_STREAM_ALREADY_FINISHED.
  const end = destination.end.bind(destination)
  destination.end = ((...args: Parameters<typeof end>) =>
    destination.writableEnded ? destination : end(...args)) as typeof destination.end
  return destination
}

export function closingTagsLast(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const at = html.indexOf(DOCUMENT_END)
  if (at < 0 || at === html.length - DOCUMENT_END.length) return html
  return Buffer.concat([html.subarray(0, at), html.subarray(at + DOCUMENT_END.length), DOCUMENT_END])
}
