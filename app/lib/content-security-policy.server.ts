import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { EntryContext } from '@remix-run/node'

/**
 * A document's inline scripts are allowed by their hashes, not a nonce, so one body and its header suit every
 * visitor of a shared cache (docs/decisions/053). The site's policy (helmet, server.ts) allows no inline script;
 * each rendered document adds the hashes of the scripts the app wrote into it, taken as it wrote them, never
 * from the finished HTML, where a script injected into the page would be allowed with ours (docs/decisions/072).
 */

/**
 * An empty list that Remix's `<Scripts>`, `<ScrollRestoration>` and data transfer fill, during the render of
 * `context`, with the text of each inline script they write (patches/@remix-run+react+2.17.5.patch).
 */
export function collectInlineScripts(context: EntryContext): string[] {
  if (!context.renderMeta) throw new Error('No renderMeta on the entry context to collect its inline scripts in')
  const texts: string[] = []
  Object.assign(context.renderMeta, { inlineScripts: texts })
  return texts
}

/** The `'sha256-…'` source of each distinct script text, in order. */
export function scriptHashes(texts: string[]): string[] {
  return [...new Set(texts)].map((text) => {
    // The browser hashes the text as its parser hands it over: CR LF and lone CR become LF.
    const parsed = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text
    return `'sha256-${createHash('sha256').update(parsed).digest('base64')}'`
  })
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
