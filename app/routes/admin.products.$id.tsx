import type { SubmissionResult } from '@conform-to/react'
import { invariantResponse } from '@epic-web/invariant'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { ProductEditPanel } from '#app/components/admin/product-edit-form.tsx'
import { backToProducts } from '#app/components/admin/product-import-form.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { attempt, parseForm } from '#app/lib/form-reply.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getProductForEdit, listCategoryOptions } from '#app/models/admin-product.server.ts'
import { listDocumentsEmbedding } from '#app/models/document.server.ts'
import { PRODUCT_MAX_BODY_BYTES, PRODUCT_NOT_FOUND, ProductEditSchema } from '#app/schemas/admin-products.ts'
import { parseId } from '#app/schemas/params.ts'
import { editProduct } from '#app/services/product.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// The product edit panel (SPEC §2): a nested route over the list (app/components/admin/product-edit-form.tsx).
// The save is app/services/product.server.ts; a refusal comes back to the panel, titled "Failed to update product".

function productId(params: { id?: string }): number {
  const id = parseId(params.id)
  invariantResponse(id !== null, PRODUCT_NOT_FOUND, { status: 404 })
  return id
}

/** The list's own query (filters, page), so closing or saving returns to the same place. */
function listQuery(url: URL): string {
  const params = new URLSearchParams(url.search)
  params.delete('images')
  const query = params.toString()
  return query ? `?${query}` : ''
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  const id = productId(params)
  const [product, categories] = await Promise.all([getProductForEdit(db, id), listCategoryOptions(db)])
  invariantResponse(product, PRODUCT_NOT_FOUND, { status: 404 })
  // "Used in N guides": by ASIN, as the texts name it (docs/decisions/052).
  const usedIn = await listDocumentsEmbedding(db, { type: 'product', target: product.asin })
  // Coming back from the media picker without JavaScript: its choice is added to the gallery, not yet saved.
  const url = requestUrl(request)
  const picked = url.searchParams
    .getAll('images')
    .filter((image) => image.startsWith('/') || /^https?:\/\//.test(image))
  return {
    product: { ...product, images: [...new Set([...product.images, ...picked])] },
    categories,
    usedIn,
    listQuery: listQuery(url),
    unsavedPicks: picked.length > 0,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.product.title} | Admin` : PRODUCT_NOT_FOUND },
]

export async function action({ params, request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'edit')
  const id = productId(params)
  const parsed = await parseForm(request, ProductEditSchema, PRODUCT_MAX_BODY_BYTES)
  if (parsed.reply) return parsed.reply
  const back = `/admin/products${listQuery(requestUrl(request))}`
  return attempt(
    parsed.submission,
    async () => {
      await editProduct(user.id, id, parsed.value)
      return redirectWithToast(back, { title: 'Product updated successfully' })
    },
    { productId: id },
  )
}

export default function EditProduct() {
  const { product, categories, usedIn, listQuery, unsavedPicks } = useLoaderData<typeof loader>()
  const reply = useActionData<SubmissionResult<string[]>>()
  const location = useLocation()
  const { role } = usePanelUser()
  return (
    <ProductEditPanel
      key={product.id}
      product={product}
      categories={categories}
      usedIn={usedIn}
      closeTo={`/admin/products${listQuery}`}
      pickerReturn={`${location.pathname}${listQuery}`}
      unsavedPicks={unsavedPicks}
      canEdit={can(role, 'edit')}
      lastResult={reply}
    />
  )
}

export const ErrorBoundary = panelErrorBoundary(backToProducts, PRODUCT_NOT_FOUND)
