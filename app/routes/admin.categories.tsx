import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  Form,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { FormAlert } from '#app/components/admin/auth-page.tsx'
import { PanelDialog } from '#app/components/admin/panel-dialog.tsx'
import { inputClass } from '#app/components/admin/styles.ts'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { FieldError } from '#app/components/field-error.tsx'
import { Link } from '#app/components/link.tsx'
import { logger } from '#app/lib/logger.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { EVERY_PAGE, type Invalidation } from '#app/lib/page-tags.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can, type Permission } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import {
  categorySlugExists,
  deleteCategory,
  getAdminCategory,
  insertCategory,
  isSlugTaken,
  isStillInUse,
  listAdminCategories,
  updateCategory,
} from '#app/models/category.server.ts'
import { CATEGORY_MAX_BODY_BYTES, CategorySchema } from '#app/schemas/category.ts'
import { parseId, searchText } from '#app/schemas/params.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { slugify } from '#app/utils/slug.ts'
import { db } from '#db/client.ts'

// /admin/categories (SPEC §2, §5, §6, §8): search, Add Category, edit, hide/show and delete.
// Forms and confirmations are reached by links (?new, ?edit=id, ?delete=id), so all of it works without
// JavaScript; with it they open as modal dialogs. Every write is one transaction with its audit row.

const SEARCH_MAX = 200

/** Each action's intent and the permission it needs (SPEC §6). */
const INTENTS = { create: 'create', update: 'edit', 'toggle-visibility': 'edit', delete: 'delete' } as const
type Intent = keyof typeof INTENTS
const isIntent = (value: unknown): value is Intent => typeof value === 'string' && Object.hasOwn(INTENTS, value)

const FAILED: Record<Intent, string> = {
  create: 'Failed to create category',
  update: 'Failed to update category',
  'toggle-visibility': 'Failed to update category',
  delete: 'Failed to delete category',
}
const NOT_FOUND = 'Category not found.'
const slugTaken = (slug: string) => `A category with the slug "${slug}" already exists.`
const stillInUse = (count: number) =>
  `This category still has ${count} ${count === 1 ? 'product' : 'products'}. Move or delete them first.`

type Panel = { mode: 'new' } | { mode: 'edit' | 'delete'; id: number }

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
  // A form the role cannot use is not offered, whatever the address says.
  let panel: Panel | null = null
  if (url.searchParams.has('new') && can(user.role, 'create')) panel = { mode: 'new' }
  for (const mode of ['edit', 'delete'] as const) {
    if (!url.searchParams.has(mode) || !can(user.role, mode)) continue
    const id = parseId(url.searchParams.get(mode))
    if (id === null) throw new Response(NOT_FOUND, { status: 404 })
    panel = { mode, id }
  }
  const [categories, target] = await Promise.all([
    listAdminCategories(db, q),
    panel && panel.mode !== 'new' ? getAdminCategory(db, panel.id) : undefined,
  ])
  if (panel && panel.mode !== 'new' && !target) throw new Response(NOT_FOUND, { status: 404 })
  return data({ q, categories, panel, target: target ?? null }, { headers: { 'Cache-Control': 'private, no-store' } })
}

interface CategoryReply {
  intent: Intent | null
  title: string
  message: string
  result?: SubmissionResult<string[]>
}

export async function action({ request }: ActionFunctionArgs) {
  // Read (bounded) before the check, because the intent decides which permission is needed; nothing in it
  // is looked at until the check has passed.
  // undefined: not a form at all (readFormData throws a 400 for it, answered below once the user is known).
  const formData = await readFormData(request, CATEGORY_MAX_BODY_BYTES).catch(() => undefined)
  const intent = formData?.get('intent')
  const user = await requirePanelUser(request, isIntent(intent) ? INTENTS[intent] : 'view')
  const q = readSearch(requestUrl(request))
  const back = listHref(q)

  const refuse = (reply: CategoryReply, status: number) => data(reply, { status })
  type Refusal = ReturnType<typeof refuse>
  /** The form back with its field messages; the first one is also the failure's message (SPEC §8). */
  const invalid = (result: SubmissionResult<string[]>, intent: Intent) => {
    const first = Object.values(result.error ?? {}).find((messages) => messages?.length)?.[0]
    return refuse({ intent, title: FAILED[intent], message: first ?? 'Please check the form.', result }, 400)
  }
  if (formData === null) {
    return refuse({ intent: null, title: 'Failed to save category', message: 'The form was too large to send.' }, 413)
  }
  if (!formData || !isIntent(intent)) {
    return refuse({ intent: null, title: 'Failed to save category', message: 'Unknown action.' }, 400)
  }
  const title = FAILED[intent]

  /** Runs a write; a database failure is answered with the intent's message instead of a 500. */
  const write = async <T,>(work: () => Promise<T>, onError?: (error: unknown) => Refusal | null) => {
    try {
      return { ok: true as const, value: await work() }
    } catch (error) {
      const known = onError?.(error)
      if (known) return { ok: false as const, reply: known }
      logger.error({ err: error, intent }, 'category write failed')
      return {
        ok: false as const,
        reply: refuse({ intent, title, message: 'The change could not be saved. Please try again.' }, 503),
      }
    }
  }

  if (intent === 'create') {
    const submission = parseWithZod(formData, { schema: CategorySchema })
    if (submission.status !== 'success') return invalid(submission.reply(), intent)
    const fields = submission.value
    const slug = slugify(fields.name)
    const taken = () =>
      refuse(
        { intent, title, message: slugTaken(slug), result: submission.reply({ formErrors: [slugTaken(slug)] }) },
        409,
      )
    const outcome = await write(
      () =>
        db.transaction().execute(async (trx) => {
          if (await categorySlugExists(trx, slug)) return null
          const created = await insertCategory(trx, { ...fields, slug })
          await writeAudit(trx, {
            actorId: user.id,
            entityType: 'CATEGORY',
            entityId: created.id,
            action: 'CREATE',
            diff: { ...fields, slug },
          })
          return created
        }),
      // Two adds of the same name at once: the pre-check passed for both, the unique index stops one.
      (error) => (isSlugTaken(error) ? taken() : null),
    )
    if (!outcome.ok) return outcome.reply
    if (!outcome.value) return taken()
    // Listed on the home page and the sitemap; no product is in it yet.
    await invalidatePages(['site', `category:${slug}`])
    return redirectWithToast(
      back,
      { title: 'Category created successfully', description: `"${fields.name}" is at /category/${slug}.` },
      { status: 303 },
    )
  }

  const id = parseId(formData.get('id'))
  if (id === null) return refuse({ intent, title, message: NOT_FOUND }, 400)

  if (intent === 'update') {
    const submission = parseWithZod(formData, { schema: CategorySchema })
    if (submission.status !== 'success') return invalid(submission.reply(), intent)
    const fields = submission.value
    const outcome = await write(() =>
      db.transaction().execute(async (trx) => {
        const before = await getAdminCategory(trx, id, { lock: true })
        if (!before) return null
        const diff = changedFields(before, fields)
        if (Object.keys(diff).length === 0) return { touched: null }
        await updateCategory(trx, id, fields)
        await writeAudit(trx, { actorId: user.id, entityType: 'CATEGORY', entityId: id, action: 'UPDATE', diff })
        // Its name is in the breadcrumbs of every product in it; its picture and text only on its page and home.
        const touched: Invalidation = diff.name ? EVERY_PAGE : ['site', `category:${before.slug}`]
        return { touched }
      }),
    )
    if (!outcome.ok) return outcome.reply
    if (!outcome.value) {
      return refuse({ intent, title, message: NOT_FOUND, result: submission.reply({ formErrors: [NOT_FOUND] }) }, 404)
    }
    if (outcome.value.touched) await invalidatePages(outcome.value.touched)
    return redirectWithToast(
      back,
      { title: 'Category updated successfully', description: `"${fields.name}" is saved.` },
      { status: 303 },
    )
  }

  if (intent === 'toggle-visibility') {
    const hidden = formData.get('hidden')
    if (hidden !== 'true' && hidden !== 'false') {
      return refuse({ intent, title, message: 'Choose whether to hide or show the category.' }, 400)
    }
    const isHidden = hidden === 'true'
    const outcome = await write(() =>
      db.transaction().execute(async (trx) => {
        const before = await getAdminCategory(trx, id, { lock: true })
        if (!before) return null
        // Asking for the state it is already in (a second click, another tab) changes nothing.
        if (before.is_hidden !== isHidden) {
          await updateCategory(trx, id, { is_hidden: isHidden })
          await writeAudit(trx, {
            actorId: user.id,
            entityType: 'CATEGORY',
            entityId: id,
            action: isHidden ? 'HIDE' : 'SHOW',
            diff: { is_hidden: { from: before.is_hidden, to: isHidden } },
          })
        }
        return { name: before.name, changed: before.is_hidden !== isHidden }
      }),
    )
    if (!outcome.ok) return outcome.reply
    if (!outcome.value) return refuse({ intent, title, message: NOT_FOUND }, 404)
    // Its products' pages lose or regain its breadcrumb, besides its own page and the lists.
    if (outcome.value.changed) await invalidatePages(EVERY_PAGE)
    return redirectWithToast(
      back,
      {
        title: 'Category updated successfully',
        description: `"${outcome.value.name}" is now ${isHidden ? 'hidden' : 'active'}.`,
      },
      { status: 303 },
    )
  }

  // delete
  const outcome = await write(
    () =>
      db
        .transaction()
        .execute(async (trx): Promise<{ refused: string; status: number } | { deleted: string; slug: string }> => {
          const before = await getAdminCategory(trx, id, { lock: true })
          if (!before) return { refused: NOT_FOUND, status: 404 }
          if (before.product_count > 0) return { refused: stillInUse(before.product_count), status: 409 }
          await deleteCategory(trx, id)
          const { product_count: _count, id: _id, ...gone } = before
          await writeAudit(trx, {
            actorId: user.id,
            entityType: 'CATEGORY',
            entityId: id,
            action: 'DELETE',
            diff: gone,
          })
          return { deleted: before.name, slug: before.slug }
        }),
    // A product added to it meanwhile: the foreign key refuses the delete and the transaction rolls back.
    (error) =>
      isStillInUse(error)
        ? refuse({ intent, title, message: 'This category still has products. Move or delete them first.' }, 409)
        : null,
  )
  if (!outcome.ok) return outcome.reply
  if ('refused' in outcome.value) return refuse({ intent, title, message: outcome.value.refused }, outcome.value.status)
  // Only an empty category can go (hidden products count too): no product page named it.
  await invalidatePages(['site', `category:${outcome.value.slug}`])
  return redirectWithToast(
    back,
    { title: 'Category deleted successfully', description: `"${outcome.value.deleted}" is gone.` },
    { status: 303 },
  )
}

export const meta: MetaFunction = () => [{ title: 'Categories | Admin' }]

const buttonClass =
  'inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:border disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600'
const primaryClass = `${buttonClass} bg-slate-900 text-white hover:bg-slate-700`
const secondaryClass = `${buttonClass} border border-slate-400 bg-white text-slate-900 hover:bg-slate-100`
const dangerClass = `${buttonClass} bg-red-700 text-white hover:bg-red-800`

export default function AdminCategories() {
  const { q, categories, panel, target } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  const may = { create: can(role, 'create'), edit: can(role, 'edit'), delete: can(role, 'delete') }
  const list = listHref(q)
  const formShown =
    (panel?.mode === 'new' && reply?.intent === 'create') || (panel?.mode === 'edit' && reply?.intent === 'update')

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Categories</h1>
        <ActionLink allowed={may.create} to={listHref(q, 'new')} className={primaryClass}>
          Add Category
        </ActionLink>
      </div>

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
        <button type="submit" className={secondaryClass}>
          Search
        </button>
        {q ? (
          <Link to="/admin/categories" className="px-2 py-1.5 text-sm font-medium text-slate-700 underline">
            Clear search
          </Link>
        ) : null}
      </Form>

      {reply && !formShown ? <FormAlert title={reply.title} message={reply.message} /> : null}

      {panel?.mode === 'new' ? (
        <PanelDialog labelledBy="category-dialog-title" closeTo={list}>
          <h2 id="category-dialog-title" className="mb-4 text-xl font-bold">
            Add Category
          </h2>
          <CategoryForm
            action={listHref(q, 'new')}
            cancelTo={list}
            reply={reply?.intent === 'create' ? reply : undefined}
          />
        </PanelDialog>
      ) : null}
      {panel?.mode === 'edit' && target ? (
        <PanelDialog labelledBy="category-dialog-title" closeTo={list}>
          <h2 id="category-dialog-title" className="mb-4 text-xl font-bold">
            Edit {target.name}
          </h2>
          <CategoryForm
            key={target.id}
            category={target}
            action={listHref(q, `edit=${target.id}`)}
            cancelTo={list}
            reply={reply?.intent === 'update' ? reply : undefined}
          />
        </PanelDialog>
      ) : null}
      {panel?.mode === 'delete' && target ? (
        <PanelDialog alert labelledBy="delete-dialog-title" describedBy="delete-dialog-description" closeTo={list}>
          <h2 id="delete-dialog-title" className="text-xl font-bold">
            Delete category
          </h2>
          {target.product_count > 0 ? (
            <p id="delete-dialog-description" className="mt-2 text-slate-700">
              {stillInUse(target.product_count)}
            </p>
          ) : (
            <p id="delete-dialog-description" className="mt-2 text-slate-700">
              Delete {target.name}? This cannot be undone.
            </p>
          )}
          <Form method="post" action={list} className="mt-6 flex gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={target.id} />
            <button type="submit" className={dangerClass} disabled={target.product_count > 0}>
              Confirm
            </button>
            <Link to={list} data-autofocus preventScrollReset className={secondaryClass}>
              Cancel
            </Link>
          </Form>
        </PanelDialog>
      ) : null}

      <CategoryTable categories={categories} q={q} may={may} />
    </div>
  )
}

type CategoryRow = ReturnType<typeof useLoaderData<typeof loader>>['categories'][number]

function CategoryTable({
  categories,
  q,
  may,
}: {
  categories: CategoryRow[]
  q: string
  may: Record<Exclude<Permission, 'view'>, boolean>
}) {
  const list = listHref(q)
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
                  <Form method="post" action={list}>
                    <input type="hidden" name="intent" value="toggle-visibility" />
                    <input type="hidden" name="id" value={category.id} />
                    <input type="hidden" name="hidden" value={String(!category.is_hidden)} />
                    <button type="submit" disabled={!may.edit} className={secondaryClass}>
                      {category.is_hidden ? 'Show' : 'Hide'}
                      <span className="sr-only"> {category.name}</span>
                    </button>
                  </Form>
                  <ActionLink allowed={may.edit} to={listHref(q, `edit=${category.id}`)} className={secondaryClass}>
                    Edit<span className="sr-only"> {category.name}</span>
                  </ActionLink>
                  <ActionLink
                    allowed={may.delete && category.product_count === 0}
                    to={listHref(q, `delete=${category.id}`)}
                    className={dangerClass}
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

/** A link to a form or confirmation; a disabled button when it may not be used (links cannot be disabled). */
function ActionLink({
  allowed,
  to,
  className,
  children,
}: {
  allowed: boolean
  to: string
  className: string
  children: ReactNode
}) {
  if (!allowed) {
    return (
      <button type="button" disabled className={className}>
        {children}
      </button>
    )
  }
  return (
    <Link to={to} preventScrollReset className={className}>
      {children}
    </Link>
  )
}

function CategoryForm({
  category,
  action,
  cancelTo,
  reply,
}: {
  category?: { id: number; name: string; slug: string; description: string | null; image_url: string | null }
  action: string
  cancelTo: string
  reply?: CategoryReply
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formAction === action
  const [form, fields] = useForm({
    id: category ? `category-${category.id}` : 'category-new',
    lastResult: reply?.result,
    defaultValue: category
      ? { name: category.name, description: category.description ?? '', image_url: category.image_url ?? '' }
      : undefined,
    constraint: getZodConstraint(CategorySchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategorySchema }),
  })
  const slugHint = `${fields.name.id}-slug`
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text', ariaDescribedBy: slugHint })
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description)
  const { key: imageKey, ...imageProps } = getInputProps(fields.image_url, {
    type: 'text',
    ariaDescribedBy: `${fields.image_url.id}-hint`,
  })
  const slug = category ? category.slug : slugify(typeof fields.name.value === 'string' ? fields.name.value : '')

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={category ? 'update' : 'create'} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      {/* From the server's answer, not from browser-side validation, so it does not jump while typing. */}
      {reply ? <FormAlert id={form.errorId} title={reply.title} message={reply.message} /> : null}
      <div>
        <label htmlFor={fields.name.id} className="block text-sm font-medium">
          Name
        </label>
        <input key={nameKey} {...nameProps} className={inputClass} />
        <p id={slugHint} className="mt-1 text-sm text-slate-600">
          Slug: <span className="font-mono">{slug || '—'}</span>
          {category ? ' (it stays the same when the name changes)' : ' (made from the name)'}
        </p>
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="block text-sm font-medium">
          Description (optional)
        </label>
        <textarea key={descriptionKey} {...descriptionProps} rows={3} className={inputClass} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div>
        <label htmlFor={fields.image_url.id} className="block text-sm font-medium">
          Image URL (optional)
        </label>
        <input key={imageKey} {...imageProps} inputMode="url" className={inputClass} />
        <p id={`${fields.image_url.id}-hint`} className="mt-1 text-sm text-slate-600">
          An https:// address or a path on this site, such as /images/categories/bags.svg.
        </p>
        <FieldError id={fields.image_url.errorId} errors={fields.image_url.errors} />
      </div>
      <div className="flex gap-3">
        <button type="submit" disabled={saving} className={primaryClass}>
          {saving ? 'Saving...' : category ? 'Save Changes' : 'Add Category'}
        </button>
        <Link to={cancelTo} preventScrollReset className={secondaryClass}>
          Cancel
        </Link>
      </div>
    </Form>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    status === 404
      ? NOT_FOUND
      : status === 403
        ? 'Your role does not allow this.'
        : 'Something went wrong. Please try again in a moment.'
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold">{message}</h1>
      <Link to="/admin/categories" className="font-medium text-brand-700 underline">
        Back to Categories
      </Link>
    </div>
  )
}
