import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { AnalyticsSection } from '#app/components/admin/analytics-section.tsx'
import { FilterField } from '#app/components/admin/filter-field.tsx'
import { selectClass, smallButtonClass } from '#app/components/admin/settings-table.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Link } from '#app/components/link.tsx'
import { readAnalyticsTables } from '#app/lib/analytics.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { EARLIEST_DAY, parseAnalyticsRange } from '#app/schemas/analytics.ts'
import { ANALYTICS_TABLES, cellNumber, exportHref, type AnalyticsTable } from '#app/utils/analytics.ts'
import { EARNINGS_COLUMN, formatDollars } from '#app/utils/earnings.ts'
import { isoDate } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/analytics (docs/decisions/046): clicks to Amazon and product-page views over a range of days in the site's
// time zone, bots left out; each section a chart beside its table, and the table as CSV. The range is a GET form,
// so it works without JavaScript; whatever the address says becomes a sane range (app/schemas/analytics.ts). Then
// what earns (decision 081): the imported reports' orders and earnings beside the clicks, by day, placement,
// guide and product.

/** Rows per ranking on the page (the CSV export has more). */
const TOP = 20

const NOTES: Partial<Record<AnalyticsTable, string>> = {
  'earnings-by-day':
    'Clicks by the day they were made here; orders and earnings by the day Amazon’s reports give (ordered, shipped).',
  'earnings-by-placement':
    'Earnings reach a placement through its tracking ID. Placements without one of their own, the store’s tag and tags that are not ours all earn under the default tag, so their clicks show here without earnings.',
  'earnings-by-guide': `The ${TOP} guides that earned most. A guide earns through its own tracking ID; one tracking ID for every guide shows as all guides.`,
  'earnings-by-product': `The ${TOP} products that earned most. Other items: what visitors bought that we do not carry, which Amazon pays for too.`,
  products: `The ${TOP} most clicked products, then the most viewed. CTR: clicks made on the product's page per view of it.`,
  unclicked: `The ${TOP} most viewed products that nobody clicked through to Amazon in this range.`,
  categories: 'By each product’s category today.',
  sources: `The ${TOP} pages of this site that sent the most clicks.`,
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  const timeZone = getEnv().REFRESH_TZ
  const today = isoDate(new Date(), timeZone)
  const range = parseAnalyticsRange(requestUrl(request).searchParams, today)
  const dayRange = { from: range.from, to: range.to, timeZone }
  const rows = await readAnalyticsTables(db, ANALYTICS_TABLES, dayRange, TOP)
  const totals = rows.days.reduce(
    (sum, [, clicks, views]) => ({ ...sum, clicks: sum.clicks + Number(clicks), views: sum.views + Number(views) }),
    { clicks: 0, views: 0, earningsCents: 0 },
  )
  for (const row of rows['earnings-by-day']) totals.earningsCents += cellNumber(row[1 + EARNINGS_COLUMN]!) * 100
  return data({ range, today, timeZone, rows, totals }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: MetaFunction = () => [{ title: 'Analytics | Admin' }]

export default function Analytics() {
  const { range, today, timeZone, rows, totals } = useLoaderData<typeof loader>()
  const canImport = can(usePanelUser().role, 'manage-settings')
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Analytics</h1>
      {canImport ? (
        <p>
          <Link to="/admin/analytics/import" className="font-medium underline">
            Import Associates reports
          </Link>
        </p>
      ) : null}
      <Form method="get" aria-label="Date range" className="flex flex-wrap items-end gap-3">
        <DateInput id="analytics-from" name="from" label="From" value={range.from} max={today} />
        <DateInput id="analytics-to" name="to" label="To" value={range.to} max={today} />
        <button type="submit" className={smallButtonClass}>
          Show
        </button>
      </Form>
      <div className="text-sm text-slate-700">
        <p>
          Showing {range.from} to {range.to} ({range.days} {range.days === 1 ? 'day' : 'days'}, {timeZone}):{' '}
          {totals.clicks.toLocaleString('en-US')} {totals.clicks === 1 ? 'click' : 'clicks'} to Amazon and{' '}
          {totals.views.toLocaleString('en-US')} product-page {totals.views === 1 ? 'view' : 'views'}, bots left out;{' '}
          {formatDollars(totals.earningsCents)} earned by the imported reports.
        </p>
        {range.adjusted ? (
          <p className="mt-1 font-medium">
            The dates asked for were adjusted: a range runs from {EARLIEST_DAY} to today, at most 366 days, first day
            first.
          </p>
        ) : null}
      </div>
      {ANALYTICS_TABLES.map((table) => (
        <AnalyticsSection
          key={table}
          table={table}
          rows={rows[table]}
          note={NOTES[table]}
          csvHref={exportHref(table, range)}
        />
      ))}
    </div>
  )
}

/** A day of the range: a plain date field (a GET filter has nothing to refuse; docs/decisions/037). */
function DateInput({
  id,
  name,
  label,
  value,
  max,
}: {
  id: string
  name: string
  label: string
  value: string
  max: string
}) {
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        min={EARLIEST_DAY}
        max={max}
        className={`mt-1 block ${selectClass}`}
      />
    </FilterField>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary landmark={false} home={{ to: '/admin', label: 'Back to Dashboard' }} />
}
