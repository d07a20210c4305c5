import type { ComparisonColumn } from '#app/schemas/comparison.ts'
import type { ProductAsin } from './products.ts'

export interface SeedComparison {
  slug: string
  name: string
  description: string
  /** In the order of COMPARISON_COLUMNS (app/schemas/comparison.ts), as the admin form saves them. */
  columns: readonly ComparisonColumn[]
  /** The rows, in this order. */
  asins: readonly ProductAsin[]
}

/**
 * The demo comparison tables (docs/decisions/042), published at /compare/{slug}. `golden-age-sleeves` is the one the
 * guide "How to bag and board a Golden Age run" embeds (::compare{table="golden-age-sleeves"}): the catalogue's
 * three Golden Age sleeves and bags, one of each material.
 */
export const comparisons = [
  {
    slug: 'golden-age-sleeves',
    name: 'Golden Age sleeves and bags',
    description:
      'Every Golden Age (1938-1956) sleeve and bag in the catalogue, one of each material: archival Mylar, thick polypropylene and soft polyethylene, all 7 3/4 x 10 1/2 in.',
    columns: ['size', 'thickness', 'material', 'pack_count', 'archival', 'price', 'unit_price', 'rating'],
    asins: ['B073TEQUFH', 'B07UXN1ZEK', 'B08FZ5ZRM4'],
  },
] as const satisfies readonly SeedComparison[]
