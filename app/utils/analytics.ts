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
] as const
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number]

export const isAnalyticsTable = (value: unknown): value is AnalyticsTable =>
  ANALYTICS_TABLES.includes(value as AnalyticsTable)

/** A cell: text, a count, or null for "no value" (a rate without views). */
export type Cell = string | number | null

export interface TableShape {
  title: string
  headings: readonly string[]
  /** The chart: its layout, the column naming each bar and the column it measures. */
  chart: { layout: 'columns' | 'rows'; label: number; value: number }
}

const PRODUCT_HEADINGS = ['Product', 'ASIN', 'Clicks', 'Views', 'Clicks on its page', 'CTR (%)'] as const

export const TABLES: Record<AnalyticsTable, TableShape> = {
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
