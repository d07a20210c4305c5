import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GuideList } from '#app/components/admin/document-list.tsx'
import { RecordListHeading } from '#app/components/admin/record-list.tsx'
import { rowButton, smallFieldClass } from '#app/components/admin/styles.ts'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { Options } from '#app/components/form-fields.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { listAdminDocuments } from '#app/models/document.server.ts'
import { searchText } from '#app/schemas/params.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/guides (docs/decisions/052): the owners' guides, last updated first, searched by title or slug and
// filtered by status with a GET form. Each opens its editor; "New guide" starts one.

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'published', label: 'Published' },
] as const

/** A status in the address that is none of these is "All". */
const statusFilter = z.enum(['draft', 'scheduled', 'published']).optional().catch(undefined)

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const url = requestUrl(request)
  const q = searchText(200).parse(url.searchParams.get('q') ?? undefined)
  const status = statusFilter.parse(url.searchParams.get('status') ?? undefined)
  const timeZone = getEnv().REFRESH_TZ
  const rows = await listAdminDocuments(db, 'guide', { search: q, status })
  const guides = rows.map((row) => {
    const status = row.status as 'draft' | 'scheduled' | 'published'
    const at = status === 'scheduled' ? row.publish_at : status === 'published' ? row.published_at : null
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      status,
      publishing: at ? formatDateTime(at, timeZone) : null,
      updatedAt: formatDateTime(row.updated_at, timeZone),
    }
  })
  return data({ q, status: status ?? '', guides }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const meta: MetaFunction = () => [{ title: 'Guides | Admin' }]

export default function AdminGuides() {
  const { q, status, guides } = useLoaderData<typeof loader>()
  const { role } = usePanelUser()
  return (
    <div className="space-y-6">
      <RecordListHeading title="Guides" addLabel="New guide" addTo="/admin/guides/new" allowed={can(role, 'create')} />
      <Form method="get" role="search" aria-label="Guides" className="flex flex-wrap items-end gap-3">
        <label className="block text-sm font-medium">
          Search guides
          <input key={q} type="search" name="q" defaultValue={q} maxLength={200} className={smallFieldClass} />
        </label>
        <label className="block text-sm font-medium">
          Status
          <select key={status} name="status" defaultValue={status} className={smallFieldClass}>
            <Options options={STATUSES} />
          </select>
        </label>
        <button type="submit" className={rowButton.secondary}>
          Search
        </button>
      </Form>
      <GuideList guides={guides} filtered={Boolean(q || status)} />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: '/admin', label: 'Back to the dashboard' })
