import {
  clicksBy,
  clicksByCategory,
  clicksByDay,
  topProducts,
  viewedNotClicked,
  type DayRange,
} from '#app/models/analytics.server.ts'
import { earningsFacts, type EarningsDimension, type EarningsFacts } from '#app/models/earnings.server.ts'
import { rangeDays } from '#app/schemas/analytics.ts'
import {
  categoryCells,
  countryLabel,
  productCells,
  sourceLabel,
  storeLabel,
  type AnalyticsTable,
  type Cell,
} from '#app/utils/analytics.ts'
import { earningsCells, guideLabel, OTHER_ITEMS, placementLabel } from '#app/utils/earnings.ts'
import type { Executor } from '#db/client.ts'

// The analytics tables' rows as cells (app/utils/analytics.ts), for the page and for its CSV export alike. The
// four "what earns" tables come from one statement (app/models/earnings.server.ts), read once for all of them.

export async function readAnalyticsTables<T extends AnalyticsTable>(
  db: Executor,
  tables: readonly T[],
  range: DayRange,
  limit: number,
): Promise<Record<T, Cell[][]>> {
  let facts: Promise<EarningsFacts[]> | undefined
  const earnings = async (dimension: EarningsDimension) =>
    (await (facts ??= earningsFacts(db, range, limit))).filter((row) => row.dimension === dimension)
  const read = async (table: AnalyticsTable): Promise<Cell[][]> => {
    switch (table) {
      case 'earnings-by-day': {
        const byDay = new Map((await earnings('day')).map((row) => [row.key, row]))
        const none = { clicks: 0, ordered: 0, shipped: 0, revenue_cents: 0, earnings_cents: 0 }
        return rangeDays(range).map((day) => [day, ...earningsCells(byDay.get(day) ?? none)])
      }
      case 'earnings-by-placement':
        return (await earnings('placement')).map((row) => [placementLabel(row.key), ...earningsCells(row)])
      case 'earnings-by-guide':
        return (await earnings('guide')).map((row) => [guideLabel(row.key, row.title), ...earningsCells(row)])
      case 'earnings-by-product':
        return (await earnings('product')).map((row) =>
          row.product_id === null
            ? [OTHER_ITEMS, null, ...earningsCells(row)]
            : [row.title, row.asin, ...earningsCells(row)],
        )
      case 'days':
        return (await clicksByDay(db, range)).map((row) => [row.day, row.clicks, row.views])
      case 'products':
        return (await topProducts(db, range, limit)).map(productCells)
      case 'unclicked':
        return (await viewedNotClicked(db, range, limit)).map(productCells)
      case 'categories':
        return (await clicksByCategory(db, range, limit)).map(categoryCells)
      case 'stores':
        return (await clicksBy(db, 'store', range, limit)).map((row) => [storeLabel(row.key), row.clicks])
      case 'countries':
        return (await clicksBy(db, 'country', range, limit)).map((row) => [countryLabel(row.key), row.clicks])
      case 'sources':
        return (await clicksBy(db, 'source_path', range, limit)).map((row) => [sourceLabel(row.key), row.clicks])
    }
  }
  const entries = await Promise.all(tables.map(async (table) => [table, await read(table)] as const))
  return Object.fromEntries(entries) as Record<T, Cell[][]>
}
