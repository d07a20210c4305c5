import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '#app/components/link.tsx'
import { verifyReviewSignInLink } from '#app/lib/reviewer-auth.server.ts'
import { startSession } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { siteNameFrom } from '#app/utils/meta.ts'

// Where the reviews page's e-mailed link lands: signs the reviewer in and takes them back to their review.

export async function loader({ request }: LoaderFunctionArgs) {
  const result = await verifyReviewSignInLink(request)
  if ('error' in result) return data({ error: result.error }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
  const { reviewer } = result
  const cookie = await startSession(request, reviewer.userId, 'reviewer')
  return redirectWithToast(
    `/reviews/${reviewer.asin}#write-review`,
    { title: 'Signed in', description: 'Your review is waiting below: check it and press Submit Review.' },
    { status: 303, headers: { 'Set-Cookie': cookie } },
  )
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `Sign in | ${siteNameFrom(matches)}` },
  {
    name: 'description',
    content: `The sign-in link that posts your review on ${siteNameFrom(matches)}. A link that has expired or was used already can be sent again from the product's reviews page.`,
  },
]

export default function ReviewSignInLink() {
  const { error } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Invalid or expired link</h1>
      <p className="mt-3 text-slate-600">{error}</p>
      <Link to="/" className="mt-8 inline-block font-medium text-brand-700 underline">
        Return to Home
      </Link>
    </main>
  )
}
