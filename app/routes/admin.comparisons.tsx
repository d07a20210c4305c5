import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ComparisonForm } from '#app/components/admin/comparison-form.tsx'
import { ComparisonList } from '#app/components/admin/comparison-list.tsx'
import { DeleteDialog } from '#app/components/admin/delete-dialog.tsx'
import { RecordFormDialogs, RecordListHeading } from '#app/components/admin/record-list.tsx'
import { useRecordPermissions } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { readRecordPanel } from '#app/lib/record-panel.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getAdminComparison, listAdminComparisons } from '#app/models/comparison.server.ts'
import {
  COMPARISON_MAX_BODY_BYTES,
  COMPARISON_NOT_FOUND,
  ComparisonActionSchema,
  type ComparisonAction,
  type ComparisonIntent,
} from '#app/schemas/comparison.ts'
import { createComparison, editComparison, removeComparison } from '#app/services/comparison.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/comparisons (docs/decisions/042): the owners' comparison tables, published at /compare/{slug}. Add, edit and
// delete are reached by links (?new, ?edit=id, ?delete=id), so all of it works without JavaScript; with it they
// open as modal dialogs. The writes are app/services/comparison.server.ts.

const LIST = '/admin/comparisons'

/** Each intent and the permission it needs (SPEC §6). */
const PERMISSIONS = { create: 'create', update: 'edit', delete: 'delete' } as const

const FAILED: Record<ComparisonIntent, string> = {
  create: 'Failed to create comparison',
  update: 'Failed to update comparison',
  delete: 'Failed to delete comparison',
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request, 'view')
  const [comparisons, dialog] = await Promise.all([
    listAdminComparisons(db),
    readRecordPanel(requestUrl(request), user.role, (id) => getAdminComparison(db, id), COMPARISON_NOT_FOUND),
  ])
  return data({ comparisons, ...dialog }, { headers: { 'Cache-Control': 'private, no-store' } })
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
  const loaded = useLoaderData<typeof loader>()
  const { comparisons, panel, target } = loaded
  const may = useRecordPermissions()
  const href = (extra = '') => (extra ? `${LIST}?${extra}` : LIST)

  return (
    <div className="space-y-6">
      <RecordListHeading title="Comparisons" addLabel="Add Comparison" addTo={href('new')} allowed={may.create} />

      <RecordFormDialogs
        noun="comparison"
        dialog={loaded}
        failed={FAILED}
        href={href}
        form={({ record, ...props }) => <ComparisonForm key={record?.id} comparison={record} {...props} />}
      />
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
