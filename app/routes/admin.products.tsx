import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { BulkImportSection, ManualImportTab } from '#app/components/admin/amazon-import.tsx'
import { BulkToolsTab } from '#app/components/admin/bulk-tools-tab.tsx'
import { ProductsTab } from '#app/components/admin/products-tab.tsx'
import { ReviewsTab } from '#app/components/admin/reviews-tab.tsx'
import { LinkTabs } from '#app/components/admin/tabs.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { sentEnhanced } from '#app/components/enhanced-marker.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { productChanged, type PageTag } from '#app/lib/page-tags.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast, toastCookie } from '#app/lib/toast.server.ts'
import { listAdminProducts, listCategoryOptions, lockProduct, updateProduct } from '#app/models/admin-product.server.ts'
import { listReviewsForModeration, setReviewStatus } from '#app/models/admin-review.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import { categorySlugs } from '#app/models/category.server.ts'
import { listRecentImports } from '#app/models/import-job.server.ts'
import { getLatestRefresh } from '#app/models/refresh-log.server.ts'
import { ADMIN_PAGE_SIZE, readProductListFilters, ReviewModerationSchema } from '#app/schemas/admin-products.ts'
import { parseId } from '#app/schemas/params.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { sameSitePath } from '#app/utils/return-to.ts'
import { db } from '#db/client.ts'

// /admin/products (SPEC §2): four tabs (Products, Reviews, Manual Import, Bulk Tools), each an address.
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

const TOGGLES = { 'toggle-featured': 'is_featured', 'toggle-visible': 'soft_hidden' } as const

/** Back to the list the visitor was on: only an /admin/products address (never another site). */
function returnAddress(formData: FormData): string {
  const path = sameSitePath(formData.get('redirectTo'))
  return path && /^\/admin\/products(?:[/?]|$)/.test(path) ? path : '/admin/products'
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'edit')
  const formData = await readFormData(request, 16 * 1024)
  if (!formData) return data({ error: 'The request is too large.' }, { status: 413 })
  const intent = formData.get('intent')
  const back = returnAddress(formData)

  if (intent === 'toggle-featured' || intent === 'toggle-visible') {
    const id = parseId(formData.get('id'))
    const value = formData.get('value')
    if (id === null || (value !== 'true' && value !== 'false')) {
      return data({ error: 'Unknown product or value.' }, { status: 400 })
    }
    const field = TOGGLES[intent]
    // "Visible" is the opposite of soft_hidden.
    const next = field === 'soft_hidden' ? value === 'false' : value === 'true'
    const touched = await db.transaction().execute(async (trx): Promise<readonly PageTag[] | null> => {
      const product = await lockProduct(trx, id)
      if (!product) return null
      if (product[field] === next) return [] // already so: nothing to drop
      await updateProduct(trx, id, { [field]: next })
      await writeAudit(trx, {
        actorId: user.id,
        entityType: 'PRODUCT',
        entityId: id,
        action: 'UPDATE',
        diff: { [field]: { from: product[field], to: next } },
      })
      // Featured shows on the home page only (and the sitemaps, through updated_at); no product page or card shows it.
      if (field === 'is_featured') return ['site']
      return productChanged(product.asin, await categorySlugs(trx, [product.category_id]))
    })
    if (!touched) {
      return redirectWithToast(
        back,
        { type: 'error', title: 'Failed to update product', description: 'That product no longer exists.' },
        { status: 303 },
      )
    }
    if (touched.length > 0) await invalidatePages(touched)
    const updated = { title: 'Product updated successfully' }
    // A switch sent by a fetcher is answered in place (its page revalidates and shows the toast); a
    // redirect would start a navigation that a second quick click could interrupt.
    return sentEnhanced(formData)
      ? data({ ok: true }, { headers: { 'Set-Cookie': await toastCookie(updated) } })
      : redirectWithToast(back, updated, { status: 303 })
  }

  if (intent === 'review-status') {
    // One row's button sends "id:STATUS"; the bulk buttons send the status and the checked ids.
    const [rowId, rowStatus] = String(formData.get('review') ?? '').split(':')
    const parsed = ReviewModerationSchema.safeParse(
      rowId ? { ids: [rowId], status: rowStatus } : { ids: formData.getAll('ids'), status: formData.get('status') },
    )
    if (!parsed.success) {
      return redirectWithToast(
        back,
        { type: 'error', title: 'Error', description: parsed.error.issues[0]?.message ?? 'Failed to update review' },
        { status: 303 },
      )
    }
    const { ids, status } = parsed.data
    let moved: Awaited<ReturnType<typeof setReviewStatus>>
    try {
      moved = await db.transaction().execute(async (trx) => {
        const changed = await setReviewStatus(trx, ids, status)
        for (const review of changed) {
          await writeAudit(trx, {
            actorId: user.id,
            entityType: 'REVIEW',
            entityId: review.id,
            action: status === 'APPROVED' ? 'APPROVE' : 'REJECT',
            diff: { status: { from: review.status, to: status } },
          })
        }
        return changed
      })
    } catch (error) {
      logger.error({ err: error }, 'review status not updated')
      return redirectWithToast(
        back,
        { type: 'error', title: 'Error', description: 'Failed to update review' },
        { status: 303 },
      )
    }
    // Only approved reviews are public, and only on their product's own pages (no listing shows them).
    const shown = moved.filter((review) => review.status === 'APPROVED' || status === 'APPROVED')
    if (shown.length > 0) await invalidatePages([...new Set(shown.map((review) => `product:${review.asin}` as const))])
    return redirectWithToast(back, { title: 'Review status updated' }, { status: 303 })
  }

  return data({ error: 'Unknown action.' }, { status: 400 })
}

const TABS = [
  { id: 'products', label: 'Products' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'import', label: 'Manual Import' },
  { id: 'bulk', label: 'Bulk Tools' },
]

export default function AdminProducts() {
  const { filters, products, reviews, categories, amazon } = useLoaderData<typeof loader>()
  const { role } = usePanelUser()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Products</h1>
      <LinkTabs
        label="Products sections"
        current={filters.tab}
        tabs={TABS.map((tab) => ({
          ...tab,
          to: tab.id === 'products' ? '/admin/products' : `/admin/products?tab=${tab.id}`,
        }))}
      />
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
