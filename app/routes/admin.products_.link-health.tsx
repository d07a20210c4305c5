import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { LinkHealthTab } from '#app/components/admin/link-health-tab.tsx'
import { ProductTabs } from '#app/components/admin/product-tabs.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { firstErrorOf, intentOf } from '#app/components/forms.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { documentsEmbeddingProducts } from '#app/models/document.server.ts'
import { listOpenProblems } from '#app/models/link-health.server.ts'
import { ADMIN_PAGE_SIZE } from '#app/schemas/admin-products.ts'
import {
  LINK_HEALTH_FAILED,
  LINK_HEALTH_MAX_BODY_BYTES,
  LINK_HEALTH_PATH,
  LinkHealthActionSchema,
  readLinkHealthFilters,
  type LinkHealthAction,
  type LinkHealthIntent,
} from '#app/schemas/link-health.ts'
import { markLinkProblemSeen, replaceProductAsin } from '#app/services/link-health.server.ts'
import { setProductFlag } from '#app/services/product.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/products/link-health: the Link health tab of the Products page (docs/decisions/047). A route of its own
// rather than `?tab=`: its list and its three writes would have doubled admin.products.tsx's loader and action
// (decision 038 keeps a route under 300 lines), and its address is what the daily e-mail links to. It draws the
// same tab bar. The writes are app/services (hiding is the products list's own switch, setProductFlag).

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const filters = readLinkHealthFilters(requestUrl(request))
  const timeZone = getEnv().REFRESH_TZ
  const { rows, total } = await listOpenProblems(db, {
    kind: filters.kind,
    page: filters.page,
    pageSize: ADMIN_PAGE_SIZE,
  })
  // The guides and pages each product sits in, for the whole page in one query (docs/decisions/052).
  const embeddedIn = await documentsEmbeddingProducts(db, [...new Set(rows.map((row) => row.asin))])
  const problems = rows.map(({ detected_at, last_seen_at, seen_at, ...row }) => ({
    ...row,
    usedIn: embeddedIn.get(row.asin) ?? [],
    detected: formatDateTime(detected_at, timeZone),
    last_seen: formatDateTime(last_seen_at, timeZone),
    seen: seen_at ? formatDateTime(seen_at, timeZone) : null,
  }))
  return { filters, total, pageCount: Math.ceil(total / ADMIN_PAGE_SIZE), problems }
}

export const meta: MetaFunction = () => [{ title: 'Link health | Admin' }]

/** Each intent and the permission it needs (SPEC §6: editing a product). */
const PERMISSIONS = { hide: 'edit', 'mark-seen': 'edit', 'replace-asin': 'edit' } as const

export async function action({ request }: ActionFunctionArgs) {
  // Back to the list as it was filtered.
  const back = `${LINK_HEALTH_PATH}${requestUrl(request).search}`
  const options = { maxBytes: LINK_HEALTH_MAX_BODY_BYTES, permissions: PERMISSIONS }
  return writePanelForm(request, LinkHealthActionSchema, options, (actorId, form) => write(actorId, form, back))
}

/** One function per intent: the write, then back to the list with its toast. */
async function write(actorId: number, form: LinkHealthAction, back: string) {
  switch (form.intent) {
    case 'hide':
      await setProductFlag(actorId, form.productId, 'soft_hidden', true)
      return redirectWithToast(back, { title: 'Product hidden', description: 'It no longer shows on the site.' })
    case 'mark-seen':
      await markLinkProblemSeen(actorId, form.id)
      return redirectWithToast(back, { title: 'Marked as seen' })
    case 'replace-asin': {
      const { title, queued } = await replaceProductAsin(actorId, form.productId, form.asin)
      const next = queued
        ? 'Amazon’s data for it is being fetched.'
        : 'Amazon’s data for it comes with the next refresh.'
      return redirectWithToast(back, { title: 'ASIN replaced', description: `${title} now uses ${form.asin}. ${next}` })
    }
  }
}

const isIntent = (value: string | null): value is LinkHealthIntent =>
  value !== null && Object.hasOwn(LINK_HEALTH_FAILED, value)

export default function LinkHealth() {
  const { filters, total, pageCount, problems } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  const location = useLocation()
  const replied = intentOf(reply)
  const rowReply = replied === 'replace-asin' && reply?.initialValue?.row ? reply : undefined
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Products</h1>
      <ProductTabs current="link-health" />
      <LinkHealthTab
        kind={filters.kind}
        problems={problems}
        total={total}
        page={filters.page}
        pageCount={pageCount}
        action={`${location.pathname}${location.search}`}
        canEdit={can(role, 'edit')}
        formErrors={rowReply ? null : firstErrorOf(reply)}
        formErrorsTitle={isIntent(replied) ? LINK_HEALTH_FAILED[replied] : 'Error'}
        replaceReply={rowReply}
      />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: '/admin/products', label: 'Back to Products' })
