import { EARNINGS_COLUMN, EARNINGS_HEADINGS } from './earnings.ts'
import { STORES } from './stores.ts'

/**
 * The analytics page's tables (docs/decisions/046), shared by the page and its CSV export so both say the same
 * thing: each table's headings, its rows as cells, which columns its chart draws, its export's address and name.
 */

export const ANALYTICS_TABLES = [
  'days',
  'products',
  'unclicked',
  'categories',
  'stores',
  'countries',
  'sources',
  'earnings-by-day',
  'earnings-by-placement',
  'earnings-by-guide',
  'earnings-by-product',
] as const
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number]

export const isAnalyticsTable = (value: unknown): value is AnalyticsTable =>
  ANALYTICS_TABLES.includes(value as AnalyticsTable)

/** An amount of money, in cents (a rate per click may have fractions of a cent). */
export interface Money {
  cents: number
}

/** A cell: text, a count, an amount, or null for "no value" (a rate without views or clicks). */
export type Cell = string | number | Money | null

export const isMoney = (cell: Cell): cell is Money => typeof cell === 'object' && cell !== null

/** A cell's number for a chart: an amount in dollars. */
export const cellNumber = (cell: Cell): number => (isMoney(cell) ? cell.cents / 100 : Number(cell))

export interface TableShape {
  title: string
  headings: readonly string[]
  /**
   * The chart: bars (the column naming each bar and the column it measures), or clicks and earnings over time
   * (the day, and the two columns).
   */
  chart:
    | { layout: 'columns' | 'rows'; label: number; value: number }
    | { layout: 'clicks-and-earnings'; label: number; clicks: number; earnings: number }
}

const PRODUCT_HEADINGS = ['Product', 'ASIN', 'Clicks', 'Views', 'Clicks on its page', 'CTR (%)'] as const

/** A "what earns" table: its key's headings, then the numbers (app/utils/earnings.ts), charted by earnings. */
function earningsTable(title: string, keyHeadings: readonly string[]): TableShape {
  const earnings = keyHeadings.length + EARNINGS_COLUMN
  return {
    title,
    headings: [...keyHeadings, ...EARNINGS_HEADINGS],
    chart: { layout: 'rows', label: 0, value: earnings },
  }
}

export const TABLES: Record<AnalyticsTable, TableShape> = {
  'earnings-by-day': {
    title: 'Earnings by day',
    headings: ['Day', ...EARNINGS_HEADINGS],
    chart: { layout: 'clicks-and-earnings', label: 0, clicks: 1, earnings: 1 + EARNINGS_COLUMN },
  },
  'earnings-by-placement': earningsTable('Earnings by placement', ['Placement']),
  'earnings-by-guide': earningsTable('Earnings by guide', ['Guide']),
  'earnings-by-product': earningsTable('Earnings by product', ['Product', 'ASIN']),
  days: {
    title: 'Clicks by day',
    headings: ['Day', 'Clicks', 'Views'],
    chart: { layout: 'columns', label: 0, value: 1 },
  },
  products: { title: 'Top products', headings: PRODUCT_HEADINGS, chart: { layout: 'rows', label: 0, value: 2 } },
  unclicked: {
    title: 'Viewed, never clicked',
    headings: PRODUCT_HEADINGS,
    chart: { layout: 'rows', label: 0, value: 3 },
  },
  categories: {
    title: 'By category',
    headings: ['Category', 'Clicks', 'Views', 'Clicks on product pages', 'CTR (%)'],
    chart: { layout: 'rows', label: 0, value: 1 },
  },
  stores: { title: 'By store', headings: ['Store', 'Clicks'], chart: { layout: 'rows', label: 0, value: 1 } },
  countries: { title: 'By country', headings: ['Country', 'Clicks'], chart: { layout: 'rows', label: 0, value: 1 } },
  sources: {
    title: 'By source page',
    headings: ['Page', 'Clicks'],
    chart: { layout: 'rows', label: 0, value: 1 },
  },
}

/**
 * Click-through rate in percent, one decimal: the clicks made on a product's page per view of that page; null
 * without views (nothing to divide by).
 */
export function clickThroughRate(pageClicks: number, views: number): number | null {
  return views > 0 ? Math.round((pageClicks / views) * 1000) / 10 : null
}

export function productCells(row: {
  title: string
  asin: string
  clicks: number
  page_clicks: number
  views: number
}): Cell[] {
  return [row.title, row.asin, row.clicks, row.views, row.page_clicks, clickThroughRate(row.page_clicks, row.views)]
}

export function categoryCells(row: {
  category: string | null
  clicks: number
  page_clicks: number
  views: number
}): Cell[] {
  return [
    row.category ?? 'No category',
    row.clicks,
    row.views,
    row.page_clicks,
    clickThroughRate(row.page_clicks, row.views),
  ]
}

export function storeLabel(code: string | null): string {
  if (!code) return 'Unknown'
  const store = STORES.find((candidate) => candidate.code === code)
  return store ? `${store.name} (${code})` : code
}

let regionNames: Intl.DisplayNames | undefined

export function countryLabel(code: string | null): string {
  if (!code) return 'Unknown'
  regionNames ??= new Intl.DisplayNames('en', { type: 'region', fallback: 'code' })
  const name = regionNames.of(code)
  return name && name !== code ? `${name} (${code})` : code
}

export const sourceLabel = (path: string | null): string => path ?? 'External or unknown'

/** The CSV of one table over a range. */
export function exportHref(table: AnalyticsTable, range: { from: string; to: string }): string {
  return `/admin/analytics/export?${new URLSearchParams({ table, from: range.from, to: range.to })}`
}

export function exportFilename(table: AnalyticsTable, range: { from: string; to: string }): string {
  return `analytics-${table}-${range.from}-to-${range.to}.csv`
}
