import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { BulkImportSection, ManualImportTab } from '#app/components/admin/amazon-import.tsx'
import { BulkToolsTab } from '#app/components/admin/bulk-tools-tab.tsx'
import { ProductTabs } from '#app/components/admin/product-tabs.tsx'
import { ProductsTab } from '#app/components/admin/products-tab.tsx'
import { ReviewsTab } from '#app/components/admin/reviews-tab.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { sentEnhanced } from '#app/components/enhanced-marker.tsx'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { intentOf } from '#app/components/forms.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { attempt, NOT_SAVED, Refusal } from '#app/lib/form-reply.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { readPanelForm } from '#app/lib/panel-form.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast, toastCookie } from '#app/lib/toast.server.ts'
import { listAdminProducts, listCategoryOptions } from '#app/models/admin-product.server.ts'
import { listReviewsForModeration } from '#app/models/admin-review.server.ts'
import { listRecentImports } from '#app/models/import-job.server.ts'
import { getLatestRefresh } from '#app/models/refresh-log.server.ts'
import {
  ADMIN_PAGE_SIZE,
  moderatedReviews,
  PRODUCT_LIST_MAX_BODY_BYTES,
  ProductListActionSchema,
  readProductListFilters,
  type ProductListAction,
} from '#app/schemas/admin-products.ts'
import { setProductFlag } from '#app/services/product.server.ts'
import { moderateReviews } from '#app/services/review-moderation.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { sameSitePath } from '#app/utils/return-to.ts'
import { db } from '#db/client.ts'

// /admin/products (SPEC §2): four tabs (Products, Reviews, Manual Import, Bulk Tools), each an address; the
// fifth, Link health, is its own route (admin.products_.link-health.tsx) under the same tab bar.
// The edit panel is the nested route admin.products.$id.tsx, rendered in the <Outlet /> over the list.

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  const filters = readProductListFilters(requestUrl(request))
  if (filters.tab === 'import' || filters.tab === 'bulk') {
    const [imports, latestRefresh] = await Promise.all([
      listRecentImports(db, filters.tab === 'bulk' ? 'bulk' : 'manual'),
      filters.tab === 'bulk' ? getLatestRefresh(db) : null,
    ])
    const amazon = { imports, latestRefresh: latestRefresh ?? null, timeZone: getEnv().REFRESH_TZ }
    return { filters, products: null, reviews: null, categories: [], amazon }
  }
  if (filters.tab === 'reviews') {
    const reviews = await listReviewsForModeration(db, filters)
    return { filters, reviews, products: null, categories: [], amazon: null }
  }
  const [products, categories] = await Promise.all([
    filters.tab === 'products' ? listAdminProducts(db, filters) : null,
    listCategoryOptions(db),
  ])
  return { filters, products, reviews: null, categories, amazon: null }
}

export const meta: MetaFunction = () => [{ title: 'Products | Admin' }]

/** Each intent and the permission it needs (SPEC §6). */
const PERMISSIONS = { 'toggle-featured': 'edit', 'toggle-visible': 'edit', 'review-status': 'edit' } as const

/** Back to the list the visitor was on (the form's `redirectTo`, else the address posted to): never elsewhere. */
function returnAddress(formData: FormData, request: Request): string {
  const url = requestUrl(request)
  const path = sameSitePath(formData.get('redirectTo') ?? `${url.pathname}${url.search}`)
  return path && /^\/admin\/products(?:[/?]|$)/.test(path) ? path : '/admin/products'
}

export async function action({ request }: ActionFunctionArgs) {
  const read = await readPanelForm(request, ProductListActionSchema, {
    maxBytes: PRODUCT_LIST_MAX_BODY_BYTES,
    permissions: PERMISSIONS,
  })
  if ('reply' in read) return read.reply
  const { user, formData, submission, value: form } = read
  const back = returnAddress(formData, request)
  switch (form.intent) {
    case 'toggle-featured':
    case 'toggle-visible':
      return toggle(user.id, form, back, sentEnhanced(formData))
    case 'review-status':
      return attempt(submission, () => moderate(user.id, form, back), { intent: form.intent })
  }
}

/** Approves or rejects the reviews named (SPEC §8: a refusal is "Error" with the message, above the table). */
async function moderate(actorId: number, form: Extract<ProductListAction, { intent: 'review-status' }>, back: string) {
  const { ids, status } = moderatedReviews(form)
  await moderateReviews(actorId, ids, status)
  return redirectWithToast(back, { title: 'Review status updated' })
}

/**
 * A switch of the list. Refused, it goes back to the list with the reason as a toast (docs/decisions/037):
 * the list must be read again, since the switch has moved already.
 */
async function toggle(actorId: number, form: Toggle, back: string, enhanced: boolean) {
  // "Visible" is the opposite of soft_hidden.
  const [flag, next] =
    form.intent === 'toggle-featured'
      ? (['is_featured', form.value === 'true'] as const)
      : (['soft_hidden', form.value === 'false'] as const)
  try {
    await setProductFlag(actorId, form.id, flag, next)
  } catch (error) {
    if (!(error instanceof Refusal)) logger.error({ err: error, intent: form.intent }, 'write failed')
    const description = error instanceof Refusal ? error.message : NOT_SAVED
    return redirectWithToast(back, { type: 'error', title: 'Failed to update product', description })
  }
  const updated = { title: 'Product updated successfully' }
  // A switch sent by a fetcher is answered in place (its page revalidates and shows the toast); a
  // redirect would start a navigation that a second quick click could interrupt.
  // Without JavaScript the page comes back at the switch's row, where the next Tab goes on from.
  return enhanced
    ? data({ ok: true }, { headers: { 'Set-Cookie': await toastCookie(updated) } })
    : redirectWithToast(`${back}#product-${form.id}`, updated)
}
type Toggle = Exclude<ProductListAction, { intent: 'review-status' }>

export default function AdminProducts() {
  const { filters, products, reviews, categories, amazon } = useLoaderData<typeof loader>()
  // The review form's refusal (a switch's reply goes to its fetcher).
  const reply = useActionData<SubmissionResult<string[]>>()
  const { role } = usePanelUser()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Products</h1>
      <ProductTabs current={filters.tab} />
      {products ? (
        <ProductsTab
          filters={filters}
          products={products.rows}
          total={products.total}
          pageCount={Math.ceil(products.total / ADMIN_PAGE_SIZE)}
          categories={categories}
          redirectTo={here}
        />
      ) : null}
      {reviews ? (
        <ReviewsTab
          status={filters.status}
          reviews={reviews.rows}
          total={reviews.total}
          page={filters.page}
          pageCount={Math.ceil(reviews.total / ADMIN_PAGE_SIZE)}
          redirectTo={here}
          lastResult={intentOf(reply) === 'review-status' ? reply : undefined}
        />
      ) : null}
      {filters.tab === 'import' && amazon ? (
        <ManualImportTab jobs={amazon.imports} timeZone={amazon.timeZone} canImport={can(role, 'create')} />
      ) : null}
      {filters.tab === 'bulk' && amazon ? (
        <>
          <BulkImportSection
            jobs={amazon.imports}
            latestRefresh={amazon.latestRefresh}
            timeZone={amazon.timeZone}
            canImport={can(role, 'create')}
            canRefresh={can(role, 'run-refresh')}
          />
          <BulkToolsTab />
        </>
      ) : null}
      <Outlet />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: '/admin', label: 'Back to the dashboard' })
