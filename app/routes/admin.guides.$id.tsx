import { invariantResponse } from '@epic-web/invariant'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DeleteDialog } from '#app/components/admin/delete-dialog.tsx'
import { StatusBadge } from '#app/components/admin/document-list.tsx'
import { RevisionHistory } from '#app/components/admin/document-revisions.tsx'
import { SavedEditorHeading } from '#app/components/admin/editor-heading.tsx'
import { GuideEditor, type GuideState } from '#app/components/admin/guide-editor.tsx'
import { rowButton } from '#app/components/admin/styles.ts'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { firstErrorOf, FormErrors, intentOf } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import {
  calendarDay,
  documentAction,
  editorCover,
  guideSavedToast,
  revisionHistory,
  withWarnings,
} from '#app/lib/content/document-editor.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getAdminDocument } from '#app/models/document.server.ts'
import { GUIDE_NOT_FOUND, GuideActionSchema, type GuideAction } from '#app/schemas/document.ts'
import { parseId } from '#app/schemas/params.ts'
import { removeGuide, restoreRevision, saveGuide } from '#app/services/document.server.ts'
import { formatDateTime, toWallTime } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/guides/{id} (docs/decisions/052): the guide editor. One form, whose buttons save, publish, schedule or
// unpublish it, or preview it without saving; its revisions, each compared with the current text (?diff=N) or
// restored; and, for an admin, Delete, confirmed at ?delete (a dialog with JavaScript, a section without).

const LIST = '/admin/guides'

/** Each intent and the permission it needs. */
const PERMISSIONS = {
  save: 'edit',
  publish: 'edit',
  schedule: 'edit',
  unpublish: 'edit',
  preview: 'edit',
  restore: 'edit',
  delete: 'delete',
} as const

function guideId(params: { id?: string }): number {
  const id = parseId(params.id)
  invariantResponse(id !== null, GUIDE_NOT_FOUND, { status: 404 })
  return id
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request, 'view')
  const id = guideId(params)
  const url = requestUrl(request)
  const guide = await getAdminDocument(db, id)
  invariantResponse(guide?.kind === 'guide', GUIDE_NOT_FOUND, { status: 404 })
  const timeZone = getEnv().REFRESH_TZ
  const [cover, history] = await Promise.all([editorCover(url, guide.cover_media_id), revisionHistory(guide, url)])
  const state = guide.status as Exclude<GuideState, 'new'>
  const at = state === 'scheduled' ? guide.publish_at : state === 'published' ? guide.published_at : null
  return data(
    {
      id,
      guide: {
        state,
        revision: guide.revision,
        title: guide.title,
        slug: guide.slug,
        summary: guide.summary,
        body: guide.body,
        lastReviewedOn: calendarDay(guide.last_reviewed_on),
        seoTitle: guide.seo_title ?? '',
        noindex: guide.noindex,
        publishAt: guide.publish_at ? toWallTime(guide.publish_at, timeZone) : '',
      },
      publishing: at
        ? `${state === 'scheduled' ? 'Scheduled for' : 'Published'} ${formatDateTime(at, timeZone)}`
        : null,
      cover,
      ...history,
      timeZone,
      // The confirmation is only offered to a role that may delete, whatever the address says.
      deleting: url.searchParams.has('delete') && can(user.role, 'delete'),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ params, request }: ActionFunctionArgs) {
  return documentAction(request, GuideActionSchema, {
    permissions: PERMISSIONS,
    target: () => guideId(params),
    context: (id) => ({ guideId: id }),
    write,
  })
}

/** One function per intent: the write, then the editor again (or the list, after a delete) with its toast. */
async function write(actorId: number, id: number, form: Exclude<GuideAction, { intent: 'preview' }>) {
  const here = `${LIST}/${id}`
  switch (form.intent) {
    case 'restore':
      const warnings = await restoreRevision(actorId, 'guide', id, form.restore, form.revision)
      return redirectWithToast(here, withWarnings({ title: `Revision ${form.restore} restored` }, warnings))
    case 'delete': {
      const { title } = await removeGuide(actorId, id)
      return redirectWithToast(LIST, { title: 'Guide deleted', description: `"${title}" is gone.` })
    }
    default: {
      const saved = await saveGuide(actorId, id, form)
      return redirectWithToast(here, guideSavedToast(form.intent, saved))
    }
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.guide.title} | Admin` : 'Guide not found | Admin' },
]

export default function EditGuide() {
  const { id, guide, publishing, cover, revisions, diff, timeZone, deleting } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  const path = `${LIST}/${id}`
  const replied = intentOf(reply)
  return (
    <div className="space-y-8">
      <SavedEditorHeading
        back={LIST}
        backLabel="All guides"
        title="Edit guide"
        noun="guide"
        canWrite={can(role, 'edit')}
      >
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <StatusBadge status={guide.state} />
          {publishing ? <span>{publishing}</span> : null}
          <span className="font-mono">/guides/{guide.slug}</span>
        </p>
      </SavedEditorHeading>

      <GuideEditor
        key={guide.revision}
        guide={guide}
        cover={cover}
        canWrite={can(role, 'edit')}
        lastResult={replied === 'restore' || replied === 'delete' ? undefined : reply}
        pickerHref={`/admin/media/picker?returnTo=${encodeURIComponent(path)}`}
        timeZone={timeZone}
      />

      {can(role, 'delete') ? (
        <section aria-labelledby="delete-heading" className="space-y-3 border-t border-slate-200 pt-6">
          <h2 id="delete-heading" className="text-xl font-bold">
            Delete
          </h2>
          <FormErrors errors={replied === 'delete' ? firstErrorOf(reply) : null} title="Failed to delete guide" />
          <Link to={`${path}?delete#delete-dialog-title`} preventScrollReset className={rowButton.danger}>
            Delete guide
          </Link>
        </section>
      ) : null}
      {deleting ? (
        <DeleteDialog
          title="Delete guide"
          description={
            <>
              Delete {guide.title}? Its page /guides/{guide.slug} and all its revisions go too. This cannot be undone.
            </>
          }
          action={path}
        />
      ) : null}

      <RevisionHistory revisions={revisions} current={guide.revision} diff={diff} pagePath={path} />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: LIST, label: 'Back to Guides' }, GUIDE_NOT_FOUND)
