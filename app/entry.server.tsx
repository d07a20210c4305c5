import {
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { databaseIsUp } from '#db/health.ts'
import { collectInlineScripts, scriptHashes } from './lib/content-security-policy.server.ts'
import { documentBytes, readDataTransfer } from './lib/document.server.ts'
import { logger } from './lib/logger.server.ts'
import { RETRY_AFTER_SECONDS } from './lib/outage.server.ts'
import { keepPersonalResponsesPrivate } from './utils/cache.ts'

export const streamTimeout = 5_000

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Adds these sources to this response's CSP `script-src`: a document's inline scripts (decisions 053, 072). */
    allowInlineScripts(sources: string[]): void
    /** The visitor's address as Express sees it (TRUST_PROXY decides whose header counts). Never stored raw. */
    clientIp: string
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A failure while the database is away is an outage, not a bug: say 503 so proxies and monitors know.
  const status = responseStatusCode >= 500 && !databaseIsUp() ? 503 : responseStatusCode
  keepPersonalResponsesPrivate(request, responseHeaders)
  if (status === 503) responseHeaders.set('Retry-After', RETRY_AFTER_SECONDS)
  // Every visitor, crawler or browser, gets the whole document at once: no loader defers data, so there is
  // nothing worth streaming (docs/decisions/022), and rendering to a string costs less than React's stream of
  // bytes (docs/decisions/035).
  await readDataTransfer(remixContext)
  const inlineScripts = collectInlineScripts(remixContext)
  const html = renderToString(<RemixServer context={remixContext} url={request.url} />)
  // Hashes, not a nonce: the same body and header then suit every visitor of a shared cache (docs/decisions/053).
  // Of the scripts Remix wrote, as it wrote them: a script injected into the HTML is not among them (072).
  loadContext.allowInlineScripts(scriptHashes(inlineScripts))
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(documentBytes(html), { headers: responseHeaders, status })
}

// Client navigations fetch the same data: the same rule for them.
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  keepPersonalResponsesPrivate(request, response.headers)
  if (response.status === 503) response.headers.set('Retry-After', RETRY_AFTER_SECONDS)
  return response
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return // the visitor left; nothing went wrong
  logger.error({ err: error, url: request.url }, 'request failed')
}
