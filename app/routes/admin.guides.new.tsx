import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { EditorHeading } from '#app/components/admin/editor-heading.tsx'
import { GuideEditor, type EditedGuide } from '#app/components/admin/guide-editor.tsx'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { documentAction, editorCover, guideSavedToast } from '#app/lib/content/document-editor.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { NewGuideActionSchema } from '#app/schemas/document.ts'
import { saveGuide } from '#app/services/document.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'

// /admin/guides/new (docs/decisions/052): the guide editor before the first save, which makes the guide a draft,
// publishes it or schedules it, and then goes on at /admin/guides/{id}. "Preview" saves nothing.

const PATH = '/admin/guides/new'

/** Each intent and the permission it needs: every one of them starts a guide. */
const PERMISSIONS = { save: 'create', publish: 'create', schedule: 'create', preview: 'create' } as const

const EMPTY: EditedGuide = {
  state: 'new',
  revision: 0,
  title: '',
  slug: '',
  summary: '',
  body: '',
  lastReviewedOn: '',
  seoTitle: '',
  noindex: false,
  publishAt: '',
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'create')
  const cover = await editorCover(requestUrl(request), null)
  return data({ cover, timeZone: getEnv().REFRESH_TZ }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  return documentAction(request, NewGuideActionSchema, {
    permissions: PERMISSIONS,
    target: () => null,
    async write(actorId, _none, form) {
      const saved = await saveGuide(actorId, null, form)
      return redirectWithToast(`/admin/guides/${saved.id}`, guideSavedToast(form.intent, saved))
    },
  })
}

export const meta: MetaFunction = () => [{ title: 'New guide | Admin' }]

export default function NewGuide() {
  const { cover, timeZone } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <EditorHeading back="/admin/guides" backLabel="All guides" title="New guide" />
      <GuideEditor
        guide={EMPTY}
        cover={cover}
        canWrite
        lastResult={reply}
        pickerHref={`/admin/media/picker?returnTo=${encodeURIComponent(PATH)}`}
        timeZone={timeZone}
      />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: '/admin/guides', label: 'Back to Guides' })
