import type { ProductCardProps } from '#app/components/product-card.tsx'
import type { ComparisonColumn, TableSort } from '#app/schemas/comparison.ts'
import type { Embed } from '#app/schemas/embeds.ts'
import type { ComparisonRow } from './comparison.ts'
import type { ShownPrice } from './pricing.ts'

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
      rows: ComparisonRow[]
      sort: TableSort | null
      prefix: string
      asOf: string | null
    }
  | { name: 'price'; asin: string; price: ShownPrice; asOf: string | null }
  | { name: 'buy'; asin: string }
  | { name: 'sizes-chart'; variant: 'by-era' | 'all-eras' }
  | { name: 'sleeve-table'; material: string; rows: ComparisonRow[]; sort: TableSort | null }
  | { name: 'prices-as-of' }
  | { name: 'site-name' }
  | { name: 'missing'; of: Embed['name']; reason: string }

/** What a loader sends for a document's text. */
export interface DocumentView {
  /** The text's tree, packed (document-tree.ts). */
  tree: string
  headings: Heading[]
  embeds: ResolvedEmbed[]
  pricesAsOf: string | null
  /** Only in the author's preview. */
  problems?: Problem[]
}
