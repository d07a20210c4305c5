import { Form } from '@remix-run/react'
import { Link } from '#app/components/link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { can } from '#app/lib/permissions.ts'
import type { ProductListFilters } from '#app/schemas/admin-products.ts'
import { ToggleSwitch } from './toggle-switch.tsx'
import { usePanelUser } from './use-panel-user.ts'

interface ProductRow {
  id: number
  asin: string
  title: string
  image_url: string | null
  price: string | null
  manual_price: string | null
  rating: string
  is_featured: boolean
  soft_hidden: boolean
  amazon_error: string | null
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const money = (value: string | null) => (value === null ? '—' : usd.format(Number(value)))

const selectClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm'

/** The Products tab: a GET form of filters (all in the URL) over a table of 50 a page. */
export function ProductsTab({
  filters,
  products,
  total,
  pageCount,
  categories,
  redirectTo,
}: {
  filters: ProductListFilters
  products: ProductRow[]
  total: number
  pageCount: number
  categories: Array<{ id: number; name: string }>
  redirectTo: string
}) {
  const { role } = usePanelUser()
  const canEdit = can(role, 'edit')
  const search = new URLSearchParams(redirectTo.split('?')[1] ?? '').toString()
  return (
    <section aria-labelledby="products-heading" className="space-y-4">
      <div className="flex items-center gap-3">
        <h2 id="products-heading" className="text-xl font-semibold">
          All products
        </h2>
        <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-sm font-semibold text-white">
          {total.toLocaleString('en-US')}
        </span>
      </div>
      <Form
        method="get"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-7"
      >
        <div className="sm:col-span-3 lg:col-span-2">
          <label htmlFor="products-q" className="block text-sm font-medium">
            Search title, ASIN or brand
          </label>
          <input id="products-q" type="search" name="q" defaultValue={filters.q} className={selectClass} />
        </div>
        <div>
          <label htmlFor="products-sort" className="block text-sm font-medium">
            Sort by
          </label>
          <select id="products-sort" name="sort" defaultValue={filters.sort} className={selectClass}>
            <option value="updated_at">Last updated</option>
            <option value="title">Title</option>
            <option value="price">Price</option>
            <option value="rating">Rating</option>
          </select>
        </div>
        <div>
          <label htmlFor="products-dir" className="block text-sm font-medium">
            Order
          </label>
          <select id="products-dir" name="dir" defaultValue={filters.dir} className={selectClass}>
            <option value="desc">Descending</option>
            <option value="asc">Ascending</option>
          </select>
        </div>
        <div>
          <label htmlFor="products-category" className="block text-sm font-medium">
            Category
          </label>
          <select id="products-category" name="category" defaultValue={filters.category ?? ''} className={selectClass}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="products-visibility" className="block text-sm font-medium">
            Visibility
          </label>
          <select id="products-visibility" name="visibility" defaultValue={filters.visibility} className={selectClass}>
            <option value="all">All</option>
            <option value="visible">Visible</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
        <div>
          <label htmlFor="products-price" className="block text-sm font-medium">
            Price source
          </label>
          <select id="products-price" name="price" defaultValue={filters.price} className={selectClass}>
            <option value="all">All</option>
            <option value="manual">Manual</option>
            <option value="api">API</option>
          </select>
        </div>
        <div className="flex items-end">
          <button type="submit" className="w-full rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
            Apply
          </button>
        </div>
      </Form>

      {products.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
          No products match these filters.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Products, page {filters.page}</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Product
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  ASIN
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Price
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Rating
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Featured
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Visible
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {products.map((product) => (
                <tr key={product.id}>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      {product.image_url ? (
                        <img
                          src={product.image_url}
                          alt=""
                          width={40}
                          height={40}
                          className="h-10 w-10 rounded object-contain"
                        />
                      ) : (
                        <span aria-hidden="true" className="h-10 w-10 rounded bg-slate-100" />
                      )}
                      <span className="max-w-xs font-medium">{product.title}</span>
                    </div>
                  </td>
                  <td className="px-4 py-3 font-mono">
                    {product.asin}
                    {product.amazon_error ? (
                      // Amazon rejected this ASIN at the last refresh: kept, with its old data, until a curator acts.
                      <span
                        title={product.amazon_error}
                        className="ml-2 rounded bg-red-100 px-1.5 py-0.5 font-sans text-xs font-semibold text-red-900"
                      >
                        Amazon error
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {product.manual_price !== null ? (
                      <>
                        {money(product.manual_price)} <span className="text-xs text-slate-600">(manual)</span>
                      </>
                    ) : (
                      money(product.price)
                    )}
                  </td>
                  <td className="px-4 py-3">{Number(product.rating).toFixed(1)}</td>
                  <td className="px-4 py-3">
                    <ToggleSwitch
                      intent="toggle-featured"
                      id={product.id}
                      checked={product.is_featured}
                      label={`Featured: ${product.title}`}
                      disabled={!canEdit}
                      redirectTo={redirectTo}
                    />
                  </td>
                  <td className="px-4 py-3">
                    <ToggleSwitch
                      intent="toggle-visible"
                      id={product.id}
                      checked={!product.soft_hidden}
                      label={`Visible: ${product.title}`}
                      disabled={!canEdit}
                      redirectTo={redirectTo}
                    />
                  </td>
                  <td className="px-4 py-3">
                    {canEdit ? (
                      <Link
                        to={`/admin/products/${product.id}${search ? `?${search}` : ''}`}
                        preventScrollReset
                        className="font-medium text-brand-700 underline"
                      >
                        Edit<span className="sr-only"> {product.title}</span>
                      </Link>
                    ) : (
                      <span aria-disabled="true" className="cursor-not-allowed text-slate-500">
                        Edit
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={filters.page} pageCount={pageCount} />
    </section>
  )
}
