import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { CategoryForm } from '#app/components/admin/category-form.tsx'
import { CategoryTable } from '#app/components/admin/category-table.tsx'
import { DeleteDialog } from '#app/components/admin/delete-dialog.tsx'
import { RecordFormDialogs, RecordListHeading } from '#app/components/admin/record-list.tsx'
import { rowButton } from '#app/components/admin/styles.ts'
import { useRecordPermissions } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { Link } from '#app/components/link.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { readRecordPanel } from '#app/lib/record-panel.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getAdminCategory, listAdminCategories } from '#app/models/category.server.ts'
import {
  CATEGORY_MAX_BODY_BYTES,
  CATEGORY_NOT_FOUND,
  CategoryActionSchema,
  stillInUse,
  type CategoryAction,
  type CategoryIntent,
} from '#app/schemas/category.ts'
import { searchText } from '#app/schemas/params.ts'
import { createCategory, editCategory, removeCategory, setCategoryHidden } from '#app/services/category.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/categories (SPEC §2, §5, §6, §8): search, Add Category, edit, hide/show and delete.
// Forms and confirmations are reached by links (?new, ?edit=id, ?delete=id), so all of it works without
// JavaScript; with it they open as modal dialogs. The writes are app/services/category.server.ts.

const SEARCH_MAX = 200

/** Each intent and the permission it needs (SPEC §6). */
const PERMISSIONS = { create: 'create', update: 'edit', 'toggle-visibility': 'edit', delete: 'delete' } as const

const FAILED: Record<CategoryIntent, string> = {
  create: 'Failed to create category',
  update: 'Failed to update category',
  'toggle-visibility': 'Failed to update category',
  delete: 'Failed to delete category',
}

/** The list's search, as the address carries it. */
const readSearch = (url: URL) => searchText(SEARCH_MAX).parse(url.searchParams.get('q') ?? undefined)

/** The list's address, keeping the search. */
function listHref(q: string, extra = ''): string {
  const params = new URLSearchParams(q ? { q } : {})
  const query = [params.toString(), extra].filter(Boolean).join('&')
  return `/admin/categories${query ? `?${query}` : ''}`
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request, 'view')
  const url = requestUrl(request)
  const q = readSearch(url)
  const [categories, dialog] = await Promise.all([
    listAdminCategories(db, q),
    readRecordPanel(url, user.role, (id) => getAdminCategory(db, id), CATEGORY_NOT_FOUND),
  ])
  return data({ q, categories, ...dialog }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const back = listHref(readSearch(requestUrl(request)))
  const options = { maxBytes: CATEGORY_MAX_BODY_BYTES, permissions: PERMISSIONS }
  return writePanelForm(request, CategoryActionSchema, options, (actorId, form) => write(actorId, form, back))
}

/** One function per intent: the write, then back to the list with its toast. */
async function write(actorId: number, form: CategoryAction, back: string) {
  switch (form.intent) {
    case 'create': {
      const { intent: _intent, ...fields } = form
      const { slug } = await createCategory(actorId, fields)
      const description = `"${fields.name}" is at /category/${slug}.`
      return redirectWithToast(back, { title: 'Category created successfully', description })
    }
    case 'update': {
      const { intent: _intent, id, ...fields } = form
      await editCategory(actorId, id, fields)
      return redirectWithToast(back, {
        title: 'Category updated successfully',
        description: `"${fields.name}" is saved.`,
      })
    }
    case 'toggle-visibility': {
      const hidden = form.hidden === 'true'
      const { name } = await setCategoryHidden(actorId, form.id, hidden)
      const description = `"${name}" is now ${hidden ? 'hidden' : 'active'}.`
      return redirectWithToast(back, { title: 'Category updated successfully', description })
    }
    case 'delete': {
      const { name } = await removeCategory(actorId, form.id)
      return redirectWithToast(back, { title: 'Category deleted successfully', description: `"${name}" is gone.` })
    }
  }
}

export const meta: MetaFunction = () => [{ title: 'Categories | Admin' }]

export default function AdminCategories() {
  const loaded = useLoaderData<typeof loader>()
  const { q, categories, panel, target } = loaded
  const may = useRecordPermissions()
  const list = listHref(q)

  return (
    <div className="space-y-6">
      <RecordListHeading title="Categories" addLabel="Add Category" addTo={listHref(q, 'new')} allowed={may.create} />

      <Form method="get" action="/admin/categories" role="search" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="category-search" className="block text-sm font-medium">
            Search categories
          </label>
          <input
            key={q}
            id="category-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            placeholder="Name or description"
            className="mt-1 w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-1.5"
          />
        </div>
        <button type="submit" className={rowButton.secondary}>
          Search
        </button>
        {q ? (
          <Link to="/admin/categories" className="px-2 py-1.5 text-sm font-medium text-slate-700 underline">
            Clear search
          </Link>
        ) : null}
      </Form>

      <RecordFormDialogs
        noun="category"
        dialog={loaded}
        failed={FAILED}
        href={(extra) => listHref(q, extra)}
        form={({ record, ...props }) => <CategoryForm key={record?.id} category={record} {...props} />}
      />
      {panel?.mode === 'delete' && target ? (
        <DeleteDialog
          title="Delete category"
          description={
            target.product_count > 0 ? (
              stillInUse(target.product_count)
            ) : (
              <>Delete {target.name}? This cannot be undone.</>
            )
          }
          action={list}
          id={target.id}
          disabled={target.product_count > 0}
        />
      ) : null}

      <CategoryTable categories={categories} q={q} listHref={(extra) => listHref(q, extra)} may={may} />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary(
  { to: '/admin/categories', label: 'Back to Categories' },
  CATEGORY_NOT_FOUND,
)
