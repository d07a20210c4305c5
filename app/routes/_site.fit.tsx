import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { EraSection, FitForm, KitSection, PlanSection } from '#app/components/fit-finder.tsx'
import { PageHeader, TextLink } from '#app/components/info-page.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { cheapestBoxForAll, listFitProducts } from '#app/models/fit.server.ts'
import { parseFitQuery } from '#app/schemas/fit-finder.ts'
import { freshUntilHeaders, publicPageHeaders } from '#app/utils/cache.ts'
import { fitAnswer } from '#app/utils/fit-plan.ts'
import { pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// "What fits my books" (decision 043): the visitor picks eras and, if they like, counts of books; the page answers
// with the bags, boards and boxes from the catalogue that fit, a starter kit and the totals for the counts.

export async function loader({ request }: LoaderFunctionArgs) {
  const query = parseFitQuery(requestUrl(request).searchParams)
  const now = new Date()
  const [rows, sharedBox] = await Promise.all([
    listFitProducts(db, query.eras, now),
    cheapestBoxForAll(db, query.eras, now),
  ])
  const { prices, ...answer } = fitAnswer(query, rows, sharedBox, now)
  return data({ query, canonical: `${getEnv().SITE_URL}/fit`, ...answer }, { headers: freshUntilHeaders(prices) })
}

export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: `What Fits My Books? | ${siteNameFrom(matches)}`,
    description:
      'Pick the eras of your comics and how many you have: see the bags, boards and boxes that fit, with prices per unit, a starter kit and what your collection needs in total.',
    canonical: data?.canonical,
  })

export default function FitFinder() {
  const { query, eras, kit, plan } = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <main className="mx-auto max-w-7xl px-4 py-12">
      <div className="max-w-3xl">
        <PageHeader eyebrow="Fit Finder" title="What fits my books?">
          <p>
            Comics come in different widths by era, and so do the bags, boards and boxes made for them. Tell us which
            eras you collect, and how many books you have, and we will show what fits from our catalogue, with the price
            per unit and what it all costs. The <TextLink to="/sizes-guide">sizes guide</TextLink> has the measurements.
          </p>
        </PageHeader>
      </div>
      {/* Keyed by the address, so going back and forth shows the question of the answer below it. */}
      <FitForm key={location.search} query={query} />
      {eras.length === 0 ? (
        <p className="mt-8 max-w-3xl rounded-lg border border-dashed border-slate-300 p-6 text-slate-600">
          Choose at least one era above and press Find what fits. Not sure of an era? Measure the width of a cover and
          compare it with the bag sizes under each era.
        </p>
      ) : (
        <>
          <KitSection kit={kit} />
          {plan ? <PlanSection plan={plan} /> : null}
          {eras.map((era) => (
            <EraSection key={era.id} era={era} groups={era.groups} />
          ))}
        </>
      )}
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
