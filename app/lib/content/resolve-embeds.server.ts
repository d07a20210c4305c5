import { SLEEVE_TABLE_COLUMNS } from '#app/components/document/sleeve-table.tsx'
import { visibleCategory } from '#app/lib/kept-reads.server.ts'
import { getComparisonBySlug, listComparisonRows, listTopSleeves } from '#app/models/comparison.server.ts'
import { listEmbeddableProducts } from '#app/models/document.server.ts'
import { listTopCategoryProducts } from '#app/models/product.server.ts'
import { ALL_COLUMNS, parseTableSort, type ComparisonColumn, type TableSort } from '#app/schemas/comparison.ts'
import type { Embed } from '#app/schemas/embeds.ts'
import {
  shownRow,
  sortRows,
  toComparisonRow,
  type ComparisonRow,
  type ShownComparisonRow,
} from '#app/utils/comparison.ts'
import type { ResolvedEmbed } from '#app/utils/document-view.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { oldestPriceTime, type DisplayPrice } from '#app/utils/pricing.ts'
import { pricedCard } from '#app/utils/product-card.server.ts'
import type { Executor } from '#db/client.ts'

/**
 * What a document's embeds show, read when the page is served (docs/decisions/052): the text is parsed once, the
 * products are read every time, so an embedded price is as fresh as a product page's. An embed a visitor cannot
 * see (a product hidden, unknown or refused by Amazon, a table or category that is gone) resolves to its reason,
 * which only the author's preview shows.
 */

export interface ResolvedEmbeds {
  embeds: ResolvedEmbed[]
  /** Every price the page shows: its cache lifetime ends when the first of them turns 24 hours old. */
  prices: DisplayPrice[]
  /** When the oldest current price shown was taken (the "Prices as of" line), in the shop's time zone. */
  pricesAsOf: string | null
}

/** Columns of a comparison made in the text from ASINs: the figures every product has. */
const ASIN_COMPARE_COLUMNS: readonly ComparisonColumn[] = [
  'kind',
  'size',
  'material',
  'pack_count',
  'price',
  'unit_price',
  'rating',
]
const SLEEVE_TABLE_ROWS = 8

export async function resolveEmbeds(
  db: Executor,
  embeds: readonly Embed[],
  {
    now = new Date(),
    params = new URLSearchParams(),
    timeZone,
  }: { now?: Date; params?: URLSearchParams; timeZone: string },
): Promise<ResolvedEmbeds> {
  const asOf = (price: DisplayPrice) => (price.current ? formatDateTime(price.asOf, timeZone) : null)
  const oldest = (prices: readonly DisplayPrice[]) => {
    const time = oldestPriceTime(prices)
    return time ? formatDateTime(time, timeZone) : null
  }
  // Every price a table shows, whole: its rows carry only what they show of it.
  const tablePrices: DisplayPrice[] = []
  const shown = (rows: ComparisonRow[], sort: TableSort | null): ShownComparisonRow[] => {
    tablePrices.push(...rows.map((row) => row.price))
    return sortRows(rows, sort).map(shownRow)
  }
  const asins = embeds.flatMap((embed) => ('asin' in embed ? [embed.asin] : 'asins' in embed ? embed.asins : []))
  const products = new Map((await listEmbeddableProducts(db, [...new Set(asins)])).map((row) => [row.asin, row]))
  // Every price a card or an inline price shows, whole: the cards carry only what they show of it.
  const cardPrices: DisplayPrice[] = []
  const card = (row: Parameters<typeof pricedCard>[0]) => {
    const priced = pricedCard(row, now)
    cardPrices.push(priced.price)
    return priced
  }

  /** The product a visitor may see, or why not. */
  type Row = NonNullable<ReturnType<typeof products.get>>
  function product(asin: string): { row: Row } | { row?: undefined; reason: string } {
    const row = products.get(asin)
    if (!row) return { reason: `${asin} is not in the catalogue.` }
    if (row.soft_hidden) return { reason: `${asin} (${row.title}) is hidden.` }
    if (row.rejected) return { reason: `${asin} (${row.title}) was refused by Amazon at the last refresh.` }
    return { row }
  }
  let compares = 0

  const resolved = await Promise.all(
    embeds.map(async (embed): Promise<ResolvedEmbed> => {
      const missing = (reason: string): ResolvedEmbed => ({ name: 'missing', of: embed.name, reason })
      switch (embed.name) {
        case 'product':
        case 'price':
        case 'buy': {
          const found = product(embed.asin)
          if (!found.row) return missing(found.reason)
          if (embed.name === 'buy') return { name: 'buy', asin: embed.asin }
          const { card: shownCard, price } = card(found.row)
          if (embed.name === 'product') return { name: 'product', card: shownCard, asOf: asOf(price) }
          return { name: 'price', asin: embed.asin, price: shownCard.price, asOf: asOf(price) }
        }
        case 'products': {
          if ('asins' in embed) {
            const rows = embed.asins.flatMap((asin) => product(asin).row ?? [])
            if (rows.length === 0) return missing(`None of ${embed.asins.join(', ')} can be shown.`)
            return { name: 'products', cards: rows.map((row) => card(row).card) }
          }
          const category = await visibleCategory(embed.category)
          if (!category) return missing(`The category "${embed.category}" does not exist or is hidden.`)
          const rows = await listTopCategoryProducts(db, category.id, embed.sort, embed.limit)
          if (rows.length === 0) return missing(`The category "${embed.category}" has no products to show.`)
          return { name: 'products', cards: rows.map((row) => card(row).card) }
        }
        case 'compare': {
          compares += 1
          const prefix = `compare-${compares}`
          if ('asins' in embed) {
            const rows = embed.asins.flatMap((asin) => product(asin).row ?? [])
            if (rows.length < 2)
              return missing(`A comparison needs two products that can be shown: ${embed.asins.join(', ')}.`)
            const sort = parseTableSort(params, ASIN_COMPARE_COLUMNS, prefix)
            const compared = rows.map((row) => toComparisonRow(row, now))
            return {
              name: 'compare',
              caption: `${compared.length} products compared`,
              columns: ASIN_COMPARE_COLUMNS,
              rows: shown(compared, sort),
              sort,
              prefix,
              asOf: oldest(compared.map((row) => row.price)),
            }
          }
          const table = await getComparisonBySlug(db, embed.table)
          if (!table) return missing(`The comparison table "${embed.table}" does not exist.`)
          const rows = (await listComparisonRows(db, table.id)).map((row) => toComparisonRow(row, now))
          if (rows.length === 0) return missing(`The comparison table "${embed.table}" has no products to show.`)
          const columns = ALL_COLUMNS.filter((column) => table.columns.includes(column))
          const sort = parseTableSort(params, columns, prefix)
          return {
            name: 'compare',
            caption: table.name,
            columns,
            rows: shown(rows, sort),
            sort,
            prefix,
            asOf: oldest(rows.map((row) => row.price)),
          }
        }
        case 'sleeve-table': {
          const rows = (await listTopSleeves(db, embed.material, SLEEVE_TABLE_ROWS)).map((row) =>
            toComparisonRow(row, now),
          )
          const sort = parseTableSort(params, SLEEVE_TABLE_COLUMNS, embed.material)
          return { name: 'sleeve-table', material: embed.material, rows: shown(rows, sort), sort }
        }
        case 'sizes-chart':
          return { name: 'sizes-chart', variant: embed.variant }
        default:
          return { name: embed.name }
      }
    }),
  )
  const prices = [...tablePrices, ...cardPrices]
  return { embeds: resolved, prices, pricesAsOf: oldest(prices) }
}
