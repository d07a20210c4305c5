import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { AmazonApiCard } from '#app/components/admin/amazon-api-card.tsx'
import { ClicksChart } from '#app/components/admin/clicks-chart.tsx'
import { TopEarners } from '#app/components/admin/top-earners.tsx'
import { Link } from '#app/components/link.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { getApiState } from '#app/models/amazon-api-state.server.ts'
import { countStalePrices, getCatalogueCounts, getClicksPerDay } from '#app/models/dashboard.server.ts'
import { countGuidesWithBrokenEmbeds } from '#app/models/document.server.ts'
import { topEarners } from '#app/models/earnings.server.ts'
import { countOpenProblems, listFeaturedWithProblems } from '#app/models/link-health.server.ts'
import { getLatestRefresh } from '#app/models/refresh-log.server.ts'
import { LINK_HEALTH_PATH } from '#app/schemas/link-health.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'

// /admin (SPEC §2): the four counters, the last refresh, link health (docs/decisions/047), the guides and how many
// of them embed something a visitor cannot see (decision 052), Amazon's API: the prices it left stale and its
// refusal (decision 078), outbound clicks over 30 days, and the guides and products that earned most in them
// (decision 081).

const CHART_DAYS = 30
/** Guides and products named among the top earners. */
const TOP_EARNERS = 5
/** Featured products with problems named on the card; the tab lists them all. */
const FEATURED_NAMED = 10
const GUIDES_PATH = '/admin/guides'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  const timeZone = getEnv().REFRESH_TZ
  const [
    { guides: publishedGuides, ...counts },
    refresh,
    clicks,
    problems,
    featuredWithProblems,
    brokenGuides,
    earners,
    stalePrices,
    apiState,
  ] = await Promise.all([
    getCatalogueCounts(db),
    getLatestRefresh(db),
    getClicksPerDay(db, CHART_DAYS, timeZone),
    countOpenProblems(db),
    listFeaturedWithProblems(db, FEATURED_NAMED),
    countGuidesWithBrokenEmbeds(db),
    topEarners(db, CHART_DAYS, timeZone, TOP_EARNERS),
    countStalePrices(db),
    getApiState(db),
  ])
  return {
    counts,
    linkHealth: { ...problems, featured: featuredWithProblems },
    guides: { published: publishedGuides, broken: brokenGuides },
    refresh: refresh
      ? {
          when: formatDateTime(refresh.refresh_date, timeZone),
          status: refresh.status,
          updated: refresh.updated_count,
          failed: refresh.failed_count,
          message: refresh.message,
        }
      : null,
    clicks,
    earners,
    amazonApi: {
      stalePrices,
      refusal: apiState.refused_since
        ? {
            since: formatDateTime(apiState.refused_since, timeZone),
            code: apiState.refusal_code,
            message: apiState.refusal_message,
          }
        : null,
    },
  }
}

export const meta: MetaFunction = () => [{ title: 'Dashboard | Admin' }]

export default function Dashboard() {
  const { counts, refresh, clicks, linkHealth, guides, earners, amazonApi } = useLoaderData<typeof loader>()
  const counters = [
    { label: 'Total Products', value: counts.products },
    { label: 'Categories', value: counts.categories },
    { label: 'Media Files', value: counts.media },
    { label: 'Featured Products', value: counts.featured },
  ]
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {counters.map((counter) => (
          <div key={counter.label} className="rounded-lg border border-slate-200 bg-white p-5">
            <dt className="text-sm font-medium text-slate-600">{counter.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900">{counter.value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card id="quick-actions" title="Quick actions">
          <p className="mt-2 text-sm text-slate-700">
            Use the navigation above to curate products and moderate reviews, organise categories, and manage the media
            library. Product prices, pictures and ratings refresh from Amazon every night at 3:15 AM.
          </p>
        </Card>
        <Card id="last-refresh" title="Last refresh">
          {refresh ? (
            <dl className="mt-2 space-y-1 text-sm text-slate-700">
              <div>
                <dt className="inline font-medium">When: </dt>
                <dd className="inline">{refresh.when}</dd>
              </div>
              <div>
                <dt className="inline font-medium">Status: </dt>
                <dd className="inline">{refresh.status}</dd>
              </div>
              <div>
                <dt className="inline font-medium">Updated / failed: </dt>
                <dd className="inline">
                  {refresh.updated} / {refresh.failed}
                </dd>
              </div>
              {refresh.message ? (
                <div>
                  <dt className="inline font-medium">Message: </dt>
                  <dd className="inline">{refresh.message}</dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-slate-700">No refresh has run yet.</p>
          )}
        </Card>
        <Card id="link-health" title="Link health">
          <LinkHealthSummary {...linkHealth} />
        </Card>
        <Card id="guides" title="Guides">
          <GuidesSummary {...guides} />
        </Card>
        <AmazonApiCard {...amazonApi} />
        <Card id="clicks" title="Clicks to Amazon, last 30 days" className="lg:col-span-2">
          <ClicksChart days={clicks} />
          <p className="mt-2 text-sm">
            <Link to="/admin/analytics" className="font-medium text-slate-900 underline">
              Click analytics
            </Link>
          </p>
        </Card>
        <TopEarners days={CHART_DAYS} {...earners} />
      </div>
    </div>
  )
}

/** The open link problems, and the featured products (the home page's carousel) among them. */
function LinkHealthSummary({
  open,
  unseen,
  featured,
}: {
  open: number
  unseen: number
  featured: Array<{ id: number; title: string }>
}) {
  if (open === 0) return <p className="mt-2 text-sm text-slate-700">No open link problems.</p>
  return (
    <div className="mt-2 space-y-2 text-sm text-slate-700">
      <p>
        <Link to={LINK_HEALTH_PATH} className="font-medium text-brand-700 underline">
          {open.toLocaleString('en-US')} open link problem{open === 1 ? '' : 's'}
        </Link>{' '}
        ({unseen.toLocaleString('en-US')} not yet seen)
      </p>
      {featured.length > 0 ? (
        <>
          <p className="font-medium">Featured products with problems:</p>
          <ul className="list-disc space-y-1 pl-5">
            {featured.map((product) => (
              <li key={product.id}>
                <Link to={`/admin/products/${product.id}`} className="text-brand-700 underline">
                  {product.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

/** The published guides, and those with an embed a visitor cannot see (a product hidden, gone or refused…). */
function GuidesSummary({ published, broken }: { published: number; broken: number }) {
  return (
    <div className="mt-2 space-y-2 text-sm text-slate-700">
      <dl className="space-y-1">
        <div>
          <dt className="inline font-medium">Published guides: </dt>
          <dd className="inline">{published.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Guides with a broken embed: </dt>
          <dd className="inline">{broken.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <p>
        <Link to={GUIDES_PATH} className="font-medium text-brand-700 underline">
          {broken ? 'Fix them in Guides' : 'Guides'}
        </Link>
      </p>
    </div>
  )
}

/** One of the dashboard's panels, named by its heading. */
function Card({
  id,
  title,
  className = '',
  children,
}: {
  id: string
  title: string
  className?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={`rounded-lg border border-slate-200 bg-white p-5 ${className}`}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
