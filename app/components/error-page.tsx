import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { Link } from '#app/components/link.tsx'

const titles: Record<number, string> = { 403: 'Not allowed', 503: 'We’ll be right back' }
const explanations: Record<number, string> = {
  403: 'Your role does not allow this. Ask an admin if you need it.',
  503: 'The shop is temporarily unavailable. Please try again in a minute.',
}

/** The page shown for 404s and failures: plain, readable, and always with a way home. */
export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (status === 404) return <NotFound />
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold">{titles[status] ?? 'Something went wrong'}</h1>
      <p className="mt-4 text-slate-600">
        {explanations[status] ?? 'An unexpected error occurred. Please try again, or go back to the home page.'}
      </p>
      <Link to="/" className="mt-8 rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700">
        Return to Home
      </Link>
    </main>
  )
}

export function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-slate-500">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <Link to="/" className="mt-8 rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700">
        Return to Home
      </Link>
    </main>
  )
}

/** A route's ErrorBoundary: the route's own "not found" text for a 404, the general error page otherwise. */
export function RouteErrorBoundary({ notFound }: { notFound: string }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{notFound}</h1>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-700 underline">
          Return to Home
        </Link>
      </main>
    )
  }
  return <ErrorPage error={error} />
}
