import type { ComparisonColumn, TableSort } from '#app/schemas/comparison.ts'
import { ERAS, kindLabel, materialLabel, specsOf, type ProductSpecs } from '#app/schemas/product-specs.ts'
import {
  pricedProduct,
  shownPrice,
  unitAmount,
  type DisplayPrice,
  type PriceFields,
  type ShownPrice,
  type UnitPrice,
} from './pricing.ts'

/** A product as a comparison table shows it: the price decided once, on the server, at render time. */
export interface ComparisonRow {
  asin: string
  title: string
  specs: ProductSpecs
  price: DisplayPrice
  unitPrice: UnitPrice | null
  rating: number
  review_count: number
}

export function toComparisonRow(
  row: PriceFields & ProductSpecs & { asin: string; title: string; rating: string; review_count: number },
  now: Date,
): ComparisonRow {
  return { ...pricedProduct(row, now), specs: specsOf(row) }
}

type SortValue = number | string | null

/** What a column sorts by; null (unknown, or a price too old to show) always sorts last. */
function sortValue(column: ComparisonColumn, row: ComparisonRow): SortValue {
  const { specs, price } = row
  const number = (value: string | null) => (value === null ? null : Number(value))
  switch (column) {
    case 'kind':
      return specs.kind && kindLabel(specs.kind)
    case 'fits': {
      // By the oldest-sized era it fits, in the sizes guide's order.
      const positions = specs.fits.map((era) => ERAS.findIndex((known) => known.id === era))
      return positions.length ? Math.min(...positions) : null
    }
    case 'size':
      return specs.inner_width === null || specs.inner_height === null
        ? null
        : Number(specs.inner_width) * Number(specs.inner_height)
    case 'thickness':
      return number(specs.thickness_mil)
    case 'material':
      return specs.material && materialLabel(specs.material)
    case 'pack_count':
      return specs.pack_count
    case 'capacity':
      return specs.capacity
    case 'archival':
      return Number(specs.acid_free) + Number(specs.buffered) + Number(specs.resealable)
    case 'price':
      return price.current ? price.amount : null
    case 'unit_price':
      // A single item's unit price is its price.
      return unitAmount(price, specs) ?? (price.current ? price.amount : null)
    case 'rating':
      return row.rating
    case 'review_count':
      return row.review_count
  }
}

/**
 * A row as a table draws it, in the page's data: its price as shown only. The amount and times stay on the server,
 * which sorts by them and ends the page's cache lifetime by them.
 */
export type ShownComparisonRow = Omit<ComparisonRow, 'price'> & { price: ShownPrice }

export const shownRow = (row: ComparisonRow): ShownComparisonRow => ({ ...row, price: shownPrice(row.price) })

/** The rows in the sort's order, unknowns last either way; ties (and no sort) keep the order given. */
export function sortRows<Row extends ComparisonRow>(rows: readonly Row[], sort: TableSort | null): Row[] {
  if (!sort) return [...rows]
  const sign = sort.dir === 'asc' ? 1 : -1
  const keyed = rows.map((row, index) => ({ row, index, value: sortValue(sort.column, row) }))
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1
    }
    const order = typeof a.value === 'string' ? a.value.localeCompare(String(b.value)) : a.value - (b.value as number)
    return order === 0 ? a.index - b.index : sign * order
  })
  return keyed.map((entry) => entry.row)
}
