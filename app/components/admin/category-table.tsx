import { Form } from '@remix-run/react'
import { ActionLink } from './action-link.tsx'
import { rowButton } from './styles.ts'

export interface CategoryRow {
  id: number
  name: string
  slug: string
  description: string | null
  is_hidden: boolean
  product_count: number
}

/** The categories with their counts, status and each row's actions (those the role may use). */
export function CategoryTable({
  categories,
  q,
  listHref,
  may,
}: {
  categories: CategoryRow[]
  q: string
  listHref: (extra?: string) => string
  may: { edit: boolean; delete: boolean }
}) {
  if (categories.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
        {q ? `No categories match "${q}".` : 'No categories yet.'}
      </p>
    )
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm" aria-describedby="category-count">
        <caption id="category-count" className="px-4 py-3 text-left text-sm text-slate-700">
          {categories.length} {categories.length === 1 ? 'category' : 'categories'}
          {q ? ` matching "${q}"` : ''}. A category can be deleted only when it has no products.
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {['Name', 'Slug', 'Description', 'Products', 'Status', 'Actions'].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold text-slate-900">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {categories.map((category) => (
            <tr key={category.id}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {category.name}
              </th>
              <td className="px-4 py-3 font-mono text-slate-700">{category.slug}</td>
              <td className="max-w-xs px-4 py-3 text-slate-700">
                <span className="line-clamp-2">{category.description}</span>
              </td>
              <td className="px-4 py-3 text-slate-700">{category.product_count}</td>
              <td className="px-4 py-3">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    category.is_hidden ? 'bg-slate-200 text-slate-800' : 'bg-green-100 text-green-900'
                  }`}
                >
                  {category.is_hidden ? 'Hidden' : 'Active'}
                </span>
              </td>
              <td className="px-4 py-3">
                <div className="flex gap-2">
                  <Form method="post" action={listHref()}>
                    <input type="hidden" name="intent" value="toggle-visibility" />
                    <input type="hidden" name="id" value={category.id} />
                    <input type="hidden" name="hidden" value={String(!category.is_hidden)} />
                    <button type="submit" disabled={!may.edit} className={rowButton.secondary}>
                      {category.is_hidden ? 'Show' : 'Hide'}
                      <span className="sr-only"> {category.name}</span>
                    </button>
                  </Form>
                  <ActionLink allowed={may.edit} to={listHref(`edit=${category.id}`)} className={rowButton.secondary}>
                    Edit<span className="sr-only"> {category.name}</span>
                  </ActionLink>
                  <ActionLink
                    allowed={may.delete && category.product_count === 0}
                    to={listHref(`delete=${category.id}`)}
                    className={rowButton.danger}
                  >
                    Delete<span className="sr-only"> {category.name}</span>
                  </ActionLink>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
