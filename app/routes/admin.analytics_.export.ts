import { invariantResponse } from '@epic-web/invariant'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { stringify } from 'csv-stringify/sync'
import { readAnalyticsTables } from '#app/lib/analytics.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { parseAnalyticsRange } from '#app/schemas/analytics.ts'
import { exportFilename, isAnalyticsTable, isMoney, TABLES } from '#app/utils/analytics.ts'
import { neutraliseFormula } from '#app/utils/csv.ts'
import { dollarsNumber } from '#app/utils/earnings.ts'
import { isoDate } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// GET /admin/analytics/export?table=…&from=…&to=…: one of the analytics page's tables as CSV (docs/decisions/046),
// over the same range the page would show for that address. A ranking keeps more rows than the page's 20; at
// most a year of days or 1,000 rows, so it is built in memory, not streamed (admin.products.export.ts streams).

const EXPORT_ROWS = 1_000

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  const params = requestUrl(request).searchParams
  const table = params.get('table')
  invariantResponse(isAnalyticsTable(table), 'No such table.', { status: 404 })
  const timeZone = getEnv().REFRESH_TZ
  const range = parseAnalyticsRange(params, isoDate(new Date(), timeZone))
  const dayRange = { from: range.from, to: range.to, timeZone }
  const { [table]: rows } = await readAnalyticsTables(db, [table], dayRange, EXPORT_ROWS)
  // Amounts as numbers of dollars, so a spreadsheet adds them up (and a negative one is no formula).
  const cells = rows.map((row) => row.map((cell) => (isMoney(cell) ? dollarsNumber(cell.cents) : cell)))
  const csv = stringify([TABLES[table].headings, ...cells], {
    // Titles, page paths and labels are text others wrote: never a formula in a spreadsheet.
    cast: { string: neutraliseFormula },
  })
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFilename(table, range)}"`,
      'Cache-Control': 'no-store',
    },
  })
}
