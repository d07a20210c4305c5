import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { lastPriceUpdate } from '#app/lib/kept-reads.server.ts'
import { storeChoices } from '#app/lib/stores.server.ts'
import { useSiteName } from '#app/root.tsx'

// The shared layout of every public page: sticky header, page, footer — error pages included.

export async function loader() {
  return {
    siteName: getEnv().SITE_NAME,
    lastPriceUpdate: await lastPriceUpdate(),
    year: new Date().getFullYear(),
    stores: await storeChoices(),
  }
}

export default function SiteLayout() {
  return (
    <SiteFrame {...useLoaderData<typeof loader>()}>
      <Outlet />
    </SiteFrame>
  )
}

// Also when this layout's own loader failed (the database is away): the header and footer need none of it.
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>('routes/_site')
  const siteName = useSiteName()
  return (
    <SiteFrame siteName={siteName} lastPriceUpdate={null} year={new Date().getFullYear()} stores={[]} {...layout}>
      <GeneralErrorBoundary />
    </SiteFrame>
  )
}

function SiteFrame({
  siteName,
  lastPriceUpdate,
  year,
  stores,
  children,
}: {
  siteName: string
  lastPriceUpdate: string | null
  year: number
  stores: ReadonlyArray<{ code: string; name: string }>
  children: ReactNode
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader siteName={siteName} />
      <div id="main" className="flex-1">
        {children}
      </div>
      <SiteFooter siteName={siteName} lastPriceUpdate={lastPriceUpdate} year={year} stores={stores} />
    </div>
  )
}
