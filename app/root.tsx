import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from './components/error-boundary.tsx'
import { Toaster } from './components/toaster.tsx'
import { getEnv } from './lib/env.server.ts'
import { getToast } from './lib/toast.server.ts'
import stylesheet from './styles/app.css?url'
import { documentTitle, errorStatus, errorTitle, siteNameFrom } from './utils/meta.ts'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request)
  return data({ siteName: getEnv().SITE_NAME, toast }, { headers })
}

// An error page drawn by a layout's boundary (the database away: 503) has no page of its own to name it; a route
// that has one (a product's 404) names it itself.
export const meta: MetaFunction = ({ error, matches }) =>
  error ? [{ title: documentTitle(errorTitle(errorStatus(error)), siteNameFrom(matches)) }] : []

export function useSiteName(): string {
  return useRouteLoaderData<typeof loader>('root')?.siteName ?? 'Comic Vault Supplies'
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  const toast = useRouteLoaderData<typeof loader>('root')?.toast ?? null
  // First in the body: a toast in a page loaded whole (always so without JavaScript) is read before the page.
  return (
    <>
      <Toaster toast={toast} />
      <Outlet />
    </>
  )
}

// Reached only when the layout itself failed (e.g. the database is away): a page that needs no data.
export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
