import { Form } from '@remix-run/react'
import { Link } from '#app/components/link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { can } from '#app/lib/permissions.ts'
import type { ProductListFilters } from '#app/schemas/admin-products.ts'
import { AdminTable } from './admin-table.tsx'
import { FilterSelect } from './filter-field.tsx'
import { CountHeading } from './product-table-parts.tsx'
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

const SORTS = [
  ['updated_at', 'Last updated'],
  ['title', 'Title'],
  ['price', 'Price'],
  ['rating', 'Rating'],
] as const
const ORDERS = [
  ['desc', 'Descending'],
  ['asc', 'Ascending'],
] as const
const VISIBILITY = [
  ['all', 'All'],
  ['visible', 'Visible'],
  ['hidden', 'Hidden'],
] as const
const SOURCES = [
  ['all', 'All'],
  ['manual', 'Manual'],
  ['api', 'API'],
] as const
const HEADINGS = ['Product', 'ASIN', 'Price', 'Rating', 'Featured', 'Visible', { hidden: 'Actions' }]

/** The product's picture, small; a grey square when it has none. */
function Thumbnail({ src }: { src: string | null }) {
  if (!src) return <span aria-hidden="true" className="h-10 w-10 rounded bg-slate-100" />
  return <img src={src} alt="" width={40} height={40} className="h-10 w-10 rounded object-contain" />
}

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
      <CountHeading id="products-heading" title="All products" count={total} />
      <Form
        method="get"
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-7"
      >
        <div className="sm:col-span-3 lg:col-span-2">
          <label htmlFor="products-q" className="block text-sm font-medium">
            Search title, ASIN or brand
          </label>
          <input
            id="products-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
          />
        </div>
        <FilterSelect id="products-sort" name="sort" label="Sort by" value={filters.sort} options={SORTS} />
        <FilterSelect id="products-dir" name="dir" label="Order" value={filters.dir} options={ORDERS} />
        <FilterSelect
          id="products-category"
          name="category"
          label="Category"
          value={String(filters.category ?? '')}
          options={[['', 'All categories'], ...categories.map(({ id, name }) => [id, name] as const)]}
        />
        <FilterSelect
          id="products-visibility"
          name="visibility"
          label="Visibility"
          value={filters.visibility}
          options={VISIBILITY}
        />
        <FilterSelect id="products-price" name="price" label="Price source" value={filters.price} options={SOURCES} />
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
        <AdminTable caption={`Products, page ${filters.page}`} headings={HEADINGS}>
          {products.map((product) => (
            // The id is where a switch sent without JavaScript brings the page back to (routes/admin.products.tsx).
            <tr key={product.id} id={`product-${product.id}`} className="scroll-mt-24">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Thumbnail src={product.image_url} />
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
        </AdminTable>
      )}
      <Pagination page={filters.page} pageCount={pageCount} />
    </section>
  )
}
