import { parse } from 'node-html-parser'

/**
 * The text of every inline script a browser would run in `html`, in document order: what a document's CSP
 * must allow and nothing more, read by tests to check the hashes the app collected as it wrote the scripts
 * (docs/decisions/072). Data blocks (`application/ld+json`) and scripts from files are left out.
 */
export function runnableInlineScripts(html: string): string[] {
  return parse(html)
    .querySelectorAll('script')
    .filter((script) => !script.hasAttribute('src') && isExecutableType(script.getAttribute('type') ?? ''))
    .map((script) => script.rawText)
}

function isExecutableType(type: string): boolean {
  return /^(?:|module|(?:text|application)\/javascript)$/i.test(type.trim())
}
