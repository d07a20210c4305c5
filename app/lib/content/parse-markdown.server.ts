import { createHash } from 'node:crypto'
import GithubSlugger, { slug } from 'github-slugger'
import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast'
import type { Nodes, Root as MdastRoot, PhrasingContent, Text } from 'mdast'
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import remarkDirective from 'remark-directive'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified, type Plugin } from 'unified'
import { SKIP, visit } from 'unist-util-visit'
import { VFile } from 'vfile'
import type { EmbedTarget } from '#app/models/document.server.ts'
import { checkDirective, DOCUMENT_LIMITS, isDirectiveName, PRODUCT_EMBEDS, type Embed } from '#app/schemas/embeds.ts'
import { packTree } from '#app/utils/document-tree.ts'
import type { Heading, Problem } from '#app/utils/document-view.ts'
import { RecentMap } from '#app/utils/recent-map.ts'
import { amazonLinkMessage, isAmazonAddress, typedPriceMessage, typedPrices } from './text-checks.ts'

/**
 * Markdown to a tree the page draws as React elements (docs/decisions/052): CommonMark with GFM, directives for
 * embeds, ids on headings. No HTML written in the text reaches a page: remark-rehype drops it, and rehype-sanitize
 * (GitHub's rules, narrowed) keeps only known elements, attributes and link protocols. What the author wrote
 * wrongly is a problem with its line; a visitor sees nothing of it. The result depends on the text alone, so it
 * is kept by the text's hash and a page pays for parsing once, not per request.
 */

export interface ParsedDocument {
  /** The body as HTML's tree, embeds as `<x-embed data-index>` and problems as `<x-embed data-problem>`. */
  tree: HastRoot
  /** The tree as a page's data carries it (packTree). */
  packedTree: string
  /** Every directive that checked out, in the order written; the tree points into this by index. */
  embeds: Embed[]
  problems: Problem[]
  /** The second-level headings, for a table of contents. */
  headings: Heading[]
  /** The images the text shows, where each is written (each must be in the media library). */
  images: ImageSource[]
}

export type Place = Pick<Problem, 'line' | 'column'>
export type ImageSource = Place & { url: string }

/** An embed in the tree: a placeholder the page fills with what it resolved for that index. */
export const EMBED_TAG = 'x-embed'

const ALLOWED_PROTOCOLS = ['http', 'https', 'mailto']
const HEADING_ID = /\s*\{#([a-z][a-z0-9-]{0,60})\}\s*$/

/**
 * The ids a page carries around its text, whatever the text (layout, contents, contact form, the sleeve tables):
 * no heading may take one (docs/decisions/071). tests/integration/guides-public.test.ts keeps the list true for
 * every id a guide's page and /contact show.
 */
const PAGE_IDS: ReadonlySet<string> = new Set([
  'main',
  'site-menu',
  'header-search',
  'side-panel-search',
  'footer-disclosure',
  'store-choice',
  'page-contents',
  'contact-help',
  'chart-caption',
  'faq-sizes-caption',
  ...['mylar', 'polypropylene', 'polyethylene'].flatMap((material) => [
    `${material}-table`,
    `${material}-table-caption`,
  ]),
  ...['contact-form', ...['name', 'email', 'message'].map((field) => `contact-form-${field}`)].flatMap((id) => [
    id,
    `${id}-hint`,
    `${id}-error`,
  ]),
])

/** What an id takes: a second-level heading's names its section, and the heading itself is `{id}-heading`. */
const idClaims = (id: string, rank: number) => (rank === 2 ? [id, `${id}-heading`] : [id])
const headingRank = (node: Element) => (/^h[1-6]$/.test(node.tagName) ? Number(node.tagName[1]) : 0)

const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  // Ids come from the text's own `{#id}` and from headings: they are meant to be linked to as written.
  clobber: [],
  clobberPrefix: '',
  tagNames: [...(defaultSchema.tagNames ?? []).filter((tag) => tag !== 'input'), EMBED_TAG],
  attributes: {
    ...defaultSchema.attributes,
    [EMBED_TAG]: ['dataIndex', 'dataProblem'],
    '*': [...(defaultSchema.attributes?.['*'] ?? []).filter((attribute) => attribute !== 'id'), 'id'],
  },
  protocols: { href: ALLOWED_PROTOCOLS, src: ['http', 'https'] },
}

type Collected = { embeds: Embed[]; problems: Problem[]; images: ImageSource[] }

function collected(file: VFile): Collected {
  return (file.data.document ??= { embeds: [], problems: [], images: [] }) as Collected
}

declare module 'vfile' {
  interface DataMap {
    document: Collected
  }
}

type Positioned = { position?: { start: { line: number; column: number } } }
const placeOf = ({ position }: Positioned): Place =>
  position ? { line: position.start.line, column: position.start.column } : { line: null }

/** Where each line of a text starts, to turn an offset into its line and column. */
function lineStarts(source: string): number[] {
  const starts = [0]
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) starts.push(at + 1)
  return starts
}

function placeAt(starts: readonly number[], offset: number): Place {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (starts[middle]! <= offset) low = middle
    else high = middle - 1
  }
  return { line: low + 1, column: offset - starts[low]! + 1 }
}

/**
 * A warning for each price typed in a node's words (docs/decisions/077), code included: visitors read it too. The
 * line counts the words' own line breaks; the column is where the price is found in the node's source. A price
 * written otherwise (`&#36;5`) has only its line, and so have the node's later ones: no search reads it twice.
 */
function warnOfTypedPrices(node: Nodes, words: string, source: string, starts: readonly number[], found: Collected) {
  const { start, end } = node.position ?? {}
  if (!start || !end || start.offset === undefined) return
  const span = source.slice(start.offset, end.offset)
  let line = start.line + (node.type === 'code' && /^(?:```|~~~)/.test(span) ? 1 : 0)
  let counted = 0
  let cursor = 0
  for (const { index, price } of typedPrices(words)) {
    for (; counted < index; counted++) if (words.charCodeAt(counted) === 10) line += 1
    const at = span.indexOf(price, cursor)
    const place = at === -1 ? null : placeAt(starts, start.offset + at)
    cursor = place?.line === line ? at + price.length : span.length
    found.problems.push({
      ...(place?.line === line ? place : { line }),
      message: typedPriceMessage(price),
      warning: true,
    })
  }
}

/** Directives become embeds or problems; unknown `:words` in running text stay the text they were. */
const remarkEmbeds: Plugin<[], MdastRoot> = () => (tree, file) => {
  const found = collected(file)
  const source = String(file.value)
  const starts = lineStarts(source)
  const definitions = new Map<string, string>()
  const imageReferences: Array<Place & { identifier: string }> = []
  visit(tree, (node, index, parent) => {
    if (node.type === 'html') {
      found.problems.push({ ...placeOf(node), message: 'HTML is not allowed in the text: write it in Markdown.' })
      return
    }
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      warnOfTypedPrices(node, node.value, source, starts, found)
      return
    }
    if (node.type === 'definition') {
      const url = node.url.trim()
      definitions.set(node.identifier, url)
      if (isAmazonAddress(url)) found.problems.push({ ...placeOf(node), message: amazonLinkMessage(url) })
      return
    }
    if (node.type === 'imageReference') {
      warnOfTypedPrices(node, node.alt ?? '', source, starts, found)
      imageReferences.push({ ...placeOf(node), identifier: node.identifier })
      return
    }
    if (node.type === 'link' || node.type === 'image') {
      const url = node.url.trim()
      const ok = node.type === 'link' ? isAllowedHref(url) : url.length > 0
      if (!ok && parent && index !== undefined) {
        found.problems.push({
          ...placeOf(node),
          message: `The link "${url.slice(0, 80)}" is not allowed: use http(s), mailto or an address on this site.`,
        })
        parent.children.splice(index, 1, ...(node.type === 'link' ? node.children : []))
        return [SKIP, index]
      }
      if (node.type === 'link' && isAmazonAddress(url)) {
        found.problems.push({ ...placeOf(node), message: amazonLinkMessage(url) })
      }
      if (node.type === 'image') {
        warnOfTypedPrices(node, node.alt ?? '', source, starts, found)
        found.images.push({ ...placeOf(node), url })
      }
      return
    }
    if (node.type === 'heading') {
      const last = node.children.at(-1)
      const match = last?.type === 'text' ? HEADING_ID.exec(last.value) : null
      if (last?.type === 'text' && match) {
        last.value = last.value.slice(0, match.index)
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: match[1] } }
      }
      return
    }
    if (node.type !== 'textDirective' && node.type !== 'leafDirective' && node.type !== 'containerDirective') return
    if (!parent || index === undefined) return
    const directive = node as TextDirective | LeafDirective | ContainerDirective
    const form = directive.type === 'textDirective' ? 'text' : directive.type === 'leafDirective' ? 'leaf' : 'container'
    const checked = checkDirective(directive.name, form, directive.attributes ?? {})
    if (form === 'text' && !isDirectiveName(directive.name)) {
      // "at 10:30" or "Note:this" read as directives by the syntax: when the name is none of ours, it is text.
      const { start, end } = directive.position ?? {}
      const text: Text = {
        type: 'text',
        value: start && end ? source.slice(start.offset, end.offset) : `:${directive.name}`,
      }
      parent.children.splice(index, 1, text as never)
      return [SKIP, index + 1]
    }
    if ('problem' in checked) {
      found.problems.push({ ...placeOf(directive), message: checked.problem })
      directive.data = { hName: EMBED_TAG, hProperties: { dataProblem: found.problems.length - 1 }, hChildren: [] }
      return SKIP
    }
    found.embeds.push(checked.embed)
    const label: PhrasingContent[] = checked.embed.name === 'buy' ? (directive.children as PhrasingContent[]) : []
    directive.data = { hName: EMBED_TAG, hProperties: { dataIndex: found.embeds.length - 1 } }
    directive.children = label as never
    if (checked.embed.name === 'buy' && label.length === 0) {
      found.problems.push({
        ...placeOf(directive),
        message: ':buy needs its link text: :buy[Check the price]{asin="…"}.',
      })
    }
    return undefined
  })
  // An image written by reference (`![alt][name]`) shows its definition's address.
  for (const { identifier, ...place } of imageReferences) {
    const url = definitions.get(identifier)
    if (url) found.images.push({ ...place, url })
  }
  const productEmbeds = found.embeds.filter((embed) => PRODUCT_EMBEDS.has(embed.name)).length
  if (productEmbeds > DOCUMENT_LIMITS.embeds) {
    found.problems.push({
      line: null,
      message: `A text may hold up to ${DOCUMENT_LIMITS.embeds} embeds; this one holds ${productEmbeds}.`,
    })
  }
}

/** Links may leave for http(s) and mailto, or stay on this site (`/path`, `#part`); never `//host` or scripts. */
export function isAllowedHref(url: string): boolean {
  if (url.startsWith('#')) return true
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)
  return scheme !== null && ALLOWED_PROTOCOLS.includes(scheme[1]!.toLowerCase())
}

/**
 * Each id once, and none the page has already: those around the text, its comparisons' and its tables'. An id the
 * author wrote (`{#id}`) that is taken is a problem on its line. The other headings are named as GitHub names them
 * (github-slugger: "Which size?" is `which-size`, the next one `which-size-1`), stepping around what is taken;
 * the set is finite, so the steps end. A heading with no letters is a `section`.
 */
const rehypeIds: Plugin<[], HastRoot> = () => (tree, file) => {
  const found = collected(file)
  const compares = found.embeds.filter((embed) => embed.name === 'compare').length
  const taken = new Set(PAGE_IDS)
  for (let n = 1; n <= compares; n++) taken.add(`compare-${n}`).add(`compare-${n}-caption`)
  let tables = 0
  visit(tree, 'element', (node) => {
    if (node.tagName === 'table') taken.add(`table-${++tables}-caption`)
  })
  visit(tree, 'element', (node) => {
    const id = node.properties.id
    if (typeof id !== 'string') return
    const claims = idClaims(id, headingRank(node))
    if (claims.every((claim) => !taken.has(claim))) {
      for (const claim of claims) taken.add(claim)
      return
    }
    found.problems.push({ ...placeOf(node), message: `The id "${id}" is taken on the page: choose another.` })
    delete node.properties.id // a heading gets one of its own below
  })
  const slugger = new GithubSlugger()
  visit(tree, 'element', (node) => {
    const rank = headingRank(node)
    if (!rank || node.properties.id) return
    const words = textOf(node)
    const text = slug(words) ? words : 'section'
    let id = slugger.slug(text)
    while (idClaims(id, rank).some((claim) => taken.has(claim))) id = slugger.slug(text)
    for (const claim of idClaims(id, rank)) taken.add(claim)
    node.properties.id = id
  })
}

/** A paragraph "Table: …" right above a table becomes its caption, and a caption its id (tables are named by it). */
const rehypeTableCaptions: Plugin<[], HastRoot> = () => (tree) => {
  let count = 0
  visit(tree, 'element', (node, index, parent) => {
    if (node.tagName !== 'table' || !parent || index === undefined) return
    count += 1
    const before = previousElement(parent.children, index)
    const text = before && before.node.tagName === 'p' ? textOf(before.node) : ''
    const caption = text.startsWith('Table: ') ? text.slice('Table: '.length).trim() : ''
    if (!caption) return
    parent.children.splice(before!.index, index - before!.index)
    node.children.unshift({
      type: 'element',
      tagName: 'caption',
      properties: { id: `table-${count}-caption` },
      children: [{ type: 'text', value: caption }],
    })
    return [SKIP, before!.index + 1]
  })
}

/** A table's columns are headed by its first row and its rows by their first cell, as the site's tables are. */
const rehypeTableHeaders: Plugin<[], HastRoot> = () => (tree) => {
  visit(tree, 'element', (node, _index, parent) => {
    if (node.tagName !== 'tr' || parent?.type !== 'element') return
    const cells = node.children.filter((child): child is Element => child.type === 'element')
    if (parent.tagName === 'thead') for (const cell of cells) cell.properties.scope = 'col'
    else if (parent.tagName === 'tbody' && cells[0])
      Object.assign(cells[0], { tagName: 'th', properties: { ...cells[0].properties, scope: 'row' } })
  })
}

function previousElement(children: Array<RootContent | ElementContent>, index: number) {
  for (let at = index - 1; at >= 0; at--) {
    const child = children[at]!
    if (child.type === 'element') return { node: child, index: at }
    if (child.type === 'text' && child.value.trim() === '') continue
    return null
  }
  return null
}

export function textOf(node: Element | HastRoot): string {
  return node.children
    .map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : ''))
    .join('')
}

// Elements whose children are blocks: a line break between two of them is markup, not text.
const BLOCK_PARENTS = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'blockquote'])

/**
 * The tree as small as the page can have it, since it travels to the browser with the page's data: no positions
 * (only the problems' lines needed them), no line breaks between blocks.
 */
const rehypeCompact: Plugin<[], HastRoot> = () => (tree) => {
  visit(tree, (node, index, parent) => {
    delete node.position
    const between =
      parent && (parent.type === 'root' || (parent.type === 'element' && BLOCK_PARENTS.has(parent.tagName)))
    if (between && index !== undefined && node.type === 'text' && node.value.trim() === '') {
      parent.children.splice(index, 1)
      return index
    }
    return undefined
  })
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkEmbeds)
  .use(remarkRehype)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeIds)
  .use(rehypeTableCaptions)
  .use(rehypeTableHeaders)
  .use(rehypeCompact)

/** Parses a text (uncached): for saving, where every problem matters, and for the cache below. */
export function parseMarkdown(body: string): ParsedDocument {
  const file = new VFile({ value: body })
  const tree = processor.runSync(processor.parse(file), file)
  const { embeds, problems, images } = collected(file)
  const headings: Heading[] = tree.children
    .filter((node): node is Element => node.type === 'element' && node.tagName === 'h2')
    .map((node) => ({ id: String(node.properties.id ?? ''), text: textOf(node) }))
  return { tree, packedTree: packTree(tree), embeds, problems, images, headings }
}

const cache = new RecentMap<string, ParsedDocument>(500)

/** The parsed text, from memory when this text was parsed before (by its hash; the oldest entry goes first). */
export function parsedDocument(body: string): ParsedDocument {
  const key = createHash('sha256').update(body).digest('base64url')
  return cache.remember(key, () => parseMarkdown(body))
}

/** What a text's embeds name, for "used in" and link health (recorded by every save, and by the seed). */
export function embedTargets(embeds: readonly Embed[]): EmbedTarget[] {
  const targets = embeds.flatMap((embed): EmbedTarget[] => {
    if ('asin' in embed) return [{ type: 'product', target: embed.asin }]
    if ('asins' in embed) return embed.asins.map((asin) => ({ type: 'product', target: asin }))
    if ('category' in embed) return [{ type: 'category', target: embed.category }]
    if ('table' in embed) return [{ type: 'comparison', target: embed.table }]
    return []
  })
  return [...new Map(targets.map((target) => [`${target.type}:${target.target}`, target])).values()]
}
