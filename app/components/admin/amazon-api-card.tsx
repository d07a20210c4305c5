import { Link } from '#app/components/link.tsx'

// The dashboard's word on Amazon's API (docs/decisions/078): the products shown without a price because their data
// passed 24 hours, and, while Amazon refuses the calls, since when and why.

export function AmazonApiCard({
  stalePrices,
  refusal,
}: {
  stalePrices: number
  refusal: { since: string; code: string | null; message: string | null } | null
}) {
  return (
    <section aria-labelledby="amazon-api" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="amazon-api" className="text-lg font-semibold">
        Amazon&apos;s API
      </h2>
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline font-medium">Products shown without a price (data over 24 hours old): </dt>
          <dd className="inline">{stalePrices.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Access: </dt>
          <dd className="inline">
            {refusal ? `refused since ${refusal.since} (${refusal.code ?? ''}: ${refusal.message ?? ''})` : 'open'}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-sm">
        <Link to="/admin/settings#amazon" className="font-medium text-brand-700 underline">
          Amazon settings
        </Link>
      </p>
    </section>
  )
}
