import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '#app/components/link.tsx'
import { confirmSubscription } from '#app/models/subscriber.server.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// The link in the confirmation mail. Single use: the token is cleared when it confirms.

export async function loader({ request }: LoaderFunctionArgs) {
  const token = requestUrl(request).searchParams.get('token') ?? ''
  const confirmed = token.length > 0 && token.length <= 100 && (await confirmSubscription(db, token))
  return data({ confirmed }, { status: confirmed ? 200 : 400, headers: { 'Cache-Control': 'no-store' } })
}

export const headers = noStoreHeaders

export const meta: MetaFunction = ({ matches }) => [
  { title: `Subscription | ${siteNameFrom(matches)}` },
  {
    name: 'description',
    content: `Confirm your subscription to the ${siteNameFrom(matches)} weekly digest of new and featured comic storage supplies.`,
  },
]

export default function ConfirmSubscription() {
  const { confirmed } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{confirmed ? 'Subscription confirmed' : 'Invalid or expired link'}</h1>
      <p className="mt-3 text-slate-600">
        {confirmed
          ? 'Thank you! The weekly digest will arrive every Monday.'
          : 'This confirmation link is not valid, or has already been used.'}
      </p>
      <Link to="/" className="mt-8 inline-block font-medium text-brand-700 underline">
        Return to Home
      </Link>
    </main>
  )
}
