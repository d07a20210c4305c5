import { invariantResponse } from '@epic-web/invariant'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ActionLink } from '#app/components/admin/action-link.tsx'
import { ComparisonForm } from '#app/components/admin/comparison-form.tsx'
import { ComparisonList } from '#app/components/admin/comparison-list.tsx'
import { DeleteDialog } from '#app/components/admin/delete-dialog.tsx'
import { PanelDialog } from '#app/components/admin/panel-dialog.tsx'
import { rowButton } from '#app/components/admin/styles.ts'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { firstErrorOf, FormErrors, intentOf } from '#app/components/forms.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getAdminComparison, listAdminComparisons } from '#app/models/comparison.server.ts'
import {
  COMPARISON_MAX_BODY_BYTES,
  COMPARISON_NOT_FOUND,
  ComparisonActionSchema,
  type ComparisonAction,
  type ComparisonIntent,
} from '#app/schemas/comparison.ts'
import { parseId } from '#app/schemas/params.ts'
import { createComparison, editComparison, removeComparison } from '#app/services/comparison.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/comparisons (docs/decisions/042): the owners' comparison tables, published at /compare/{slug}. Add, edit and
// delete are reached by links (?new, ?edit=id, ?delete=id), so all of it works without JavaScript; with it they
// open as modal dialogs. The writes are app/services/comparison.server.ts.

const LIST = '/admin/comparisons'

/** Each intent and the permission it needs (SPEC §6). */
const PERMISSIONS = { create: 'create', update: 'edit', delete: 'delete' } as const
const isIntent = (value: unknown): value is ComparisonIntent =>
  typeof value === 'string' && Object.hasOwn(PERMISSIONS, value)

const FAILED: Record<ComparisonIntent, string> = {
  create: 'Failed to create comparison',
  update: 'Failed to update comparison',
  delete: 'Failed to delete comparison',
}

type Panel = { mode: 'new' } | { mode: 'edit' | 'delete'; id: number }

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request, 'view')
  const url = requestUrl(request)
  // A form the role cannot use is not offered, whatever the address says.
  let panel: Panel | null = null
  if (url.searchParams.has('new') && can(user.role, 'create')) panel = { mode: 'new' }
  for (const mode of ['edit', 'delete'] as const) {
    if (!url.searchParams.has(mode) || !can(user.role, mode)) continue
    const id = parseId(url.searchParams.get(mode))
    invariantResponse(id !== null, COMPARISON_NOT_FOUND, { status: 404 })
    panel = { mode, id }
  }
  const [comparisons, target] = await Promise.all([
    listAdminComparisons(db),
    panel && panel.mode !== 'new' ? getAdminComparison(db, panel.id) : undefined,
  ])
  invariantResponse(panel?.mode === 'new' || !panel || target, COMPARISON_NOT_FOUND, { status: 404 })
  return data({ comparisons, panel, target: target ?? null }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const options = { maxBytes: COMPARISON_MAX_BODY_BYTES, permissions: PERMISSIONS }
  return writePanelForm(request, ComparisonActionSchema, options, write)
}

/** One function per intent: the write, then back to the list with its toast. */
async function write(actorId: number, form: ComparisonAction) {
  switch (form.intent) {
    case 'create': {
      const { intent: _intent, ...fields } = form
      const { slug } = await createComparison(actorId, fields)
      const description = `"${fields.name}" is at /compare/${slug}.`
      return redirectWithToast(LIST, { title: 'Comparison created successfully', description })
    }
    case 'update': {
      const { intent: _intent, id, ...fields } = form
      await editComparison(actorId, id, fields)
      const description = `"${fields.name}" is saved.`
      return redirectWithToast(LIST, { title: 'Comparison updated successfully', description })
    }
    case 'delete': {
      const { name } = await removeComparison(actorId, form.id)
      return redirectWithToast(LIST, { title: 'Comparison deleted successfully', description: `"${name}" is gone.` })
    }
  }
}

export const meta: MetaFunction = () => [{ title: 'Comparisons | Admin' }]

export default function AdminComparisons() {
  const { comparisons, panel, target } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  const may = { create: can(role, 'create'), edit: can(role, 'edit'), delete: can(role, 'delete') }
  const replied = intentOf(reply)
  // A refused add or edit answers inside its dialog; every other refusal above the list.
  const formShown = (panel?.mode === 'new' && replied === 'create') || (panel?.mode === 'edit' && replied === 'update')
  const href = (extra = '') => (extra ? `${LIST}?${extra}` : LIST)

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Comparisons</h1>
        <ActionLink allowed={may.create} to={href('new')} className={rowButton.primary}>
          Add Comparison
        </ActionLink>
      </div>

      {formShown ? null : (
        <FormErrors
          errors={firstErrorOf(reply)}
          title={isIntent(replied) ? FAILED[replied] : 'Failed to save comparison'}
        />
      )}

      {panel?.mode === 'new' ? (
        <PanelDialog labelledBy="comparison-dialog-title" closeTo={LIST}>
          <h2 id="comparison-dialog-title" className="mb-4 text-xl font-bold">
            Add Comparison
          </h2>
          <ComparisonForm action={href('new')} cancelTo={LIST} lastResult={replied === 'create' ? reply : undefined} />
        </PanelDialog>
      ) : null}
      {panel?.mode === 'edit' && target ? (
        <PanelDialog labelledBy="comparison-dialog-title" closeTo={LIST}>
          <h2 id="comparison-dialog-title" className="mb-4 text-xl font-bold">
            Edit {target.name}
          </h2>
          <ComparisonForm
            key={target.id}
            comparison={target}
            action={href(`edit=${target.id}`)}
            cancelTo={LIST}
            lastResult={replied === 'update' ? reply : undefined}
          />
        </PanelDialog>
      ) : null}
      {panel?.mode === 'delete' && target ? (
        <DeleteDialog
          title="Delete comparison"
          description={
            <>
              Delete {target.name}? Its page /compare/{target.slug} goes too. This cannot be undone.
            </>
          }
          action={LIST}
          id={target.id}
        />
      ) : null}

      <ComparisonList comparisons={comparisons} listHref={href} may={may} />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: LIST, label: 'Back to Comparisons' }, COMPARISON_NOT_FOUND)
