import {
  clicksBy,
  clicksByCategory,
  clicksByDay,
  topProducts,
  viewedNotClicked,
  type DayRange,
} from '#app/models/analytics.server.ts'
import {
  categoryCells,
  countryLabel,
  productCells,
  sourceLabel,
  storeLabel,
  type AnalyticsTable,
  type Cell,
} from '#app/utils/analytics.ts'
import type { Executor } from '#db/client.ts'

// One analytics table's rows as cells (app/utils/analytics.ts), for the page and for its CSV export alike.

export async function readAnalyticsTable(
  db: Executor,
  table: AnalyticsTable,
  range: DayRange,
  limit: number,
): Promise<Cell[][]> {
  switch (table) {
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
