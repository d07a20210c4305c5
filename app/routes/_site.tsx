import { Outlet, useLoaderData } from '@remix-run/react'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { lastPriceUpdate } from '#app/lib/kept-reads.server.ts'

// The shared layout of every public page: sticky header, page, footer.

export async function loader() {
  return {
    siteName: getEnv().SITE_NAME,
    lastPriceUpdate: await lastPriceUpdate(),
    year: new Date().getFullYear(),
  }
}

export default function SiteLayout() {
  const { siteName, lastPriceUpdate, year } = useLoaderData<typeof loader>()
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
        <Outlet />
      </div>
      <SiteFooter siteName={siteName} lastPriceUpdate={lastPriceUpdate} year={year} />
    </div>
  )
}
