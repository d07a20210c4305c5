import { knownMediaUrls } from '#app/models/media.server.ts'
import { freshUntilHeaders } from '#app/utils/cache.ts'
import { packEmbeds, type DocumentView, type Problem } from '#app/utils/document-view.ts'
import type { Executor } from '#db/client.ts'
import { getEnv } from '../env.server.ts'
import { parsedDocument, parseMarkdown, type ParsedDocument } from './parse-markdown.server.ts'
import { resolveEmbeds } from './resolve-embeds.server.ts'
import { imageNotInLibraryMessage } from './text-checks.ts'

/**
 * A text's problems as its save and its preview both see them (docs/decisions/077): the parser's, and each image
 * that is not one of the media library's, in the order of their places.
 */
export async function documentProblems(db: Executor, parsed: ParsedDocument): Promise<Problem[]> {
  const known = await knownMediaUrls(
    db,
    parsed.images.map((image) => image.url),
  )
  const foreign = parsed.images
    .filter((image) => !known.has(image.url))
    .map(({ url, ...place }): Problem => ({ ...place, message: imageNotInLibraryMessage(url) }))
  const line = (problem: Problem) => problem.line ?? Number.MAX_SAFE_INTEGER
  return [...parsed.problems, ...foreign].sort((a, b) => line(a) - line(b) || (a.column ?? 0) - (b.column ?? 0))
}

/**
 * A document's text as a loader sends it: parsed once per text (kept by its hash), its embeds read now. The
 * headers end the page's cache lifetime when its first price turns 24 hours old. A preview parses afresh (a
 * text being written is seen once) and carries the problems and why an embed is not shown, which only the author
 * sees: a visitor's page data names no hidden product.
 */
export async function documentView(
  db: Executor,
  body: string,
  { params, preview = false }: { params?: URLSearchParams; preview?: boolean } = {},
): Promise<{ view: DocumentView; headers: Record<string, string> }> {
  const parsed = preview ? parseMarkdown(body) : parsedDocument(body)
  const resolved = await resolveEmbeds(db, parsed.embeds, { params, timeZone: getEnv().REFRESH_TZ })
  const view: DocumentView = {
    tree: parsed.packedTree,
    headings: parsed.headings,
    embeds: packEmbeds(
      preview
        ? resolved.embeds
        : resolved.embeds.map((embed) => (embed.name === 'missing' ? { ...embed, reason: '' } : embed)),
    ),
    pricesAsOf: resolved.pricesAsOf,
    ...(preview ? { problems: await documentProblems(db, parsed) } : {}),
  }
  return { view, headers: freshUntilHeaders(resolved.prices) }
}
