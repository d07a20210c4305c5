import type { LinksFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ErrorPage } from './components/error-page.tsx'
import { getEnv } from './lib/env.server.ts'
import { useNonce } from './lib/nonce.tsx'
import stylesheet from './styles/app.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export function loader() {
  return { siteName: getEnv().SITE_NAME }
}

export function useSiteName(): string {
  return useRouteLoaderData<typeof loader>('root')?.siteName ?? 'Comic Vault Supplies'
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

// Reached only when the layout itself failed (e.g. the database is away): a page that needs no data.
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />
}
