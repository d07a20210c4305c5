import type { ProductCardProps } from '#app/components/product-card.tsx'
import type { ComparisonColumn, TableSort } from '#app/schemas/comparison.ts'
import type { Embed } from '#app/schemas/embeds.ts'
import type { ShownComparisonRow } from './comparison.ts'
import type { ShownPrice } from './pricing.ts'
import { RecentMap } from './recent-map.ts'

// What a loader sends for an owner's text (docs/decisions/052), shared by the server that makes it and the
// components that draw it.

/** Something wrong with the text, said to its author with its line and, when known, its column. */
export interface Problem {
  line: number | null
  column?: number
  message: string
  /** Said at every save but refusing none: the author decides (docs/decisions/077). */
  warning?: true
}

/** "Line 3, column 12: …", as the preview lists a problem and a save reports it. */
export function problemText({ line, column, message }: Problem): string {
  if (line === null) return message
  return column === undefined ? `Line ${line}: ${message}` : `Line ${line}, column ${column}: ${message}`
}

/** The first three problems with their places, and how many more there are: a save's refusal or its warnings. */
export function listedProblems(problems: readonly Problem[]): string {
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''
  return `${problems.slice(0, 3).map(problemText).join(' ')}${more}`
}

/** A second-level heading, for the contents. */
export interface Heading {
  id: string
  text: string
}

/** What an embed shows, read when the page is served; `missing` says why a visitor sees nothing. */
export type ResolvedEmbed =
  | { name: 'product'; card: ProductCardProps; asOf: string | null }
  | { name: 'products'; cards: ProductCardProps[] }
  | {
      name: 'compare'
      caption: string
      columns: readonly ComparisonColumn[]
      rows: ShownComparisonRow[]
      sort: TableSort | null
      prefix: string
      asOf: string | null
    }
  | { name: 'price'; asin: string; price: ShownPrice; asOf: string | null }
  | { name: 'buy'; asin: string }
  | { name: 'sizes-chart'; variant: 'by-era' | 'all-eras' }
  | { name: 'sleeve-table'; material: string; rows: ShownComparisonRow[]; sort: TableSort | null }
  | { name: 'prices-as-of' }
  | { name: 'site-name' }
  | { name: 'missing'; of: Embed['name']; reason: string }

/** What a loader sends for a document's text. */
export interface DocumentView {
  /** The text's tree, packed (document-tree.ts). */
  tree: string
  headings: Heading[]
  /** What each embed shows, packed (`packEmbeds`). */
  embeds: string
  pricesAsOf: string | null
  /** Only in the author's preview. */
  problems?: Problem[]
}

// The server draws a page right after its loader packed the embeds: what it packed for the latest pages is kept
// by its string, so drawing parses nothing. A browser packs nothing, and parses.
const packedLately = new RecentMap<string, ResolvedEmbed[]>(32)

/**
 * The embeds travel as one JSON string, like the tree (docs/decisions/069): Remix's serializer walks every object
 * of the page's data on each request, and a guide's cards and tables were most of them. They hold only strings,
 * numbers, booleans and nulls (a table's rows carry their shown price, not its times), so JSON keeps them whole.
 */
export function packEmbeds(embeds: ResolvedEmbed[]): string {
  const packed = JSON.stringify(embeds)
  packedLately.set(packed, embeds)
  return packed
}

export const unpackEmbeds = (packed: string): ResolvedEmbed[] =>
  packedLately.get(packed) ?? (JSON.parse(packed) as ResolvedEmbed[])
