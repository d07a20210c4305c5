import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, isRouteErrorResponse, Outlet, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ASSOCIATES_SETTINGS_ID } from '#app/components/admin/amazon-settings.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Link, NavLink } from '#app/components/link.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import type { Role } from '#app/lib/permissions.ts'
import { hasAffiliateTag } from '#app/lib/stores.server.ts'

// The admin shell (SPEC §2): top navigation and the account menu around every panel page. Each page's
// own loader and action check the role again: loaders run in parallel, so this one cannot guard them.

export async function loader({ request }: LoaderFunctionArgs) {
  // `enrolment`: the shell also frames the account page, where a user the site requires to enrol does so.
  const user = await requirePanelUser(request, 'view', { enrolment: true })
  return { user: { email: user.email, role: user.role }, untagged: !(await hasAffiliateTag()) }
}

export const meta: MetaFunction = ({ error }) => [
  { name: 'robots', content: 'noindex' },
  // Shown only when a panel page failed and this route's ErrorBoundary took its place.
  ...(error
    ? [{ title: isRouteErrorResponse(error) && error.status === 404 ? 'Page not found | Admin' : 'Error | Admin' }]
    : []),
]

const sections = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/categories', label: 'Categories' },
  { to: '/admin/comparisons', label: 'Comparisons' },
  { to: '/admin/guides', label: 'Guides' },
  { to: '/admin/pages', label: 'Pages' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/search', label: 'Search' },
  { to: '/admin/media', label: 'Media' },
  { to: '/admin/settings', label: 'Settings' },
]

export default function AdminShell() {
  return (
    <PanelFrame {...useLoaderData<typeof loader>()}>
      <Outlet />
    </PanelFrame>
  )
}

// A panel page's failure keeps the navigation; without a user (the shell's own loader failed), the bare page.
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>('routes/admin')
  const page = <GeneralErrorBoundary landmark={!shell} home={{ to: '/admin', label: 'Back to the dashboard' }} />
  return shell ? <PanelFrame {...shell}>{page}</PanelFrame> : page
}

function PanelFrame({
  user,
  untagged,
  children,
}: {
  user: { email: string; role: Role }
  untagged: boolean
  children: ReactNode
}) {
  return (
    <div className="min-h-screen bg-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <Link to="/admin" className="text-lg font-bold text-slate-900">
            Admin
          </Link>
          <nav aria-label="Admin" className="order-last w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-medium ${
                        isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'
                      }`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AccountMenu email={user.email} role={user.role} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8">
        {untagged ? (
          // On every panel page until a tag is set: the site then works, but no click earns (docs/decisions/076).
          <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <Link to={`/admin/settings#${ASSOCIATES_SETTINGS_ID}`} className="font-semibold underline">
              No Associates tag is set: clicks earn nothing
            </Link>
          </p>
        ) : null}
        {children}
      </main>
    </div>
  )
}

/** A disclosure, so it opens and closes without JavaScript. */
function AccountMenu({ email, role }: { email: string; role: Role }) {
  return (
    <details className="relative">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800">
        Account <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-64 rounded-md border border-slate-200 bg-white p-4 shadow-lg">
        <p className="truncate text-sm text-slate-800" title={email}>
          {email}
        </p>
        <p className="mt-2">
          <span className="rounded bg-slate-900 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
            {role.toUpperCase()}
          </span>
        </p>
        <p className="mt-3 text-sm">
          <Link to="/admin/account" className="font-medium text-brand-700 underline">
            Two-factor sign-in
          </Link>
        </p>
        <Form method="post" action="/admin/logout" className="mt-4">
          <button
            type="submit"
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            Logout
          </button>
        </Form>
      </div>
    </details>
  )
}
