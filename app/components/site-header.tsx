import { Link, NavLink } from '#app/components/link.tsx'
import { SearchForm } from './search-form.tsx'
import { ShopMenu, type ShopCategory } from './shop-menu.tsx'
import { SidePanel } from './side-panel.tsx'
import { siteNavLinks } from './site-nav.ts'

export function SiteHeader({ siteName, categories }: { siteName: string; categories: readonly ShopCategory[] }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        {/* SPEC: the title carries the "(dev/beta)" label. On a phone the name wraps; the label never breaks or hides. */}
        <Link to="/" className="min-w-0 text-lg leading-tight font-bold tracking-tight">
          {siteName} <span className="text-sm font-medium whitespace-nowrap text-brand-700">(dev/beta)</span>
        </Link>
        {/* Inline from lg: Shop and six links, the name and the search need ~1,000px; below that the Menu panel holds them. */}
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex gap-1">
            <li>
              <ShopMenu categories={categories} />
            </li>
            {siteNavLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 xl:px-3 ${isActive ? 'text-brand-700' : ''}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <SearchForm
            placeholder="Search products..."
            inputId="header-search"
            suggest
            className="hidden w-64 sm:flex lg:w-48 xl:w-64"
          />
          <SidePanel categories={categories} />
        </div>
      </div>
    </header>
  )
}
