import type { EntryContext } from '@remix-run/node'

const DOCUMENT_END = Buffer.from('</body></html>')

/**
 * Reads Remix's single-fetch data transfer (the loader data, turbo-stream encoded) to its end and hands it to
 * `<RemixServer>`'s `StreamTransfer` as one finished chunk, so the document renders in one synchronous
 * `renderToString` with nothing left to suspend on (docs/decisions/035). No loader defers data, so the stream
 * ends as soon as the loaders' data is encoded.
 */
export async function readDataTransfer(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream
  if (!stream || !context.renderMeta) return
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let value = ''
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    value += decoder.decode(chunk.value, { stream: true })
  }
  value += decoder.decode()
  reader.releaseLock()
  const whole = Object.assign(Promise.resolve(), { result: { done: true, value } })
  context.renderMeta.streamCache = { 0: whole }
}

/**
 * The document as the bytes to send. Remix v2's `<RemixServer>` renders the single-fetch data transfer (its
 * `<script>`s, in a Suspense boundary) as a sibling *after* the `<html>` element, so React writes it after
 * `</html>`: the Nu checker calls that "Stray start tag script". Moving the closing tags last puts those scripts
 * inside `<body>`, where they are valid (docs/decisions/022). They are the last literal ones in the document:
 * text, attributes, the JSON-LD and the data transfer are all escaped, so searching from the end finds them
 * without reading the whole page. Encoded once and moved in place: a string body would be checked and encoded
 * again by `Response`.
 */
export function documentBytes(html: string): Buffer<ArrayBuffer> {
  const bytes = Buffer.from(`<!DOCTYPE html>${html}`)
  const at = bytes.lastIndexOf(DOCUMENT_END)
  if (at < 0 || at === bytes.length - DOCUMENT_END.length) return bytes
  bytes.copyWithin(at, at + DOCUMENT_END.length)
  DOCUMENT_END.copy(bytes, bytes.length - DOCUMENT_END.length)
  return bytes
}
