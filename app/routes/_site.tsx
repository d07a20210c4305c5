import { Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import type { ShopCategory } from '#app/components/shop-menu.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SiteHeader } from '#app/components/site-header.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { lastPriceUpdate, shopCategories } from '#app/lib/kept-reads.server.ts'
import { storeChoices } from '#app/lib/stores.server.ts'
import { useSiteName } from '#app/root.tsx'

// The shared layout of every public page: sticky header, page, footer — error pages included.

export async function loader() {
  const [priceUpdate, categories] = await Promise.all([lastPriceUpdate(), shopCategories()])
  return {
    siteName: getEnv().SITE_NAME,
    lastPriceUpdate: priceUpdate,
    categories,
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
    <SiteFrame
      siteName={siteName}
      lastPriceUpdate={null}
      categories={[]}
      year={new Date().getFullYear()}
      stores={[]}
      {...layout}
    >
      <GeneralErrorBoundary />
    </SiteFrame>
  )
}

function SiteFrame({
  siteName,
  lastPriceUpdate,
  categories,
  year,
  stores,
  children,
}: {
  siteName: string
  lastPriceUpdate: string | null
  categories: readonly ShopCategory[]
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
      <SiteHeader siteName={siteName} categories={categories} />
      <div id="main" className="flex-1">
        {children}
      </div>
      <SiteFooter
        siteName={siteName}
        lastPriceUpdate={lastPriceUpdate}
        categories={categories}
        year={year}
        stores={stores}
      />
    </div>
  )
}
