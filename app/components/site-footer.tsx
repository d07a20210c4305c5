import { LinkList } from './link-list.tsx'
import { categoryLinks, type ShopCategory } from './shop-menu.tsx'
import { sitePages } from './site-nav.ts'
import { StoreChooser } from './store-chooser.tsx'

const { guides, sizesGuide, fit, compareSleeves, starterKits, faq, about, disclosure, contact } = sitePages
const linkColumns = [
  { heading: 'Guides', links: [{ ...guides, label: 'All Guides' }, sizesGuide, fit, compareSleeves, starterKits, faq] },
  { heading: 'Company', links: [about, disclosure, contact] },
] as const
// SPEC's three search shortcuts, under the categories and named as searches: a category is called "Mylar Sleeves".
const popularSearches = ['BCW', 'mylar', 'boxes'].map((q) => ({ to: `/search?q=${q}`, label: `“${q}”` }))
const footerLinkClass = 'hover:text-white hover:underline'

export function SiteFooter({
  siteName,
  lastPriceUpdate,
  categories,
  year,
  stores,
}: {
  siteName: string
  /** Already formatted for people, or null before the first refresh. */
  lastPriceUpdate: string | null
  categories: readonly ShopCategory[]
  year: number
  /** The Amazon stores a visitor may choose (decision 044). */
  stores: ReadonlyArray<{ code: string; name: string }>
}) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-5">
        <section aria-labelledby="footer-disclosure" className="lg:col-span-2">
          <h2 id="footer-disclosure" className="text-base font-semibold text-white">
            Affiliate Disclosure
          </h2>
          <p className="mt-3 text-sm">
            As an Amazon Associate I earn from qualifying purchases. {siteName} links to Amazon, and every purchase
            happens there, at no extra cost to you.
          </p>
          <div className="mt-4 space-y-1 text-sm">
            <p>
              <span className="font-medium text-white">Last price update:</span> {lastPriceUpdate ?? 'N/A'}
            </p>
            <p>Update Frequency: Daily at 3:15 AM</p>
          </div>
          <StoreChooser stores={stores} />
        </section>
        <nav aria-label="Shop">
          <h2 className="text-base font-semibold text-white">Shop</h2>
          <LinkList
            links={categoryLinks(categories)}
            className="mt-3 space-y-2 text-sm"
            linkClassName={footerLinkClass}
          />
          <h3 className="mt-4 text-sm font-semibold text-white">Popular searches</h3>
          <LinkList links={popularSearches} className="mt-2 space-y-2 text-sm" linkClassName={footerLinkClass} />
        </nav>
        {linkColumns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-base font-semibold text-white">{column.heading}</h2>
            <LinkList links={column.links} className="mt-3 space-y-2 text-sm" linkClassName={footerLinkClass} />
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 text-xs text-slate-400">
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Prices and availability are accurate as of the date and time shown and are subject to change; the price on
              Amazon at the time of purchase applies.
            </li>
            <li>Product data is refreshed nightly and never shown from data older than 24 hours.</li>
            <li>We handle no payments: every purchase is made on Amazon.</li>
            <li>Amazon and the Amazon logo are trademarks of Amazon.com, Inc. or its affiliates.</li>
          </ul>
          <p>
            © {year} {siteName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  )
}
