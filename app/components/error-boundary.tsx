import { isRouteErrorResponse, useRouteError, type ErrorResponse } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'
import { errorTitle } from '#app/utils/meta.ts'

// The one error boundary: every route's ErrorBoundary is this, with handlers for the statuses it words
// itself (a product page's 404 says "Product not found."). The layouts (_site, admin) put it inside their
// header, footer and navigation, so an error page keeps the way around the site.

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode

const homeLinkClass = 'mt-8 inline-block rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700'

const explanations: Record<number, string> = {
  403: 'Your role does not allow this. Ask an admin if you need it.',
  503: 'The shop is temporarily unavailable. Please try again in a minute.',
}

export function GeneralErrorBoundary({
  statusHandlers,
  home = { to: '/', label: 'Return to Home' },
  landmark = true,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>
  /** Where the page's one link leads (the panel's dashboard inside the panel). */
  home?: { to: string; label: string }
  /** Whether the page is the document's <main> (false where the layout already has one). */
  landmark?: boolean
}) {
  const error = useRouteError()
  const response = isRouteErrorResponse(error) ? error : null
  const handled = response ? statusHandlers?.[response.status]?.({ error: response }) : undefined
  const Frame = landmark ? 'main' : 'div'
  return (
    <Frame className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {handled ?? <ErrorText status={response?.status ?? 500} />}
      <Link to={home.to} className={homeLinkClass}>
        {home.label}
      </Link>
    </Frame>
  )
}

function ErrorText({ status }: { status: number }) {
  if (status === 404) return <NotFoundText title="Oops! Page not found" />
  return (
    <>
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold">{errorTitle(status)}</h1>
      <p className="mt-4 text-slate-600">
        {explanations[status] ?? 'An unexpected error occurred. Please try again, or go back to the home page.'}
      </p>
    </>
  )
}

/** A 404's words: "Oops! Page not found" for an address, the route's own for a thing ("Product not found."). */
export function NotFoundText({ title }: { title: string }) {
  return (
    <>
      <p className="text-6xl font-bold text-slate-500">404</p>
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
    </>
  )
}

/** A route's boundary whose 404 names what was not found. */
export const notFoundHandler = (title: string) => ({ 404: () => <NotFoundText title={title} /> })

/**
 * A panel page's boundary: inside the panel's navigation (which holds the page's <main>), with a way back to
 * its list; a 404 names what was not found.
 */
export const panelErrorBoundary = (back: { to: string; label: string }, notFound?: string) =>
  function PanelErrorBoundary() {
    const statusHandlers = notFound ? notFoundHandler(notFound) : undefined
    return <GeneralErrorBoundary landmark={false} home={back} statusHandlers={statusHandlers} />
  }
