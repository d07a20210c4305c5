import type { ProductCardProps } from '#app/components/product-card.tsx'
import type { ComparisonColumn, TableSort } from '#app/schemas/comparison.ts'
import type { Embed } from '#app/schemas/embeds.ts'
import type { ShownComparisonRow } from './comparison.ts'
import type { ShownPrice } from './pricing.ts'
import { RecentMap } from './recent-map.ts'

// What a loader sends for an owner's text (docs/decisions/052), shared by the server that makes it and the
// components that draw it.

/** Something wrong with the text, said to its author with its line. */
export interface Problem {
  line: number | null
  message: string
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
