import { data, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CategoryCard } from '#app/components/category-card.tsx'
import { FeaturedCarousel } from '#app/components/featured-carousel.tsx'
import { JsonLd } from '#app/components/json-ld.tsx'
import { Link } from '#app/components/link.tsx'
import { SubscribeBox } from '#app/components/subscribe-box.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { listVisibleCategories } from '#app/models/category.server.ts'
import { getNewestPriceUpdate, listFeaturedProducts } from '#app/models/product.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { jsonLdScript, siteJsonLd } from '#app/utils/json-ld.ts'
import { pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { listingCards } from '#app/utils/product-card.server.ts'
import { db } from '#db/client.ts'

export async function loader() {
  const [featured, newestUpdate, categories] = await Promise.all([
    listFeaturedProducts(db),
    getNewestPriceUpdate(db),
    listVisibleCategories(db),
  ])
  const env = getEnv()
  const { cards, headers } = listingCards(featured)
  return data(
    {
      featured: cards,
      lastUpdated: newestUpdate ? formatDateTime(newestUpdate, env.REFRESH_TZ) : null,
      categories,
      canonical: `${env.SITE_URL}/`,
      // Who publishes the site and how to search it (docs/decisions/023).
      structuredData: siteJsonLd({ siteName: env.SITE_NAME, siteUrl: env.SITE_URL }).map(jsonLdScript),
    },
    { headers },
  )
}

export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: `${siteNameFrom(matches)} | Protect Your Comic Collection`,
    description: 'Archival bags, boards, Mylar sleeves and boxes for comic collectors, with prices updated daily.',
    canonical: data?.canonical,
  })

const benefits = [
  {
    title: 'Archival Quality',
    text: 'Acid-free boards and inert Mylar and polypropylene that keep paper from yellowing for decades.',
  },
  {
    title: 'Collector Approved',
    text: 'Every product is picked from what long-time collectors actually use and rate.',
  },
  { title: 'Fast Shipping', text: 'Everything ships from Amazon, most of it with Prime delivery.' },
  { title: 'Secure Shopping', text: 'You buy on Amazon: we never see or handle your payment details.' },
]

export default function Home() {
  const { featured, lastUpdated, categories, structuredData } = useLoaderData<typeof loader>()
  return (
    <main>
      <JsonLd blocks={structuredData} />
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Protect Your Comic Collection</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
            Archival bags, boards, Mylar sleeves and boxes, chosen by collectors and priced daily from Amazon.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/search?q=BCW"
              className="rounded-md bg-brand-500 px-5 py-3 font-semibold text-slate-900 hover:bg-brand-100"
            >
              Shop BCW Supplies
            </Link>
            <Link
              to="/search?q=mylar"
              className="rounded-md border border-white px-5 py-3 font-semibold hover:bg-white/10"
            >
              Browse Mylar Sleeves
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Why collectors shop here" className="mx-auto max-w-7xl px-4 py-12">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-lg border border-slate-200 bg-white p-5">
              <h2 className="font-semibold">{benefit.title}</h2>
              <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="featured-heading" className="text-2xl font-bold">
              Updated Daily from Amazon
            </h2>
            {lastUpdated ? <p className="text-sm text-slate-600">Last updated {lastUpdated}</p> : null}
          </div>
          <div className="mt-6">
            <FeaturedCarousel products={featured} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="fit-heading" className="mx-auto max-w-7xl px-4 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white p-6">
          <div className="max-w-2xl">
            <h2 id="fit-heading" className="text-lg font-semibold">
              What fits my books?
            </h2>
            <p className="mt-1 text-slate-600">
              Pick the eras of your comics and how many you have: see the bags, boards and boxes that fit, and what they
              cost.
            </p>
          </div>
          <Link to="/fit" className="rounded-md bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700">
            Open the Fit Finder
          </Link>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 pt-6">
        <SubscribeBox />
      </div>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="categories-heading" className="text-2xl font-bold">
          Shop by Category
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-12">
        <div className="rounded-lg border border-brand-500 bg-brand-50 p-6">
          <h2 className="text-lg font-semibold">Affiliate Disclosure</h2>
          <p className="mt-2 text-slate-700">
            As an Amazon Associate I earn from qualifying purchases. Prices and availability come from Amazon, are
            refreshed every night and are accurate as of the time shown.{' '}
            <Link to="/disclosure" className="font-medium underline">
              Read our full disclosure
            </Link>
            .
          </p>
        </div>
      </section>
    </main>
  )
}
