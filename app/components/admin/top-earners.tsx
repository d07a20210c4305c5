import { Link } from '#app/components/link.tsx'
import type { TopEarner } from '#app/utils/earnings.ts'
import { formatDollars } from '#app/utils/earnings.ts'

/**
 * The dashboard's top earners (docs/decisions/081): the guides and the products that earned most in the last
 * days, by the imported earnings reports, each linked to its editor; the analytics page has the rest.
 */
export function TopEarners({
  days,
  guides,
  products,
}: {
  days: number
  guides: readonly TopEarner[]
  products: readonly TopEarner[]
}) {
  return (
    <section aria-labelledby="top-earners" className="rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2">
      <h2 id="top-earners" className="text-lg font-semibold">
        Top earners, last {days} days
      </h2>
      <div className="mt-2 grid gap-4 text-sm text-slate-700 sm:grid-cols-2">
        <Earners heading="Guides" earners={guides} href={(id) => `/admin/guides/${id}`} none="No guide earned" />
        <Earners
          heading="Products"
          earners={products}
          href={(id) => `/admin/products/${id}`}
          none="No product earned"
        />
      </div>
      <p className="mt-2 text-sm">
        <Link to="/admin/analytics" className="font-medium text-slate-900 underline">
          What earns, in analytics
        </Link>
      </p>
    </section>
  )
}

function Earners({
  heading,
  earners,
  href,
  none,
}: {
  heading: string
  earners: readonly TopEarner[]
  href: (id: number) => string
  none: string
}) {
  return (
    <div>
      <h3 className="font-medium">{heading}</h3>
      {earners.length === 0 ? (
        <p className="mt-1">{none} in these days (or no earnings report is imported yet).</p>
      ) : (
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          {earners.map((earner) => (
            <li key={earner.id}>
              <Link to={href(earner.id)} className="text-brand-700 underline">
                {earner.title}
              </Link>
              : {formatDollars(earner.earnings_cents)}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
