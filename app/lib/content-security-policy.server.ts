import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/**
 * A document's inline scripts are allowed by their hashes, not a nonce, so one body and its header suit every
 * visitor of a shared cache (docs/decisions/053). The site's policy (helmet, server.ts) allows no inline script;
 * each rendered document adds the hashes of its own.
 */

// The tag's attributes may quote a `>`; the text ends at the first `</script` followed by whitespace, `/` or `>`, as
// the HTML tokenizer ends it. Our HTML writes `<` nowhere else as text: React escapes it, and so does inline data.
const SCRIPT = /<script(?=[\t\n\f\r />])((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script[\t\n\f\r />]/gi
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i
const SRC = /(?:^|\s)src\s*=/i
// What a browser runs (HTML's JavaScript MIME types and the script-like types); any other type, such as
// application/ld+json, is a data block, which CSP does not check.
const EXECUTABLE_TYPE =
  /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/(?:javascript1\.[0-5]|jscript|livescript))$/i

/** The `'sha256-…'` source of every distinct inline script a browser would run in `html`, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const sources = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue // a script from a file: 'self' allows it, its text is not run
    const type = TYPE.exec(attributes)
    if (type && !EXECUTABLE_TYPE.test((type[1] ?? type[2] ?? type[3]!).trim())) continue
    // The parser turns CR LF and lone CR into LF before the browser hashes the text.
    const parsed = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text
    sources.add(`'sha256-${createHash('sha256').update(parsed).digest('base64')}'`)
  }
  return [...sources]
}

/** `policy` (a Content-Security-Policy header) with `sources` added to its `script-src`. */
export function withScriptSources(policy: string, sources: string[]): string {
  if (sources.length === 0) return policy
  let found = false
  const directives = policy.split(';').map((directive) => {
    if (found || directive.trim().split(/\s+/, 1)[0]!.toLowerCase() !== 'script-src') return directive
    found = true
    return `${directive.trimEnd()} ${sources.join(' ')}`
  })
  if (!found) throw new Error(`No script-src to add the document's scripts to in: ${policy}`)
  return directives.join(';')
}

/** For the load context: adds a document's script sources to the policy already set on its response. */
export function inlineScriptsAllowedOn(res: ServerResponse): (sources: string[]) => void {
  return (sources) => {
    const policy = res.getHeader('Content-Security-Policy')
    if (typeof policy !== 'string') throw new Error('No Content-Security-Policy on the response to add scripts to')
    res.setHeader('Content-Security-Policy', withScriptSources(policy, sources))
  }
}
