import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageList } from '#app/components/admin/document-list.tsx'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { defaultPages, PAGE_SLUGS } from '#app/content/default-pages.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { listAdminDocuments } from '#app/models/document.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'

// /admin/pages (docs/decisions/052): the information pages, each with its address and when an owner last saved
// it; one never saved shows its default text (app/content/default-pages.ts).

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const timeZone = getEnv().REFRESH_TZ
  const saved = new Map((await listAdminDocuments(db, 'page', {})).map((row) => [row.slug, row]))
  const pages = PAGE_SLUGS.map((slug) => {
    const row = saved.get(slug)
    return {
      slug,
      title: row?.title ?? defaultPages[slug].title,
      savedAt: row ? formatDateTime(row.updated_at, timeZone) : null,
    }
  })
  return data({ pages }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: MetaFunction = () => [{ title: 'Pages | Admin' }]

export default function AdminPages() {
  const { pages } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Pages</h1>
      <p className="text-slate-700">
        The site’s information pages. Until a page is first saved here, it shows its default text.
      </p>
      <PageList pages={pages} />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: '/admin', label: 'Back to the dashboard' })
