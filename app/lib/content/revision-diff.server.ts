import { diffLines } from 'diff'
import type { DiffRow, RevisionChanges } from '#app/components/admin/document-revisions.tsx'
import { embedTargets } from './parse-markdown.server.ts'
import { parseMarkdown } from './parse-markdown.server.ts'

/**
 * What changed between a revision of a document and its current text (the editor's "Compare with current"):
 * the text line by line, with long unchanged runs folded to the lines around each change, and the products its
 * embeds name, added or removed. Titles and summaries are compared whole.
 */

interface Words {
  title: string
  summary: string
  body: string
}

/** Unchanged lines kept on each side of a change. */
const CONTEXT = 3

export function revisionChanges(from: Words, to: Words): RevisionChanges {
  const lines: Array<{ kind: 'added' | 'removed' | 'same'; text: string }> = []
  for (const part of diffLines(from.body, to.body)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same'
    const texts = part.value.split('\n')
    if (texts.at(-1) === '') texts.pop()
    for (const text of texts) lines.push({ kind, text })
  }
  const [before, after] = [productsOf(from.body), productsOf(to.body)]
  return {
    rows: folded(lines),
    linesAdded: lines.filter((line) => line.kind === 'added').length,
    linesRemoved: lines.filter((line) => line.kind === 'removed').length,
    products: {
      added: after.filter((asin) => !before.includes(asin)),
      removed: before.filter((asin) => !after.includes(asin)),
    },
    title: from.title === to.title ? null : { from: from.title, to: to.title },
    summary: from.summary === to.summary ? null : { from: from.summary, to: to.summary },
  }
}

/** The ASINs a text's embeds name, each once, in the order written. */
function productsOf(body: string): string[] {
  return embedTargets(parseMarkdown(body).embeds)
    .filter((target) => target.type === 'product')
    .map((target) => target.target)
}

/** Every change with CONTEXT unchanged lines around it; each longer run of unchanged lines becomes one folded row. */
function folded(lines: Array<{ kind: 'added' | 'removed' | 'same'; text: string }>): DiffRow[] {
  const near = lines.map((_, index) =>
    lines.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((line) => line.kind !== 'same'),
  )
  const rows: DiffRow[] = []
  for (let index = 0; index < lines.length;) {
    let end = index
    while (end < lines.length && !near[end]) end += 1
    // One line far from a change is shown: folding it would hide nothing.
    if (end - index > 1) {
      rows.push({ kind: 'folded', count: end - index })
      index = end
    } else {
      rows.push(lines[index]!)
      index += 1
    }
  }
  return rows
}
